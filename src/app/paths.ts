// Every route of SPEC.md §2 (plus /home and /myaccount of DESIGN.md §5). Build links with these, never by hand:
// path segments are URL-encoded here once.
import { pagePaths } from '../../domain/page-paths';

const segment = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  root: '/',
  home: pagePaths.home,
  login: '/login',
  guestLogin: '/g/login',
  signup: '/signup',
  forgotPassword: '/forgotpassword',
  contactUs: '/contactus',
  account: '/account',
  accountTab: (tab: 'profile' | 'orders' | 'addresses' | (string & {})) => `/account/${segment(tab)}`,
  accountAddresses: '/account/addresses',
  myAccount: '/myaccount',
  updateUserAddress: (id: string | number) => `/updateuseraddress/${segment(id)}`,
  category: (categoryName: string, subCategoryName: string) =>
    `/category/${segment(categoryName)}/${segment(subCategoryName)}`,
  flower: (flowerExtId: string) => `/flower/${segment(flowerExtId)}`,
  cart: '/cart',
  checkout: '/checkout',
  thankYou: '/thankyou',
  shipping: '/shipping',
  refund: '/refund',
  terms: '/terms',
  privacy: '/privacy',
  aboutUs: '/aboutus',
  access: '/access',
  /**
   * The results of a search (issue 42), given its query string (domain/search.ts searchParamsOf). Not built from the
   * criteria here: this module is in the first script, the search contract is not.
   */
  search: (query: URLSearchParams) => `/search?${query.toString()}`,

  // Guarded admin routes.
  dashboard: '/dashboard',
  flowerForm: '/flowerform',
  flowerList: '/flowerlist',
  flowerFormUpdate: (productExtId: string) => `/flowerformupdate/${segment(productExtId)}`,
  flowerCategory: '/flowercategory',
  flowerCategoryList: '/flowercategorylist',
  updateFlowerCategory: (id: string | number) => `/updateflowercategory/${segment(id)}`,
  flowerSubCategory: '/flowersubcategory',
  flowerSubCategoryList: '/flowersubcategorylist',
  updateFlowerSubCategory: (id: string | number) => `/updateflowersubcategory/${segment(id)}`,
  heroImageForm: '/heroimageform',
  bannerBottomImage: '/bannerbottomimage',
  purchaseOrderList: '/purchaseorderlist',
  purchaseOrder: pagePaths.purchaseOrder,
  userNeverPurchasedList: '/userneverpurchasedlist',
  adminMessages: '/adminmessages',
  adminReviews: '/adminreviews',
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
  updateDeliveryArea: (id: string | number) => `/updatedeliveryarea/${segment(id)}`,
  deleteDeliveryArea: (id: string | number) => `/deletedeliveryarea/${segment(id)}`,
} as const;
