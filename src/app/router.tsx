// Every route of SPEC.md §2, plus /home and /myaccount (DESIGN.md §5). The pages the server draws (home, category,
// product) are in the app's first script: as lazy chunks (a download after that script's), Lighthouse's TBT of the
// product page rose from a median of 207 to 343 ms in alternating runs (docs/performance.md). Every other page is a
// lazy chunk loaded with the spec's time-out, so a first visit never downloads admin code. src/main.tsx loads the
// page it starts on before the router starts, and src/app/route-prefetch.ts a page a link leads to as soon as the
// shopper points at the link.
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { landingPath } from '../../domain/limits';
import { CategoryPage } from '../features/catalog/category-page';
import { FlowerDetailPage } from '../features/catalog/flower-detail-page';
import { HomePage } from '../features/catalog/home-page';
import { AppLayout } from './layout/app-layout';
import { lazyComponent } from './lazy-route';
import { paths } from './paths';
import { AdminOnly, GuestOnly, SignedInOnly } from './route-guards';
import { RouteError } from './route-error';
import { RouteLoading } from './route-loading';

const pages = {
  cart: lazyComponent(() => import('../features/cart/cart-page'), (m) => m.CartPage),
  shipping: lazyComponent(() => import('../features/pages/shipping-page'), (m) => m.ShippingPage),
  refund: lazyComponent(() => import('../features/pages/refund-page'), (m) => m.RefundPage),
  terms: lazyComponent(() => import('../features/pages/terms-page'), (m) => m.TermsPage),
  privacy: lazyComponent(() => import('../features/pages/privacy-page'), (m) => m.PrivacyPage),
  aboutUs: lazyComponent(() => import('../features/pages/about-us-page'), (m) => m.AboutUsPage),
  contactUs: lazyComponent(() => import('../features/pages/contact-us-page'), (m) => m.ContactUsPage),
  access: lazyComponent(() => import('../features/pages/access-page'), (m) => m.AccessPage),
  notFound: lazyComponent(() => import('../features/pages/not-found-page'), (m) => m.NotFoundPage),
  signIn: lazyComponent(() => import('../features/auth/sign-in-page'), (m) => m.SignInPage),
  signUp: lazyComponent(() => import('../features/auth/sign-up-page'), (m) => m.SignUpPage),
  forgotPassword: lazyComponent(() => import('../features/auth/forgot-password-page'), (m) => m.ForgotPasswordPage),
  account: lazyComponent(() => import('../features/account/account-page'), (m) => m.AccountPage),
  editAddress: lazyComponent(() => import('../features/account/edit-address-page'), (m) => m.EditAddressPage),
  checkout: lazyComponent(() => import('../features/checkout/checkout-page'), (m) => m.CheckoutPage),
  thankYou: lazyComponent(() => import('../features/checkout/thank-you-page'), (m) => m.ThankYouPage),
};

// Each admin screen is its own lazy chunk under src/features/admin/: shoppers never download any of them.
const admin = {
  dashboard: lazyComponent(() => import('../features/admin/dashboard-page'), (m) => m.DashboardPage),
  categoryList: lazyComponent(() => import('../features/admin/category-list-page'), (m) => m.CategoryListPage),
  categoryCreate: lazyComponent(() => import('../features/admin/category-form-page'), (m) => m.CategoryCreatePage),
  categoryUpdate: lazyComponent(() => import('../features/admin/category-form-page'), (m) => m.CategoryUpdatePage),
  subCategoryList: lazyComponent(() => import('../features/admin/sub-category-list-page'), (m) => m.SubCategoryListPage),
  subCategoryCreate: lazyComponent(() => import('../features/admin/sub-category-form-page'), (m) => m.SubCategoryCreatePage),
  subCategoryUpdate: lazyComponent(() => import('../features/admin/sub-category-form-page'), (m) => m.SubCategoryUpdatePage),
  flowerList: lazyComponent(() => import('../features/admin/flower-list-page'), (m) => m.FlowerListPage),
  flowerCreate: lazyComponent(() => import('../features/admin/flower-form-page'), (m) => m.FlowerCreatePage),
  flowerUpdate: lazyComponent(() => import('../features/admin/flower-form-page'), (m) => m.FlowerUpdatePage),
  heroImage: lazyComponent(() => import('../features/admin/site-image-page'), (m) => m.HeroImagePage),
  bannerBottomImage: lazyComponent(() => import('../features/admin/site-image-page'), (m) => m.BannerBottomImagePage),
  purchaseOrderList: lazyComponent(() => import('../features/admin/purchase-order-list-page'), (m) => m.PurchaseOrderListPage),
  purchaseOrder: lazyComponent(() => import('../features/admin/purchase-order-page'), (m) => m.PurchaseOrderPage),
  neverPurchased: lazyComponent(() => import('../features/admin/never-purchased-list-page'), (m) => m.NeverPurchasedListPage),
};

