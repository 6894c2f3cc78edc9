import { z } from 'zod/mini';

/** The numbers of an order's GST documents as the orders lists carry them (their download buttons); null when none. */
export const orderDocumentNumbers = z.object({ invoice: z.nullable(z.string()), creditNote: z.nullable(z.string()) });
export type OrderDocumentNumbers = z.infer<typeof orderDocumentNumbers>;
