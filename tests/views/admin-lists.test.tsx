// @vitest-environment jsdom
// The admin dashboard and the five admin lists through the real app (SPEC.md §2 "Admin screens"): the hub's groups and
// links, each list's columns and rows from its endpoint, N/A and "No records found", rows that open their record,
// client pagination, the purchase list's India-time dates, totals and refund badge, and Retry after a failed load.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AdminCategory, AdminProduct, AdminSubCategory } from '../../domain/admin-catalog';
import type { NeverPurchasedUser, PurchaseRecord } from '../../domain/admin-orders';
import {
  aNeverPurchasedUser,
  anAdminCategory,
  anAdminProduct,
  anAdminSubCategory,
  aPurchaseItem,
  aPurchaseRecord,
} from './admin-fixtures';
import { someDashboardFigures } from '../machines/report-fixtures';
import { layoutHandlers } from './catalog-fixtures';
import { mockApi, preloadChunk } from './page-harness';
import { openAsAdmin, renderApp, signIn } from './render-app';

let categories: AdminCategory[] = [];
let subCategories: AdminSubCategory[] = [];
let products: AdminProduct[] = [];
let purchases: PurchaseRecord[] = [];
let neverPurchased: NeverPurchasedUser[] = [];
/** While true, GET flowercategorylist answers 503 (with Retry-After: 0 so the client's own retries are instant). */
let categoriesFail = false;
let categoryLoads = 0;
/** When set, GET flowercategorylist waits for it before answering. */
let categoriesGate: Promise<void> | null = null;

const idOf = (request: Request) => Number(new URL(request.url).searchParams.get('id'));

mockApi([
  ...layoutHandlers,
  http.get('*/api/flowercategorylist', async () => {
    categoryLoads += 1;
    if (categoriesGate) await categoriesGate;
    if (categoriesFail) {
      return HttpResponse.json({ message: 'Service unavailable', code: 'UNAVAILABLE' }, { status: 503, headers: { 'Retry-After': '0' } });
    }
    return HttpResponse.json(categories);
  }),
  http.get('*/api/subflowercategorylist', () => HttpResponse.json(subCategories)),
  http.get('*/api/getproductdata', () => HttpResponse.json(products)),
  http.get('*/api/users/purchases/list', () => HttpResponse.json(purchases)),
  http.get('*/api/getuserneverpurchase', () => HttpResponse.json(neverPurchased)),
  // The dashboard's Messages card asks how many are unread (tests/views/admin-messages.test.tsx shows it).
  // The dashboard's figures (tests/views/admin-reports.test.tsx shows them).
  http.get('*/api/admin/reports/dashboard', () => HttpResponse.json(someDashboardFigures())),
  http.get('*/api/admin/messages/unread', () => HttpResponse.json({ unread: 0 })),
  http.get('*/api/admin/reports/low-stock', () => HttpResponse.json({ threshold: 5, products: [] })),
  // What the screens a row opens load, so that following a row ends on a working screen.
  http.get('*/api/getsingleflowercategory', ({ request }) => HttpResponse.json(anAdminCategory({ id: idOf(request) }))),
  http.get('*/api/getsubflowercategorybyid', ({ request }) => HttpResponse.json(anAdminSubCategory({ id: idOf(request) }))),
  http.get('*/api/subproductcategorylist/:categoryId', () => HttpResponse.json(subCategories)),
  http.get('*/api/getsingleflower', ({ request }) =>
    HttpResponse.json(products.find((product) => product.externalId === new URL(request.url).searchParams.get('product_ext_id'))),
  ),
  http.get('*/api/getSinglePurchase', ({ request }) => HttpResponse.json(purchases.find((purchase) => purchase.id === idOf(request)))),
], () => {
  categories = [];
  subCategories = [];
  products = [];
  purchases = [];
  neverPurchased = [];
  categoriesFail = false;
  categoryLoads = 0;
  categoriesGate = null;
  vi.restoreAllMocks();
});
// The dashboard's figures chunk carries the charting library.
preloadChunk(() => import('../../src/features/admin/sales-figures'));

/** Opens an admin screen as a signed-in admin and waits for its table. */
async function openList(path: string, title: string) {
  const app = await openAsAdmin(path);
  const table = await screen.findByRole('table', { name: title });
  return { ...app, table };
}

/** The index-th item, failing the test (not the type checker) when there is none. */
function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`expected an item at ${index}, found ${items.length} items`);
  return item;
}

