// Admin screens until the admin issue lands. A separate module so that it (and later the real admin code) is a lazy
// chunk the storefront never downloads.
import { PlaceholderPage } from './placeholder-page';

export const DashboardPage = () => <PlaceholderPage title="Dashboard" />;
export const FlowerFormPage = () => <PlaceholderPage title="Flower Data Form" />;
export const FlowerListPage = () => <PlaceholderPage title="List of Flowers" />;
export const FlowerFormUpdatePage = () => <PlaceholderPage title="Flower Data Update Form" />;
export const FlowerCategoryPage = () => <PlaceholderPage title="Flower Category Form" />;
export const FlowerCategoryListPage = () => <PlaceholderPage title="Flower Category List" />;
export const UpdateFlowerCategoryPage = () => <PlaceholderPage title="Category Update Form" />;
export const FlowerSubCategoryPage = () => <PlaceholderPage title="SubCategory Form" />;
export const FlowerSubCategoryListPage = () => <PlaceholderPage title="Flower Sub Category List" />;
export const UpdateFlowerSubCategoryPage = () => <PlaceholderPage title="SubCategory Update Form" />;
export const HeroImageFormPage = () => <PlaceholderPage title="Hero image Form" />;
export const BannerBottomImagePage = () => <PlaceholderPage title="Bottom Banner image Form" />;
export const PurchaseOrderListPage = () => <PlaceholderPage title="Purchase Order List" />;
export const PurchaseOrderUpdatePage = () => <PlaceholderPage title="Purchase Order Update Form" />;
export const UserNeverPurchasedListPage = () => <PlaceholderPage title="User Never Purchased List" />;
