// Coupons (issue 42): the buyer's check of a code against her bag, and the admin's codes. Replies are parsed with
// domain/coupons.ts; a refusal or failure is an ApiCallError (the coupon machine reads COUPON_REFUSED's reason from
// it); the admin's writes resolve the form machine's outcome like the other admin forms (api/admin.ts).
import { applyCouponReply, applyCouponRequest, couponListReply } from '../../domain/coupons';
import type { ApplyCouponReply, Coupon, CouponInput } from '../../domain/coupons';
import type { AdminFormOutcome } from '../../machines/admin-form.machine';
import { refusedWith, write } from './form-write';
import { call } from './call-error';
import { api } from './client';

const saveFailed = 'The coupon could not be saved. Please try again.';

/** `POST user/{id}/applycoupon`: the code checked against the caller's stored bag; 409 COUPON_REFUSED says why not. */
export const applyCoupon = (userExtId: string, code: string): Promise<ApplyCouponReply> =>
  call(
    () => api.post(`user/${encodeURIComponent(userExtId)}/applycoupon`, { json: applyCouponRequest.parse({ code }) }).json(),
    applyCouponReply,
  );

/** `GET admin/coupons` */
export const getCoupons = async (): Promise<Coupon[]> => (await call(() => api.get('admin/coupons').json(), couponListReply)).coupons;

/** One coupon from the list (there is no single-coupon call); a missing one fails the load. */
export async function getCoupon(id: number): Promise<Coupon | undefined> {
  return (await getCoupons()).find((coupon) => coupon.id === id);
}

/** `POST admin/coupons`: a 409 when the code is taken, a 400 with the field's message. */
export const createCoupon = (body: CouponInput): Promise<AdminFormOutcome> =>
  write(() => api.post('admin/coupons', { json: body }).json(), refusedWith(saveFailed));

/** `PUT admin/coupons/{id}` */
export const updateCoupon = (id: number, body: CouponInput): Promise<AdminFormOutcome> =>
  write(() => api.put(`admin/coupons/${id}`, { json: body }).json(), refusedWith(saveFailed));
