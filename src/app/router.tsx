// Every route of SPEC.md §2, plus /home and /myaccount (DESIGN.md §5). Home and category are in the app's first
// script. Every other page is a lazy page loaded with the spec's time-out (src/app/lazy-route.tsx), so a first visit
// never downloads admin code; the product page too, whose chunks the server names in the page it draws so that they
// download beside the app's script (server/modules/web/page-scripts.ts; as a download after that script's, its
// Lighthouse TBT rose, docs/performance.md). src/main.tsx loads the page it starts on before the app renders, and
// src/app/route-prefetch.ts a page a link leads to as soon as the shopper points at the link.
import { useEffect } from 'react';
import { Navigate, useNavigate, useRoutes } from 'react-router-dom';
import type { Location, RouteObject } from 'react-router-dom';
import { landingPath } from '../../domain/limits';
import { CategoryPage } from '../features/catalog/category-page';
import { HomePage } from '../features/catalog/home-page';
import { AppLayout } from './layout/app-layout';
import { lazyPage, lazyRoute, useShownLocation } from './lazy-route';
import { setNavigator } from './navigation';
import { paths } from './paths';
import { AdminOnly, GuestOnly, SignedInOnly } from './route-guards';
import { PageErrors, RouteErrorBoundary } from './route-error';
import { RouteLoading } from './route-loading';

const pages = {
  flower: lazyPage(() => import('../features/catalog/flower-detail-page'), (m) => m.FlowerDetailPage, { drawnByServer: true }),
  cart: lazyPage(() => import('../features/cart/cart-page'), (m) => m.CartPage),
  shipping: lazyPage(() => import('../features/pages/shipping-page'), (m) => m.ShippingPage),
  refund: lazyPage(() => import('../features/pages/refund-page'), (m) => m.RefundPage),
  terms: lazyPage(() => import('../features/pages/terms-page'), (m) => m.TermsPage),
  privacy: lazyPage(() => import('../features/pages/privacy-page'), (m) => m.PrivacyPage),
  aboutUs: lazyPage(() => import('../features/pages/about-us-page'), (m) => m.AboutUsPage),
  contactUs: lazyPage(() => import('../features/pages/contact-page'), (m) => m.ContactUsPage),
  access: lazyPage(() => import('../features/pages/access-page'), (m) => m.AccessPage),
  search: lazyPage(() => import('../features/catalog/search-page'), (m) => m.SearchPage),
  notFound: lazyPage(() => import('../features/pages/not-found-page'), (m) => m.NotFoundPage),
  signIn: lazyPage(() => import('../features/auth/sign-in-page'), (m) => m.SignInPage),
  signUp: lazyPage(() => import('../features/auth/sign-up-page'), (m) => m.SignUpPage),
  forgotPassword: lazyPage(() => import('../features/auth/forgot-password-page'), (m) => m.ForgotPasswordPage),
  account: lazyPage(() => import('../features/account/account-page'), (m) => m.AccountPage),
  editAddress: lazyPage(() => import('../features/account/edit-address-page'), (m) => m.EditAddressPage),
  checkout: lazyPage(() => import('../features/checkout/checkout-page'), (m) => m.CheckoutPage),
  thankYou: lazyPage(() => import('../features/checkout/thank-you-page'), (m) => m.ThankYouPage),
};

