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
});
export type ShopInfo = z.infer<typeof shopInfo>;
