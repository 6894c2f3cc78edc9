// Small factories for catalogue replies, and msw handlers serving them (the network is mocked at the HTTP layer).
import { http, HttpResponse } from 'msw';
import type { CatalogCategory, FlowerDetail, HeaderCategory, ProductSummary } from '../../domain/catalog';
import type { DeliveryKind } from '../../domain/delivery-kind';
import { courierPromise } from '../../domain/delivery-schedule';
import type { DeliverySchedule } from '../../domain/delivery-schedule';

let sequence = 0;

export function aProduct(overrides: Partial<ProductSummary> = {}): ProductSummary {
  sequence += 1;
  return {
    externalId: `p_${sequence}`,
    itemCode: `ITEM-${sequence}`,
    productName: `Flower ${sequence}`,
    sellingPrice: 1000,
    mrp: 1000,
    deliveryKind: 'courier',
    ...overrides,
  };
}

export function aCategory(categoryName: string, subCategories: Record<string, ProductSummary[]>): CatalogCategory {
  return {
    categoryName,
    SubProductCategories: Object.entries(subCategories).map(([subCategoryName, products]) => ({
      subCategoryName,
      ProductSubProducts: products.map((ProductDatum) => ({ ProductDatum })),
    })),
  };
}

export function aFlowerDetail(overrides: Partial<FlowerDetail> = {}): FlowerDetail {
  return {
    externalId: 'p_rose',
    id: 1,
    productName: 'Blush Rose Posy',
    itemCode: 'EDF-POSY-01',
    mrp: 1499,
    sellingPrice: 1250,
    description: 'Dried roses bound with twine.',
    note: 'Keep away from direct sunlight.',
    shippingDetails: 'Ships in 2 to 5 business days.',
    quantity: 5,
    isRemoved: false,
    rating: { average: 0, count: 0 },
    flowerCategoryName: 'Everlasting Dry Flowers',
    flowerSubCategoryName: 'Posy',
    deliveryKind: 'courier',
    ...overrides,
  };
}

export const headerCategories: HeaderCategory[] = [
  { categoryName: 'Everlasting Dry Flowers', Subcategories: ['Exotic', 'Posy', 'Round', 'Side'] },
  { categoryName: 'Fresh Flowers', Subcategories: ['Exotic', 'Roses'] },
];

export const shopInfoReply = {
  name: 'Petals & Stems',
  email: 'hello@example.test',
  phone: '+91 90000 00000',
  address: 'Chennai, Tamil Nadu, India',
  instagramUrl: 'https://instagram.example/petals',
  facebookUrl: 'https://facebook.example/petals',
  whatsappUrl: 'https://wa.example/910000000000',
  logoUrl: 'https://shop.example/checkout-logo.png',
};

/** What every page's layout asks for: the header's categories and the footer's shop details. */
/**
 * The checkout's delivery pickers (issue 40): a courier schedule whose first day is the dispatch date (chosen for the
 * shopper), and a hand schedule with one open day and its free Standard slot.
 */
export function deliverySchedulesFor(kind: DeliveryKind): DeliverySchedule {
  const day = { date: '2026-12-04', weekday: 'Friday', day: 4, month: 'December', available: true, reason: null, reasonText: null };
  if (kind === 'courier') {
    return { kind, today: '2026-12-03', days: [{ ...day, slots: [] }], courier: { feePaise: 0, dispatchDate: '2026-12-04', promise: courierPromise } };
  }
  const standard = { id: 1, name: 'Standard', kind: 'standard' as const, window: '9 am to 9 pm', feePaise: 0, available: true, reason: null, reasonText: null };
  return { kind, today: '2026-12-03', days: [{ ...day, slots: [standard] }], courier: null };
}

export const layoutHandlers = [
  http.get('*/api/categoryheader', () => HttpResponse.json({ status: '200', body: headerCategories })),
  http.get('*/api/shop', () => HttpResponse.json(shopInfoReply)),
  // "Make it special" (issue 42) offers nothing unless a test says otherwise.
  http.get('*/api/addons', () => HttpResponse.json({ addons: [] })),
  http.get('*/api/delivery/schedule', ({ request }) =>
    HttpResponse.json(deliverySchedulesFor(new URL(request.url).searchParams.get('kind') === 'hand' ? 'hand' : 'courier')),
  ),
];