// Each admin screen is its own lazy chunk under src/features/admin/: shoppers never download any of them.
const admin = {
  dashboard: lazyPage(() => import('../features/admin/dashboard-page'), (m) => m.DashboardPage),
  categoryList: lazyPage(() => import('../features/admin/category-list-page'), (m) => m.CategoryListPage),
  categoryCreate: lazyPage(() => import('../features/admin/category-form-page'), (m) => m.CategoryCreatePage),
  categoryUpdate: lazyPage(() => import('../features/admin/category-form-page'), (m) => m.CategoryUpdatePage),
  subCategoryList: lazyPage(() => import('../features/admin/sub-category-list-page'), (m) => m.SubCategoryListPage),
  subCategoryCreate: lazyPage(() => import('../features/admin/sub-category-form-page'), (m) => m.SubCategoryCreatePage),
  subCategoryUpdate: lazyPage(() => import('../features/admin/sub-category-form-page'), (m) => m.SubCategoryUpdatePage),
  flowerList: lazyPage(() => import('../features/admin/flower-list-page'), (m) => m.FlowerListPage),
  flowerCreate: lazyPage(() => import('../features/admin/flower-form-page'), (m) => m.FlowerCreatePage),
  flowerUpdate: lazyPage(() => import('../features/admin/flower-form-page'), (m) => m.FlowerUpdatePage),
  heroImage: lazyPage(() => import('../features/admin/site-image-form-page'), (m) => m.HeroImagePage),
  bannerBottomImage: lazyPage(() => import('../features/admin/site-image-form-page'), (m) => m.BannerBottomImagePage),
  purchaseOrderList: lazyPage(() => import('../features/admin/purchase-order-list-page'), (m) => m.PurchaseOrderListPage),
  purchaseOrder: lazyPage(() => import('../features/admin/purchase-order-form-page'), (m) => m.PurchaseOrderPage),
  neverPurchased: lazyPage(() => import('../features/admin/never-purchased-list-page'), (m) => m.NeverPurchasedListPage),
  messages: lazyPage(() => import('../features/admin/messages-page'), (m) => m.MessagesPage),
  reviews: lazyPage(() => import('../features/admin/reviews-page'), (m) => m.ReviewsPage),
  couponList: lazyPage(() => import('../features/admin/coupon-list-page'), (m) => m.CouponListPage),
  couponCreate: lazyPage(() => import('../features/admin/coupon-form-page'), (m) => m.CouponCreatePage),
  couponUpdate: lazyPage(() => import('../features/admin/coupon-form-page'), (m) => m.CouponUpdatePage),
  mail: lazyPage(() => import('../features/admin/mail-page'), (m) => m.MailPage),
  settings: lazyPage(() => import('../features/admin/settings-page'), (m) => m.SettingsPage),
  deliverySlots: lazyPage(() => import('../features/admin/delivery-slots-page'), (m) => m.DeliverySlotsPage),
  deliveries: lazyPage(() => import('../features/admin/deliveries-page'), (m) => m.DeliveriesPage),
  deliveryCards: lazyPage(() => import('../features/admin/delivery-print-pages'), (m) => m.DeliveryCardsPage),
  deliveryManifest: lazyPage(() => import('../features/admin/delivery-print-pages'), (m) => m.DeliveryManifestPage),
  gstReport: lazyPage(() => import('../features/admin/gst-report-page'), (m) => m.GstReportPage),
  lowStock: lazyPage(() => import('../features/admin/low-stock-page'), (m) => m.LowStockPage),
  deliveryAreaList: lazyPage(() => import('../features/admin/delivery-areas-list-page'), (m) => m.DeliveryAreaListPage),
  deliveryAreaCreate: lazyPage(() => import('../features/admin/delivery-areas-form-page'), (m) => m.DeliveryAreaCreatePage),
  deliveryAreaUpdate: lazyPage(() => import('../features/admin/delivery-areas-form-page'), (m) => m.DeliveryAreaUpdatePage),
  deliveryAreaDelete: lazyPage(() => import('../features/admin/delivery-areas-form-page'), (m) => m.DeliveryAreaDeletePage),
};

