// The real server's API as the browser journeys use it behind the browser's back: to look up products and stock, and
// to make customers and orders the way another shopper would.
import { outbox } from './harness';

export interface Datum {
  externalId: string;
  productName: string;
}

export interface Shopper {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  mobileNumber: string;
}

type Init = { method?: string; json?: unknown; headers?: Record<string, string> };

export function shopApi(baseUrl: string) {
  async function api<T>(path: string, init?: Init): Promise<T> {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method: init?.method ?? 'GET',
      headers: { ...(init?.json ? { 'content-type': 'application/json' } : {}), ...init?.headers },
      body: init?.json ? JSON.stringify(init.json) : undefined,
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (response.headers.get('content-type') ?? '').includes('json') ? ((await response.json()) as T) : ((await response.text()) as T);
  }

  /** The newest 6-digit code mailed to an address. */
  async function latestCode(email: string): Promise<string> {
    const [mail] = await outbox(baseUrl, email);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code was mailed to ${email}`);
    return code;
  }

  return {
    api,
    latestCode,

    /** Products of a sub-category, from the public catalogue. */
    async productsOf(category: string, sub: string): Promise<Datum[]> {
      const { products } = await api<{
        products: { SubProductCategories: { subCategoryName: string; ProductSubProducts: { ProductDatum: Datum }[] }[] }[];
      }>(`allflowers?category_name=${encodeURIComponent(category)}`);
      return products[0]!.SubProductCategories.find((s) => s.subCategoryName === sub)!.ProductSubProducts.map((p) => p.ProductDatum);
    },

    async stockOf(externalId: string): Promise<number> {
      return (await api<{ flowerDetail: { quantity: number } }>(`flowerdetail/${externalId}`)).flowerDetail.quantity;
    },

    /** A registered customer, made through the real sign-up API with the code from the dev outbox. */
    async register(shopper: Shopper): Promise<void> {
      const { email, firstName, lastName, mobileNumber, password } = shopper;
      await api('createuser', { method: 'POST', json: { email, firstName, lastName, mobileNumber } });
      await api('verifyotp', { method: 'POST', json: { email, otp: await latestCode(email) } });
      await api('createpassword', { method: 'POST', json: { email, password } });
    },

    /** Signs in through the API: the user's id and the access token to send as `authorization`. */
    async signIn(shopper: Pick<Shopper, 'email' | 'password'>): Promise<{ userExtId: string; authorization: string }> {
      return api('loginapi', { method: 'POST', json: { email: shopper.email, password: shopper.password } });
    },
  };
}
