import { z } from 'zod/mini';
import { productSummary } from './catalog';

/**
 * Add-ons' contract (issue 42): `GET addons` lists the products the admin marked as add-ons (a cake, chocolates, a
 * vase, a card, a soft toy) that can be bought now, for "Make it special" on the product page and in the bag. They are
 * ordinary products: adding one is the ordinary add-to-bag call. Money is rupees on the wire, as in the catalogue.
 */
export const addonsLimit = 12;

export const addon = z.extend(productSummary, { categoryName: z.string() });
export type Addon = z.infer<typeof addon>;

/** Live, in-stock add-ons, at most `addonsLimit`, in a stable order (the order the admin added them). */
export const addonsReply = z.object({ addons: z.array(addon) });
export type AddonsReply = z.infer<typeof addonsReply>;

/** The section's heading, on the product page and in the bag. */
export const addonsTitle = 'Make it special';
