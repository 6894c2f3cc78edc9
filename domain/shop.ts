import { z } from 'zod/mini';

/** `GET /api/shop`: the shop's public identity and contact details, from server configuration (DESIGN.md §5). */
export const shopInfo = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  instagramUrl: z.string(),
  facebookUrl: z.string(),
  whatsappUrl: z.string(),
  /** The shop's square mark as a 256×256 PNG, an absolute URL from PUBLIC_BASE_URL: Razorpay's checkout shows it. */
  logoUrl: z.string(),
});

/** Where the square PNG mark is served (public/checkout-logo.png, rendered from public/favicon.svg). */
export const checkoutLogoPath = '/checkout-logo.png';
export type ShopInfo = z.infer<typeof shopInfo>;
