import { z } from 'zod/mini';

/**
 * How a product reaches the buyer (issue 40, FLORIST-FACTS.md "How Indian florists deliver"): fresh flowers by the
 * florist's own people on a chosen date and slot where the shop delivers (`hand`), everlasting goods by courier to any
 * Indian pincode in 2 to 5 business days (`courier`). Set per category, with a per-product override.
 */
export const deliveryKinds = ['hand', 'courier'] as const;
export const deliveryKind = z.enum(deliveryKinds);
export type DeliveryKind = z.infer<typeof deliveryKind>;

export const deliveryKindLabels: Record<DeliveryKind, string> = {
  hand: 'Hand delivery',
  courier: 'Courier',
};
