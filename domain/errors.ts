import { z } from 'zod/mini';

/** Every refusal the API gives has this shape (DESIGN.md §4). */
export const apiError = z.object({ message: z.string(), code: z.string() });
export type ApiError = z.infer<typeof apiError>;

export const errorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'OUT_OF_STOCK',
  /** A delivery date or slot chosen at checkout can no longer be had (issue 40). */
  'DELIVERY_STALE',
  /** A coupon code refused at checkout: the message says why (domain/coupons.ts). */
  'COUPON_REFUSED',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'NOT_READY',
  'INTERNAL',
  'EMAIL_NOT_VERIFIED',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_BURNED',
  'PAYMENT_DECLINED',
  'PAYMENT_PROVIDER',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
