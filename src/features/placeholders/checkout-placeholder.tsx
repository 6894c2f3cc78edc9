// Checkout until the checkout issue lands; a lazy chunk of its own, as the real checkout will be.
import { PlaceholderPage } from './placeholder-page';

export const CheckoutPage = () => <PlaceholderPage title="Checkout" />;
