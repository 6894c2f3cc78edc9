// The "Check delivery" answer for a Chennai pincode, as the domain words it and the server sends it, for the domain,
// machine and server tests.
import type { DeliveryCheck } from '../../domain/delivery-check';

/** Hand delivery to 600004, Chennai, asked on Thursday 3 December 2026 before the 4 pm Standard cut-off. */
export const chennaiTodayAnswer: DeliveryCheck = {
  pincode: '600004',
  place: 'Chennai',
  kind: 'hand',
  deliverable: true,
  date: '2026-12-03',
  message: 'Delivery to 600004, Chennai: today by 9 pm',
};