const adminRoutes: RouteObject[] = [
  lazyRoute(paths.dashboard, admin.dashboard),
  lazyRoute(paths.flowerForm, admin.flowerCreate),
  lazyRoute(paths.flowerList, admin.flowerList),
  lazyRoute('/flowerformupdate/:id', admin.flowerUpdate),
  lazyRoute(paths.flowerCategory, admin.categoryCreate),
  lazyRoute(paths.flowerCategoryList, admin.categoryList),
  lazyRoute('/updateflowercategory/:id', admin.categoryUpdate),
  // Paths match case-insensitively, so this also serves the spec's /flowerSubcategory spelling.
  lazyRoute(paths.flowerSubCategory, admin.subCategoryCreate),
  lazyRoute(paths.flowerSubCategoryList, admin.subCategoryList),
  lazyRoute('/updateflowersubcategory/:id', admin.subCategoryUpdate),
  lazyRoute(paths.heroImageForm, admin.heroImage),
  lazyRoute(paths.bannerBottomImage, admin.bannerBottomImage),
  lazyRoute(paths.purchaseOrderList, admin.purchaseOrderList),
  lazyRoute('/purchaseorderlist/:id', admin.purchaseOrder),
  lazyRoute(paths.userNeverPurchasedList, admin.neverPurchased),
  lazyRoute(paths.adminMessages, admin.messages),
  lazyRoute(paths.adminReviews, admin.reviews),
  lazyRoute(paths.adminCoupons, admin.couponList),
  lazyRoute(paths.adminCouponForm, admin.couponCreate),
  lazyRoute(`${paths.adminCouponForm}/:id`, admin.couponUpdate),
  lazyRoute(paths.adminMail, admin.mail),
  lazyRoute(paths.adminSettings, admin.settings),
  lazyRoute(paths.adminDeliverySlots, admin.deliverySlots),
  lazyRoute(paths.adminDeliveries, admin.deliveries),
  lazyRoute(paths.adminDeliveryCards, admin.deliveryCards),
  lazyRoute(paths.adminDeliveryManifest, admin.deliveryManifest),
  lazyRoute(paths.adminGstReport, admin.gstReport),
  lazyRoute(paths.adminLowStock, admin.lowStock),
  lazyRoute(paths.deliveryAreaList, admin.deliveryAreaList),
  lazyRoute(paths.deliveryArea, admin.deliveryAreaCreate),
  lazyRoute('/updatedeliveryarea/:id', admin.deliveryAreaUpdate),
  lazyRoute('/deletedeliveryarea/:id', admin.deliveryAreaDelete),
];

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        element: <PageErrors />,
        children: [
          {
            path: paths.root,
            element: <Navigate to={landingPath} replace />,
          },
          { path: paths.home, element: <HomePage /> },
          { path: '/category/:category_name/:sub_category_name', element: <CategoryPage /> },
          lazyRoute('/flower/:flower_ext_id', pages.flower),
          {
            element: <GuestOnly />,
            children: [
              lazyRoute(paths.login, pages.signIn),
              lazyRoute(paths.guestLogin, pages.signIn),
              lazyRoute(paths.signup, pages.signUp),
              lazyRoute(paths.forgotPassword, pages.forgotPassword),
            ],
          },
          { path: paths.myAccount, element: <Navigate to={paths.account} replace /> },
          {
            element: <SignedInOnly />,
            children: [
              lazyRoute(paths.account, pages.account),
              lazyRoute('/account/:selected_tab', pages.account),
              lazyRoute('/updateuseraddress/:id', pages.editAddress),
            ],
          },
          lazyRoute(paths.cart, pages.cart),
          lazyRoute(paths.checkout, pages.checkout),
          lazyRoute(paths.thankYou, pages.thankYou),
          lazyRoute(paths.contactUs, pages.contactUs),
          lazyRoute(paths.shipping, pages.shipping),
          lazyRoute(paths.refund, pages.refund),
          lazyRoute(paths.terms, pages.terms),
          lazyRoute(paths.privacy, pages.privacy),
          lazyRoute(paths.aboutUs, pages.aboutUs),
          lazyRoute(paths.access, pages.access),
          lazyRoute('/search', pages.search),
          { element: <AdminOnly />, children: adminRoutes },
          lazyRoute('*', pages.notFound),
        ],
      },
    ],
  },
];

/**
 * The page at the router's address, in the browser (src/main.tsx) and on the server (src/entry-server.tsx) alike, once
 * its code has arrived (src/app/lazy-route.tsx). The app loads a first page's code before it starts, so the loading
 * screen is only a safety net. An error outside any page (in the header, say) shows the error view on its own.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  // The session actor, outside React, navigates through the router (src/app/navigation.ts).
  useEffect(() => setNavigator((path) => void navigate(path)), [navigate]);
  const location = useShownLocation(appRoutes);
  return location ? <ShownRoutes location={location} /> : <RouteLoading />;
}

function ShownRoutes({ location }: { location: Location }) {
  const page = useRoutes(appRoutes, location);
  return <RouteErrorBoundary address={location.pathname}>{page}</RouteErrorBoundary>;
}
