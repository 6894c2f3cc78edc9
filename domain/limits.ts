/** Business constants and limits of SPEC.md §9, shared by the browser and the server. */
export const limits = {
  emailMax: 50,
  guestEmailTypingMax: 40,
  passwordMin: 6,
  passwordMax: 30,
  nameMax: 50,
  firstNameMin: 3,
  fullNameMin: 3,
  mobileLength: 10,
  pincodeLength: 6,
  otpLength: 6,
  addressMax: 50,
  localityMax: 30,
  landmarkMax: 30,
  cityMax: 30,
  productNameMax: 50,
  itemCodeMax: 50,
  productTextMax: 500,
  priceDigitsMax: 10,
  categoryNameMax: 50,
  categoryDescriptionMax: 300,
  subCategoryTextMax: 300,
  contactMessageMax: 2000,
  heroImageBytesMax: 300 * 1024,
  cartLineQuantityMin: 1,
  cartLineQuantityMax: 10,
  homeCarouselPageSize: 4,
} as const;

/** Snackbar / toast durations of SPEC.md §9, in milliseconds. */
export const toastDurations = {
  default: 4000,
  productDetail: 3000,
  checkoutEmail: 5000,
  addressForm: 5000,
  subCategoryUpdate: 5000,
  placeOrder: 10000,
  addressEdit: 3000,
  orderUpdate: 4000,
} as const;

/** Redirect delays of SPEC.md §9, in milliseconds. */
export const redirectDelays = {
  afterSignUp: 2000,
  afterPasswordReset: 3000,
  afterBuyNow: 3000,
  afterCategorySave: 3000,
  afterAddressEdit: 3000,
  afterProductCreate: 4000,
  /** Product updates and purchase-order updates: "go to the list after 3 to 4 s" (SPEC.md §4). */
  afterProductUpdate: 4000,
  afterOrderUpdate: 4000,
} as const;

export const adminPageSizes = [5, 10, 15, 20, 25, 50, 75, 100] as const;
export const defaultAdminPageSize = 5;

/** The category and sub-category `/` redirects to (SPEC.md §2). */
export const landingCategory = { category: 'Everlasting Dry Flowers', subCategory: 'Side' } as const;

/** Their page's address: the server redirects `/` there, and the browser's router does for a link to `/`. */
export const landingPath = `/category/${encodeURIComponent(landingCategory.category)}/${encodeURIComponent(landingCategory.subCategory)}`;