const adminRoutes: RouteObject[] = [
  { path: paths.dashboard, lazy: admin.dashboard },
  { path: paths.flowerForm, lazy: admin.flowerCreate },
  { path: paths.flowerList, lazy: admin.flowerList },
  { path: '/flowerformupdate/:id', lazy: admin.flowerUpdate },
  { path: paths.flowerCategory, lazy: admin.categoryCreate },
  { path: paths.flowerCategoryList, lazy: admin.categoryList },
  { path: '/updateflowercategory/:id', lazy: admin.categoryUpdate },
  // Paths match case-insensitively, so this also serves the spec's /flowerSubcategory spelling.
  { path: paths.flowerSubCategory, lazy: admin.subCategoryCreate },
  { path: paths.flowerSubCategoryList, lazy: admin.subCategoryList },
  { path: '/updateflowersubcategory/:id', lazy: admin.subCategoryUpdate },
  { path: paths.heroImageForm, lazy: admin.heroImage },
  { path: paths.bannerBottomImage, lazy: admin.bannerBottomImage },
  { path: paths.purchaseOrderList, lazy: admin.purchaseOrderList },
  { path: '/purchaseorderlist/:id', lazy: admin.purchaseOrder },
  { path: paths.userNeverPurchasedList, lazy: admin.neverPurchased },
];

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    // A first visit straight to a lazy page (e.g. /shipping) waits for its chunk before anything renders.
    hydrateFallbackElement: <RouteLoading />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            path: paths.root,
            element: <Navigate to={landingPath} replace />,
          },
          { path: paths.home, element: <HomePage /> },
          { path: '/category/:category_name/:sub_category_name', element: <CategoryPage /> },
          { path: '/flower/:flower_ext_id', element: <FlowerDetailPage /> },
          {
            element: <GuestOnly />,
            children: [
              { path: paths.login, lazy: pages.signIn },
              { path: paths.guestLogin, lazy: pages.signIn },
              { path: paths.signup, lazy: pages.signUp },
              { path: paths.forgotPassword, lazy: pages.forgotPassword },
            ],
          },
          { path: paths.myAccount, element: <Navigate to={paths.account} replace /> },
          {
            element: <SignedInOnly />,
            children: [
              { path: paths.account, lazy: pages.account },
              { path: '/account/:selected_tab', lazy: pages.account },
              { path: '/updateuseraddress/:id', lazy: pages.editAddress },
            ],
          },
          { path: paths.cart, lazy: pages.cart },
          { path: paths.checkout, lazy: pages.checkout },
          { path: paths.thankYou, lazy: pages.thankYou },
          { path: paths.contactUs, lazy: pages.contactUs },
          { path: paths.shipping, lazy: pages.shipping },
          { path: paths.refund, lazy: pages.refund },
          { path: paths.terms, lazy: pages.terms },
          { path: paths.privacy, lazy: pages.privacy },
          { path: paths.aboutUs, lazy: pages.aboutUs },
          { path: paths.access, lazy: pages.access },
          { element: <AdminOnly />, children: adminRoutes },
          { path: '*', lazy: pages.notFound },
        ],
      },
    ],
  },
];
