/**
 * The pages the server names: links in its mails, the canonical addresses and sitemap of the catalogue pages, and the
 * pages robots.txt keeps crawlers out of (server/modules/seo). src/app/paths.ts routes these same paths, so that a
 * mail's link, a crawler's rule and the browser's route cannot drift apart.
 */
const segment = (value: string | number) => encodeURIComponent(String(value));

export const pagePaths = {
  home: '/home',
  category: (categoryName: string, subCategoryName: string) => `/category/${segment(categoryName)}/${segment(subCategoryName)}`,
  flower: (flowerExtId: string) => `/flower/${segment(flowerExtId)}`,
  /** My Account's Orders tab. */
  accountOrders: '/account/orders',
  /** The admin's page of one purchase. */
  purchaseOrder: (id: string | number) => `/purchaseorderlist/${segment(id)}`,
  /** The admin's list of flowers low in stock. */
  adminLowStock: '/adminlowstock',
} as const;

/** The shop's pages of information: public, the same for everyone, worth a search engine's reading. */
export const infoPagePaths = {
  shipping: '/shipping',
  refund: '/refund',
  terms: '/terms',
  privacy: '/privacy',
  aboutUs: '/aboutus',
  access: '/access',
  contactUs: '/contactus',
} as const;

/**
 * The shopper's own pages (sign-in, account, bag, checkout, a search's results): nothing for a search engine, and
 * robots.txt says so. Each is a path or the start of the paths under it.
 */
export const privatePagePaths = {
  login: '/login',
  guestLogin: '/g/login',
  signup: '/signup',
  forgotPassword: '/forgotpassword',
  account: '/account',
  myAccount: '/myaccount',
  updateUserAddress: '/updateuseraddress',
  cart: '/cart',
  checkout: '/checkout',
  thankYou: '/thankyou',
  search: '/search',
} as const;

/**
 * The admin's pages (guarded), each a path or the start of the paths under it. Those starting "/admin" are kept out
 * of robots.txt by one rule; the others are listed one by one.
 */
export const adminPagePaths = {
  dashboard: '/dashboard',
  flowerForm: '/flowerform',
  flowerList: '/flowerlist',
  flowerFormUpdate: '/flowerformupdate',
  flowerCategory: '/flowercategory',
  flowerCategoryList: '/flowercategorylist',
  updateFlowerCategory: '/updateflowercategory',
  flowerSubCategory: '/flowersubcategory',
  flowerSubCategoryList: '/flowersubcategorylist',
  updateFlowerSubCategory: '/updateflowersubcategory',
  heroImageForm: '/heroimageform',
  bannerBottomImage: '/bannerbottomimage',
  purchaseOrderList: '/purchaseorderlist',
  userNeverPurchasedList: '/userneverpurchasedlist',
  adminMessages: '/adminmessages',
  adminReviews: '/adminreviews',
  adminCoupons: '/admincoupons',
  adminCouponForm: '/admincouponform',
  adminMail: '/adminmail',
  adminSettings: '/adminsettings',
  adminDeliverySlots: '/admindeliveryslots',
  adminDeliveries: '/admindeliveries',
  adminDeliveryCards: '/admindeliverycards',
  adminDeliveryManifest: '/admindeliverymanifest',
  adminGstReport: '/admingstreport',
  adminLowStock: pagePaths.adminLowStock,
  deliveryAreaList: '/deliveryarealist',
  deliveryArea: '/deliveryarea',
  updateDeliveryArea: '/updatedeliveryarea',
  deleteDeliveryArea: '/deletedeliveryarea',
} as const;
