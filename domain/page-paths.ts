/**
 * The pages the server links to from its mails. src/app/paths.ts routes these same paths, so that a mail's link and
 * the browser's route cannot drift apart.
 */
export const pagePaths = {
  home: '/home',
  /** My Account's Orders tab. */
  accountOrders: '/account/orders',
  /** The admin's page of one purchase. */
  purchaseOrder: (id: string | number) => `/purchaseorderlist/${encodeURIComponent(String(id))}`,
  /** The admin's list of flowers low in stock. */
  adminLowStock: '/adminlowstock',
} as const;