const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((header) => header.textContent);
const bodyRows = (table: HTMLElement) => within(nth(within(table).getAllByRole('rowgroup'), 1)).getAllByRole('row');
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const firstCells = (table: HTMLElement) => bodyRows(table).map((row) => cellTexts(row)[0]);

describe('admin dashboard', () => {
  it('shows the PRODUCTS, ORDERS, DELIVERY and REPORTS groups with every admin screen linked', async () => {
    signIn({ dashboard: true });
    await renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Top products' })).toBeTruthy();
    // The title is set in an effect after the first paint.
    await waitFor(() => expect(document.title).toBe('Dashboard'));
    const links = (group: string) => {
      const section = screen.getByRole('region', { name: group });
      expect(within(section).getByRole('heading', { level: 2, name: group })).toBeTruthy();
      return within(section)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    };
    expect(links('PRODUCTS')).toEqual([
      ['Hero Image Form', '/heroimageform'],
      ['Bottom Banner Image Form', '/bannerbottomimage'],
      ['Flower Data Form', '/flowerform'],
      ['List of Flowers', '/flowerlist'],
      ['Low stock', '/adminlowstock'],
      ['Flower Category Form', '/flowercategory'],
      ['Flower Category List', '/flowercategorylist'],
      ['SubCategory Form', '/flowersubcategory'],
      ['Flower Sub Category List', '/flowersubcategorylist'],
    ]);
    expect(links('ORDERS')).toEqual([
      ['Purchase Order List', '/purchaseorderlist'],
      ['User Never Purchased List', '/userneverpurchasedlist'],
      ['Mail', '/adminmail'],
      ['Delivery slots', '/admindeliveryslots'],
    ]);
    expect(links('DELIVERY')).toEqual([
      ['Deliveries', '/admindeliveries'],
      ['Delivery Areas', '/deliveryarealist'],
    ]);
    expect(links('REPORTS')).toEqual([
      ['GST report', '/admingstreport'],
      ['Orders export', '/purchaseorderlist'],
    ]);
    // Each card says what it is for, and its link is described by that line.
    const flowers = screen.getByRole('link', { name: 'List of Flowers' });
    const description = document.getElementById(flowers.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toMatch(/removed ones too/);
  });

  it('opens a list from its card', async () => {
    categories = [anAdminCategory({ id: 1 })];
    const { router, user } = await openAsAdmin('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Flower Category List' }));
    expect(await screen.findByRole('table', { name: 'Flower Category List' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/flowercategorylist');
  });

  it('sends a signed-in customer without the dashboard flag to /access', async () => {
    signIn();
    const { router } = await renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/access'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).toBeNull();
  });
});

describe('flower category list', () => {
  it('lists id, name, description and GST, with Add Category and a way back to the dashboard', async () => {
    categories = [
      anAdminCategory({ id: 3, categoryName: 'Fresh Flowers', categoryDescription: 'Cut this morning', categoryGst: 2.5 }),
      anAdminCategory({ id: 4, categoryName: 'Everlasting Dry Flowers', categoryDescription: 'Dried to last', categoryGst: null }),
    ];
    const { table } = await openList('/flowercategorylist', 'Flower Category List');
    expect(screen.getByRole('heading', { level: 1, name: 'Flower Category List' })).toBeTruthy();
    // The title is set in an effect after the first paint.
    await waitFor(() => expect(document.title).toBe('Flower Category List'));
    expect(headers(table)).toEqual(['Id', 'Category Name', 'Category Description', 'GST']);
    expect(bodyRows(table).map(cellTexts)).toEqual([
      ['3', 'Fresh Flowers', 'Cut this morning', '2.5%'],
      ['4', 'Everlasting Dry Flowers', 'Dried to last', 'N/A'],
    ]);
    expect(screen.getByRole('link', { name: 'Add Category' }).getAttribute('href')).toBe('/flowercategory');
    expect(screen.getByRole('link', { name: '← Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('opens /updateflowercategory/{id} from a row click; the row link points there too', async () => {
    categories = [anAdminCategory({ id: 3 }), anAdminCategory({ id: 4, categoryDescription: 'Second' })];
    const { table, user, router } = await openList('/flowercategorylist', 'Flower Category List');
    expect(within(table).getByRole('link', { name: 'Open category 3' }).getAttribute('href')).toBe('/updateflowercategory/3');
    await user.click(within(table).getByText('Second'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/updateflowercategory/4'));
  });

  it('follows the row link itself', async () => {
    categories = [anAdminCategory({ id: 3 })];
    const { table, user, router } = await openList('/flowercategorylist', 'Flower Category List');
    await user.click(within(table).getByRole('link', { name: 'Open category 3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/updateflowercategory/3'));
  });

  it('shows a spinner while the categories load', async () => {
    let open = () => {};
    categoriesGate = new Promise((resolve) => (open = resolve));
    categories = [anAdminCategory({ id: 3 })];
    signIn({ dashboard: true });
    await renderApp('/flowercategorylist');
    expect(await screen.findByText('Loading the categories…')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    open();
    expect(await screen.findByRole('table', { name: 'Flower Category List' })).toBeTruthy();
    expect(screen.queryByText('Loading the categories…')).toBeNull();
  });

  it('logs a failed load and offers Retry, which loads the list again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    categoriesFail = true;
    categories = [anAdminCategory({ id: 8, categoryName: 'Orchids' })];
    const { user } = await openAsAdmin('/flowercategorylist');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('This list did not load.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(logged).toHaveBeenCalledWith('Flower Category List could not be loaded', expect.anything());
    const loadsBefore = categoryLoads;

    categoriesFail = false;
    await user.click(retry);
    const table = await screen.findByRole('table', { name: 'Flower Category List' });
    expect(categoryLoads).toBe(loadsBefore + 1);
    expect(bodyRows(table).map(cellTexts)).toEqual([['8', 'Orchids', 'Flowers of category 8', 'N/A']]);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('admin list pagination', () => {
  const twelve = () => Array.from({ length: 12 }, (_, index) => anAdminCategory({ id: index + 1 }));
  const status = (text: string) => screen.getByText(text);

  it('shows 5 rows of 12 at first, pages with Next and Prev, and disables them at the ends', async () => {
    categories = twelve();
    const { table, user } = await openList('/flowercategorylist', 'Flower Category List');
    const prev = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(firstCells(table)).toEqual(['1', '2', '3', '4', '5']);
    expect(status('1–5 of 12')).toBeTruthy();
    expect(prev.hasAttribute('disabled')).toBe(true);
    expect(next.hasAttribute('disabled')).toBe(false);

    await user.click(next);
    expect(firstCells(table)).toEqual(['6', '7', '8', '9', '10']);
    expect(status('6–10 of 12')).toBeTruthy();
    expect(prev.hasAttribute('disabled')).toBe(false);

    await user.click(next);
    expect(firstCells(table)).toEqual(['11', '12']);
    expect(status('11–12 of 12')).toBeTruthy();
    expect(next.hasAttribute('disabled')).toBe(true);

    await user.click(prev);
    expect(firstCells(table)).toEqual(['6', '7', '8', '9', '10']);
  });

  it('offers 5, 10, 15, 20, 25, 50, 75 and 100 rows per page; 10 shows ten rows from the first', async () => {
    categories = twelve();
    const { table, user } = await openList('/flowercategorylist', 'Flower Category List');
    const pageSize = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...pageSize.options].map((option) => option.value)).toEqual(['5', '10', '15', '20', '25', '50', '75', '100']);
    expect(pageSize.value).toBe('5');
    await user.click(screen.getByRole('button', { name: 'Next page' }));

    await user.selectOptions(pageSize, '10');
    expect(firstCells(table)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(status('1–10 of 12')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(firstCells(table)).toEqual(['11', '12']);
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('flower sub category list', () => {
  it('lists each sub-category with its category, N/A without one, and opens /updateflowersubcategory/{id}', async () => {
    subCategories = [
      anAdminSubCategory({ id: 5, subCategoryName: 'Posy', subCategoryDescription: 'Small bunches' }),
      anAdminSubCategory({ id: 6, subCategoryName: 'Loose', subCategoryDescription: 'Not filed yet', ProductCategoryId: null, ProductCategory: null }),
    ];
    const { table, user, router } = await openList('/flowersubcategorylist', 'Flower Sub Category List');
    expect(headers(table)).toEqual(['Id', 'Sub Category Name', 'Sub Category Description', 'Flower Category Name']);
    expect(bodyRows(table).map(cellTexts)).toEqual([
      ['5', 'Posy', 'Small bunches', 'Everlasting Dry Flowers'],
      ['6', 'Loose', 'Not filed yet', 'N/A'],
    ]);
    expect(screen.getByRole('link', { name: 'Add Sub Category' }).getAttribute('href')).toBe('/flowersubcategory');
    expect(within(table).getByRole('link', { name: 'Open sub category 6' }).getAttribute('href')).toBe('/updateflowersubcategory/6');
    await user.click(within(table).getByText('Small bunches'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/updateflowersubcategory/5'));
  });
});

describe('list of flowers', () => {
  it('lists the flowers with rupee prices, removal and quantity, N/A for a missing description', async () => {
    products = [
      anAdminProduct({ id: 1, externalId: 'p_posy', productName: 'Blush Rose Posy', itemCode: 'EDF-POSY-01', mrp: 1499, sellingPrice: 1250, description: 'Dried roses', quantity: 5 }),
      anAdminProduct({ id: 2, externalId: 'p_orchid', productName: 'White Orchid', itemCode: 'FF-ORC-02', mrp: 12500, sellingPrice: 11999.5, description: null, quantity: 0, isRemoved: true, isAddon: true, flowerCategoryName: 'Fresh Flowers', flowerSubCategoryName: 'Exotic' }),
    ];
    const { table } = await openList('/flowerlist', 'List of Flowers');
    expect(headers(table)).toEqual(['Id', 'Product Name', 'Item Code', 'MRP', 'Selling Price', 'Description', 'Removal', 'Add-on', 'Quantity', 'Category', 'Sub Category']);
    expect(bodyRows(table).map(cellTexts)).toEqual([
      ['1', 'Blush Rose Posy', 'EDF-POSY-01', 'Rs. 1,499', 'Rs. 1,250', 'Dried roses', 'No', 'No', '5', 'Everlasting Dry Flowers', 'Posy'],
      ['2', 'White Orchid', 'FF-ORC-02', 'Rs. 12,500', 'Rs. 11,999.50', 'N/A', 'Yes', 'Yes', '0', 'Fresh Flowers', 'Exotic'],
    ]);
    expect(screen.getByRole('link', { name: 'Add Flower' }).getAttribute('href')).toBe('/flowerform');
  });

  it('opens /flowerformupdate/{externalId} from a row and names the row link after the flower', async () => {
    products = [anAdminProduct({ id: 1, externalId: 'p_posy', productName: 'Blush Rose Posy' }), anAdminProduct({ id: 2, externalId: 'p_orchid', productName: 'White Orchid', itemCode: 'FF-ORC-02' })];
    const { table, user, router } = await openList('/flowerlist', 'List of Flowers');
    expect(within(table).getByRole('link', { name: 'Open flower Blush Rose Posy' }).getAttribute('href')).toBe('/flowerformupdate/p_posy');
    await user.click(within(table).getByText('FF-ORC-02'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flowerformupdate/p_orchid'));
  });

  it('says "No records found" when there are no flowers', async () => {
    const { table } = await openList('/flowerlist', 'List of Flowers');
    expect(bodyRows(table).map(cellTexts)).toEqual([['No records found']]);
    expect(screen.getByText('0–0 of 0')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('purchase order list', () => {
  const newest = () =>
    aPurchaseRecord({
      id: 9,
      status: 'Dispatched',
      userTrackingUrl: 'https://track.example/AB123',
      paymentState: 'refund_due',
      User: { firstName: 'Asha', lastName: 'Raman', email: 'asha@example.test' },
      UserOrder: {
        rpayOrderId: 'order_Nq9',
        // 20:00 UTC on 31 March is 01:30 on 1 April in India.
        createdAt: '2026-03-31T20:00:00.000Z',
        UserOrderItems: [
          aPurchaseItem({ quantity: 3, itemPrice: 450, ProductDatum: { productName: 'Blush Rose Posy' } }),
          aPurchaseItem({ quantity: 1, itemPrice: 1250.5, ProductDatum: { productName: 'White Orchid' } }),
        ],
      },
    });
  const older = () =>
    aPurchaseRecord({
      id: 4,
      User: { firstName: null, lastName: null, email: 'nobody@example.test' },
      // Paid before the method was kept, or settled by a verify call alone.
      paymentMethod: null,
      UserOrder: { rpayOrderId: 'order_Ab4', createdAt: '2026-02-01T05:00:00.000Z' },
    });

  it('shows each order as served, newest first, with its customer, items, address, tracking link, status and method', async () => {
    purchases = [newest(), older()];
    const { table } = await openList('/purchaseorderlist', 'Purchase Order List');
    expect(headers(table)).toEqual(['Id', 'Full Name', 'Email', 'Order Id', 'Order Items List', 'Delivery', 'Order Address', 'Tracking Url', 'Status']);
    expect(firstCells(table)).toEqual(['9', '4']);
    const rows = bodyRows(table);
    const first = (column: number) => nth(within(nth(rows, 0)).getAllByRole('cell'), column);
    const second = (column: number) => nth(within(nth(rows, 1)).getAllByRole('cell'), column);

    expect(first(1).textContent).toBe('Asha Raman');
    expect(first(2).textContent).toBe('asha@example.test');
    expect(first(3).textContent).toBe('order_Nq9');
    const items = within(first(4)).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Blush Rose PosyQuantity 3 · Price Rs. 450 · Total Rs. 1,350Ordered on 2026-04-01',
      'White OrchidQuantity 1 · Price Rs. 1,250.50 · Total Rs. 1,250.50Ordered on 2026-04-01',
    ]);
    // An order from before dated delivery reads as it always did.
    expect(first(5).textContent).toBe('DeliveryDelivered in 2 to 5 business days');
    expect(first(6).textContent).toBe(
      'Asha Raman, 12 Khader Nawaz Khan Road, Nungambakkam, Near the park, Chennai, Tamil Nadu, 600006, 9876543210',
    );
    const tracking = within(first(7)).getByRole('link', { name: 'https://track.example/AB123' });
    expect(tracking.getAttribute('href')).toBe('https://track.example/AB123');
    expect(tracking.getAttribute('target')).toBe('_blank');
    expect(first(8).textContent).toBe('DispatchedPaid by UPI su•••@razorpayRefund due');

    expect(second(1).textContent).toBe('N/A');
    expect(second(4).textContent).toContain('Ordered on 2026-02-01');
    expect(second(7).textContent).toBe('N/A');
    expect(second(8).textContent).toBe('createdPaid by Not recorded');
    expect(within(table).getAllByText('Refund due')).toHaveLength(1);
    expect(screen.getByRole('link', { name: '← Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('opens /purchaseorderlist/{id} from the order number', async () => {
    purchases = [newest(), older()];
    const { table, user, router } = await openList('/purchaseorderlist', 'Purchase Order List');
    const link = within(table).getByRole('link', { name: 'Open order 4' });
    expect(link.textContent).toBe('order_Ab4');
    expect(link.getAttribute('href')).toBe('/purchaseorderlist/4');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchaseorderlist/4'));
  });

  it('shows a first name alone when the last name is missing', async () => {
    purchases = [aPurchaseRecord({ id: 2, User: { firstName: 'Kavya', lastName: null } })];
    const { table } = await openList('/purchaseorderlist', 'Purchase Order List');
    expect(cellTexts(nth(bodyRows(table), 0))[1]).toBe('Kavya');
  });
});

describe('user never purchased list', () => {
  it('lists the customers with N/A for what they never gave, and pages them', async () => {
    neverPurchased = [
      aNeverPurchasedUser({ id: 'u_a', firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.test', mobileNumber: '9812345678' }),
      aNeverPurchasedUser({ id: 'u_b', firstName: null, lastName: null, email: 'quiet@example.test', mobileNumber: null }),
      ...Array.from({ length: 5 }, () => aNeverPurchasedUser()),
    ];
    const { table } = await openList('/userneverpurchasedlist', 'User Never Purchased List');
    expect(screen.getByRole('heading', { level: 1, name: 'User Never Purchased List' })).toBeTruthy();
    expect(headers(table)).toEqual(['ID', 'First Name', 'Last Name', 'Email', 'Mobile Number']);
    expect(bodyRows(table).slice(0, 2).map(cellTexts)).toEqual([
      ['u_a', 'Meera', 'Iyer', 'meera@example.test', '9812345678'],
      ['u_b', 'N/A', 'N/A', 'quiet@example.test', 'N/A'],
    ]);
    expect(bodyRows(table)).toHaveLength(5);
    expect(screen.getByText('1–5 of 7')).toBeTruthy();
    // Customers are not opened from here: no row links.
    expect(within(table).queryAllByRole('link')).toHaveLength(0);
  });
});
