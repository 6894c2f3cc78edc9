// The real server's API as the browser journeys use it behind the browser's back: to look up products and stock, and
// to make customers and orders the way another shopper would.
import { deliveryKinds } from '../../domain/delivery-kind';
import type { DeliveryKind } from '../../domain/delivery-kind';
import { firstOpenChoice } from '../../domain/delivery-schedule';
import type { DeliveryChoice, DeliverySchedule } from '../../domain/delivery-schedule';
import type { AdminCategory, AdminProduct, AdminSubCategory } from '../../domain/admin-catalog';
import type { ContactMessageRecord } from '../../domain/admin-messages';
import type { GiftMessage } from '../../domain/gift-message';
import type { NeverPurchasedUser, PurchaseRecord } from '../../domain/admin-orders';
import type { ServiceArea, ServiceAreaRequest } from '../../domain/service-area';
import type { AccountOrder } from '../../domain/account';
import type { CartReply } from '../../domain/cart';
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

/** A delivery address as the checkout forms send it (country is added). */
export interface DeliveryAddress {
  fullName: string;
  address: string;
  locality: string;
  landmark: string;
  phoneNumber: string;
  pincode: string;
  city: string;
  state: string;
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

  /** A customer's id and access token, signed in through the API. */
  async function session(shopper: Pick<Shopper, 'email' | 'password'>): Promise<{ userExtId: string; authorization: string }> {
    return api('loginapi', { method: 'POST', json: { email: shopper.email, password: shopper.password } });
  }

  /** The first open date (and slot) of each delivery the customer's bag needs, as a shopper taking the picker's first offer. */
  async function firstDeliveries(userExtId: string, headers: Record<string, string>): Promise<DeliveryChoice[]> {
    const bag = await api<{ productList: { productItem: { ProductDatum: { deliveryKind: DeliveryKind } } }[] }>(`user/${userExtId}/cart`, { headers });
    const kinds = new Set(bag.productList.map((line) => line.productItem.ProductDatum.deliveryKind));
    const choices = await Promise.all(
      deliveryKinds.filter((kind) => kinds.has(kind)).map(async (kind) => firstOpenChoice(await api<DeliverySchedule>(`delivery/schedule?kind=${kind}`))),
    );
    return choices.filter((choice) => choice !== null);
  }

  return {
    api,
    latestCode,
    firstDeliveries,

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
      const verified = await fetch(`${baseUrl}/api/verifyotp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, otp: await latestCode(email) }),
      });
      if (!verified.ok) throw new Error(`verifyotp answered ${verified.status}: ${await verified.text()}`);
      // createpassword answers only the client that verified the code: it sends back the proof cookie, as a browser would.
      const proof = verified.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
      await api('createpassword', { method: 'POST', json: { email, password }, headers: { cookie: proof } });
    },

    /** Signs in through the API: the user's id and the access token to send as `authorization`. */
    async signIn(shopper: Pick<Shopper, 'email' | 'password'>): Promise<{ userExtId: string; authorization: string }> {
      return api('loginapi', { method: 'POST', json: { email: shopper.email, password: shopper.password } });
    },

    /**
     * A paid order, made as the checkout page makes it: one unit of the product into the customer's bag, a saved
     * address, the invoice (the picker's first offers unless `deliveries` are given; a gift card when given), the
     * sandbox's success card and the verify. Answers the order number the customer sees.
     */
    async paidOrder(
      shopper: Pick<Shopper, 'email' | 'password'>,
      productExtId: string,
      address: DeliveryAddress,
      chosen: { deliveries?: DeliveryChoice[]; gift?: GiftMessage } = {},
    ): Promise<string> {
      const { userExtId, authorization } = await api<{ userExtId: string; authorization: string }>('loginapi', {
        method: 'POST',
        json: { email: shopper.email, password: shopper.password },
      });
      const headers = { authorization };
      await api('createusercart', { method: 'POST', json: { productExtId, userId: userExtId }, headers });
      const saved = await api<{ id: number }>('createlogincheckout', { method: 'POST', json: { ...address, country: 'India', userId: userExtId }, headers });
      const deliveries = chosen.deliveries ?? (await firstDeliveries(userExtId, headers));
      const invoice = await api<{ orderValueId: string }>(`user/${userExtId}/checkoutinvoice`, {
        method: 'POST',
        json: { addressId: saved.id, deliveries, gift: chosen.gift ?? null },
        headers,
      });
      const payment = await api<Record<string, string>>('payment/sandbox/pay', {
        method: 'POST',
        json: { orderId: invoice.orderValueId, cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' },
      });
      const verified = await api<{ message: string }>('payment/verify', { method: 'POST', json: payment, headers });
      if (verified.message !== 'success') throw new Error(`payment/verify answered ${JSON.stringify(verified)}`);
      return invoice.orderValueId;
    },

    /** The customer pays the same order again (a second tab, a retried dialog): the sandbox's card and verify once more. */
    async payAgain(authorization: string, orderNumber: string): Promise<void> {
      const payment = await api<Record<string, string>>('payment/sandbox/pay', {
        method: 'POST',
        json: { orderId: orderNumber, cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' },
      });
      await api('payment/verify', { method: 'POST', json: payment, headers: { authorization } });
    },

    /** A product as its page shows it: name, selling price (rupees) and units in stock. */
    async productOf(externalId: string): Promise<{ productName: string; sellingPrice: number; quantity: number }> {
      return (await api<{ flowerDetail: { productName: string; sellingPrice: number; quantity: number } }>(`flowerdetail/${externalId}`)).flowerDetail;
    },

    /** The code in the newest mail to an address whose subject matches (the order mails carry other numbers). */
    async codeMailed(email: string, subject: RegExp): Promise<string> {
      const mail = (await outbox(baseUrl, email)).find((candidate) => subject.test(candidate.subject));
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no mail to ${email} with a subject like ${subject} holds a code`);
      return code;
    },

