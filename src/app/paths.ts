// Every route of SPEC.md §2 (plus /home and /myaccount of DESIGN.md §5). Build links with these, never by hand:
// path segments are URL-encoded here once. The paths themselves are in domain/page-paths.ts, which the server reads too.
import { adminPagePaths as admin, infoPagePaths as info, pagePaths, privatePagePaths as own } from '../../domain/page-paths';

const segment = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  root: '/',
  home: pagePaths.home,
  login: own.login,
  guestLogin: own.guestLogin,
  signup: own.signup,
  forgotPassword: own.forgotPassword,
  contactUs: info.contactUs,
  account: own.account,
  accountTab: (tab: 'profile' | 'orders' | 'addresses' | (string & {})) => `${own.account}/${segment(tab)}`,
  accountAddresses: `${own.account}/addresses`,
  myAccount: own.myAccount,
  updateUserAddress: (id: string | number) => `${own.updateUserAddress}/${segment(id)}`,
  category: pagePaths.category,
  flower: pagePaths.flower,
  cart: own.cart,
  checkout: own.checkout,
  thankYou: own.thankYou,
  shipping: info.shipping,
  refund: info.refund,
  terms: info.terms,
  privacy: info.privacy,
  aboutUs: info.aboutUs,
  access: info.access,
  /**
   * The results of a search (issue 42), given its query string (domain/search.ts searchParamsOf). Not built from the
   * criteria here: this module is in the first script, the search contract is not.
   */
  search: (query: URLSearchParams) => `${own.search}?${query.toString()}`,

  // Guarded admin routes.
  dashboard: admin.dashboard,
  flowerForm: admin.flowerForm,
  flowerList: admin.flowerList,
  flowerFormUpdate: (productExtId: string) => `${admin.flowerFormUpdate}/${segment(productExtId)}`,
  flowerCategory: admin.flowerCategory,
  flowerCategoryList: admin.flowerCategoryList,
  updateFlowerCategory: (id: string | number) => `${admin.updateFlowerCategory}/${segment(id)}`,
  flowerSubCategory: admin.flowerSubCategory,
  flowerSubCategoryList: admin.flowerSubCategoryList,
  updateFlowerSubCategory: (id: string | number) => `${admin.updateFlowerSubCategory}/${segment(id)}`,
  heroImageForm: admin.heroImageForm,
  bannerBottomImage: admin.bannerBottomImage,
  purchaseOrderList: admin.purchaseOrderList,
  purchaseOrder: pagePaths.purchaseOrder,
  userNeverPurchasedList: admin.userNeverPurchasedList,
  adminMessages: admin.adminMessages,
  adminReviews: admin.adminReviews,
  adminCoupons: admin.adminCoupons,
  adminCouponForm: admin.adminCouponForm,
  updateAdminCoupon: (id: string | number) => `${admin.adminCouponForm}/${segment(id)}`,
  adminMail: admin.adminMail,
  adminSettings: admin.adminSettings,
  adminDeliverySlots: admin.adminDeliverySlots,
  adminDeliveries: admin.adminDeliveries,
  adminDeliveryCards: admin.adminDeliveryCards,
  adminDeliveryManifest: admin.adminDeliveryManifest,
  adminGstReport: admin.adminGstReport,
  adminLowStock: pagePaths.adminLowStock,
  deliveryAreaList: admin.deliveryAreaList,
  deliveryArea: admin.deliveryArea,
  updateDeliveryArea: (id: string | number) => `${admin.updateDeliveryArea}/${segment(id)}`,
  deleteDeliveryArea: (id: string | number) => `${admin.deleteDeliveryArea}/${segment(id)}`,
} as const;
