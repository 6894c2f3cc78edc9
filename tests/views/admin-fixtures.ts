// Small factories for the admin calls' replies (domain/admin-catalog.ts, admin-orders.ts, admin-mail.ts), varied per test by
// overrides. Ids count up across a test file so that rows built in a loop differ.
import type { AdminCategory, AdminProduct, AdminSubCategory } from '../../domain/admin-catalog';
import type { FailedMail } from '../../domain/admin-mail';
import type { NeverPurchasedUser, PurchaseRecord } from '../../domain/admin-orders';
import { addressFieldsOf } from '../../domain/address';
import { anAddress } from './address-fixtures';
import { aFlowerDetail } from './catalog-fixtures';

let sequence = 0;
const next = () => (sequence += 1);

export function anAdminCategory(overrides: Partial<AdminCategory> = {}): AdminCategory {
  const id = overrides.id ?? next();
  return {
    id,
    externalId: `c_${id}`,
    categoryName: `Category ${id}`,
    categoryDescription: `Flowers of category ${id}`,
    categoryGst: null,
    deliveryKind: 'courier',
    hsnCode: '0603',
    ...overrides,
  };
}

export function anAdminSubCategory(overrides: Partial<AdminSubCategory> = {}): AdminSubCategory {
  const id = overrides.id ?? next();
  return {
    id,
    externalId: `s_${id}`,
    subCategoryName: `Sub category ${id}`,
    subCategoryDescription: `Arrangements of sub category ${id}`,
    ProductCategoryId: 1,
    ProductCategory: { id: 1, categoryName: 'Everlasting Dry Flowers' },
    ...overrides,
  };
}

/** A product as the admin reads it: the storefront's flower detail with its category ids and pictures. */
export function anAdminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  const id = overrides.id ?? next();
  return {
    ...aFlowerDetail({ id, externalId: `p_${id}`, productName: `Flower ${id}`, itemCode: `ITEM-${id}` }),
    flowerCategoryId: 1,
    flowerSubCategoryId: 2,
    // Its own delivery kind: none, as its category.
    deliveryKind: null,
    hsnCode: null,
    isAddon: false,
    images: [],
    ...overrides,
  };
}

type Purchase = PurchaseRecord;
type PurchaseOverrides = Partial<Omit<Purchase, 'User' | 'UserOrder'>> & {
  User?: Partial<Purchase['User']>;
  UserOrder?: Partial<Purchase['UserOrder']>;
};

export const aPurchaseItem = (
  overrides: Partial<Purchase['UserOrder']['UserOrderItems'][number]> = {},
): Purchase['UserOrder']['UserOrderItems'][number] => ({
  quantity: 1,
  itemPrice: 1250,
  ProductDatum: { productName: 'Blush Rose Posy' },
  ...overrides,
});

/** A paid order of Asha Raman's, delivered to Chennai; `User` and `UserOrder` overrides merge into the defaults. */
export function aPurchaseRecord({ User, UserOrder, ...overrides }: PurchaseOverrides = {}): PurchaseRecord {
  const id = overrides.id ?? next();
  return {
    id,
    status: 'created',
    userTrackingUrl: null,
    paymentState: 'paid',
    payments: [{ paymentId: `pay_${id}`, amount: 1250, refundState: null }],
    paymentMethod: 'UPI su•••@razorpay',
    ...overrides,
    User: { firstName: 'Asha', lastName: 'Raman', email: 'asha@example.test', ...User },
    UserOrder: {
      id,
      rpayOrderId: `order_${id}`,
      price: 1250,
      createdAt: '2026-03-10T06:30:00.000Z',
      UserAddress: addressFieldsOf(anAddress()),
      gift: null,
      deliveries: [],
      UserOrderItems: [aPurchaseItem()],
      ...UserOrder,
    },
  };
}

export function aNeverPurchasedUser(overrides: Partial<NeverPurchasedUser> = {}): NeverPurchasedUser {
  const id = next();
  return {
    id: `u_${id}`,
    firstName: 'Meera',
    lastName: 'Iyer',
    email: `meera${id}@example.test`,
    mobileNumber: '9812345678',
    ...overrides,
  };
}

/** A mail the mail server refused for good, as `GET admin/mails?status=failed` lists it. */
export function aFailedMail(id: number): FailedMail {
  return {
    id,
    kind: 'order_notice',
    to: `shop${id}@example.in`,
    subject: `New order ${id}`,
    attempts: 3,
    refusal: `550 Mailbox unavailable: shop${id}@example.in`,
    failedAt: '2026-12-02T10:35:00.000Z',
  };
}