    /** One unit of a product into a customer's own bag, through the API (as if added earlier on another device). */
    async addToAccountBag(shopper: Pick<Shopper, 'email' | 'password'>, productExtId: string): Promise<void> {
      const { userExtId, authorization } = await session(shopper);
      await api('createusercart', { method: 'POST', json: { productExtId, userId: userExtId }, headers: { authorization } });
    },

    /** A customer's bag as the server holds it. */
    async bagOf(shopper: Pick<Shopper, 'email' | 'password'>): Promise<CartReply> {
      const { userExtId, authorization } = await session(shopper);
      return api<CartReply>(`user/${userExtId}/cart`, { headers: { authorization } });
    },

    /** A customer's paid orders as the Orders tab reads them, newest first. */
    async ordersOf(shopper: Pick<Shopper, 'email' | 'password'>): Promise<AccountOrder[]> {
      const { userExtId, authorization } = await session(shopper);
      return api<AccountOrder[]>(`userorderslist?id=${encodeURIComponent(userExtId)}`, { headers: { authorization } });
    },

    /** The admin's reads, for checking what the admin screens saved (`authorization` from signIn as the admin). */
    admin(authorization: string) {
      const get = <T>(path: string) => api<T>(path, { headers: { authorization } });
      return {
        categories: () => get<AdminCategory[]>('flowercategorylist'),
        subCategories: () => get<AdminSubCategory[]>('subflowercategorylist'),
        products: () => get<AdminProduct[]>('getproductdata'),
        product: (externalId: string) => get<AdminProduct>(`getsingleflower?product_ext_id=${encodeURIComponent(externalId)}`),
        purchases: () => get<PurchaseRecord[]>('users/purchases/list'),
        purchase: (id: number) => get<PurchaseRecord>(`getSinglePurchase?id=${id}`),
        neverPurchased: () => get<NeverPurchasedUser[]>('getuserneverpurchase'),
        messages: () => get<ContactMessageRecord[]>('admin/messages'),
        deliveryAreas: () => get<ServiceArea[]>('admin/delivery-areas'),
        /** A write, for screens that need a row to show (the Delivery Areas list and forms). */
        addDeliveryArea: (body: ServiceAreaRequest) =>
          api<ServiceArea>('admin/delivery-areas', { method: 'POST', json: body, headers: { authorization } }),
      };
    },
  };
}
