/**
 * Every endpoint of the app and how the fuzz run reaches it. The inputs' shapes are not written here: they come from
 * each route's own zod schemas (the OpenAPI document, see route-inputs.ts). What a schema cannot say is: which rows
 * an `id` names on that route, the multipart forms' field schemas and file limits, credentials outside the body (the
 * refresh cookie, the webhook's signature), the caller a route serves, and the refusals the spec requires to write a
 * row. A registered route without a target here fails endpoints.test.ts.
 */
import { z } from 'zod';
import { productCreateFields, productUpdateFields } from '../../../domain/admin-catalog';
import { limits } from '../../../domain/limits';
import { productImageBytesMax } from '../../../server/modules/admin/admin-catalog.routes';
import type { CallerName } from './fuzz-world';

/** What an `id` field (query, body or path) names on a route. */
export type IdMeaning = 'user' | 'address' | 'guestSession' | 'category' | 'subCategory' | 'purchase' | 'product' | 'contactMessage' | 'mail' | 'deliverySlot' | 'deliveryArea' | 'delivery' | 'review' | 'coupon';

/**
 * A refusal that must write, with the rule that says so: only these tables, with this status and these codes, may
 * change when the route refuses.
 */
export interface RefusalWrites {
  status: number;
  codes: readonly string[];
  tables: readonly string[];
  rule: string;
}

export interface FuzzTarget {
  method: 'GET' | 'POST' | 'PUT';
  /** The path as registered (`:name` for parameters); `*` is the catch-all (unknown paths and methods). */
  path: string;
  id?: IdMeaning;
  /** A multipart form: the zod schema its text fields are parsed with, and the size limit of one file. */
  form?: { fields: z.core.$ZodType; maxFileBytes: number };
  /** Credentials that travel outside the body and query. */
  credentials?: 'refreshToken' | 'webhookSignature';
  /** The caller the route is for, sent most often so that requests get past the access checks; else all alike. */
  servedTo?: CallerName;
  refusalWrites?: RefusalWrites;
}

const wrongCodeBurnsATry: RefusalWrites = {
  status: 400,
  codes: ['OTP_INVALID', 'OTP_BURNED'],
  tables: ['one_time_codes'],
  rule: 'a wrong one-time code counts towards the 5 tries that burn it (SPEC.md §4, docs/architecture.md "Sessions and access")',
};

export const fuzzTargets: readonly FuzzTarget[] = [
  // -- Sessions, sign-up, password, account, contact, health and dev tooling.
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/ready' },
  { method: 'GET', path: '/api/shop' },
  { method: 'POST', path: '/api/contactapi' },
  { method: 'GET', path: '/api/getSessionId' },
  { method: 'POST', path: '/api/loginapi' },
  {
    method: 'POST',
    path: '/api/refresh',
    credentials: 'refreshToken',
    refusalWrites: {
      status: 401,
      codes: ['UNAUTHORIZED'],
      tables: ['refresh_tokens'],
      rule: 'presenting a used refresh token revokes its whole family (DESIGN.md §4, docs/architecture.md)',
    },
  },
  { method: 'POST', path: '/api/logout', credentials: 'refreshToken' },
  { method: 'POST', path: '/api/checkemailpresent' },
  { method: 'POST', path: '/api/createuser' },
  { method: 'POST', path: '/api/verifyotp', refusalWrites: wrongCodeBurnsATry },
  { method: 'POST', path: '/api/createpassword' },
  { method: 'POST', path: '/api/verifyemail' },
  { method: 'POST', path: '/api/verifyotppassword', refusalWrites: wrongCodeBurnsATry },
  { method: 'GET', path: '/api/getsingleuserdetails', id: 'user', servedTo: 'customer' },
  { method: 'POST', path: '/api/updateuserdetails', id: 'user', servedTo: 'customer' },
  { method: 'GET', path: '/api/userorderslist', id: 'user', servedTo: 'customer' },
  { method: 'GET', path: '/api/userorderdocument', id: 'user', servedTo: 'customer' },
  { method: 'GET', path: '/api/getuseraddresses', id: 'user', servedTo: 'customer' },
  { method: 'GET', path: '/api/getsingleuseraddressdetails', id: 'address', servedTo: 'customer' },
  { method: 'POST', path: '/api/updateuseraddress', id: 'address', servedTo: 'customer' },
  { method: 'GET', path: '/api/dev/outbox' },
  { method: 'GET', path: '/dev/mailbox' },

  // -- Catalogue, images, bag, checkout, invoice and payment.
  { method: 'GET', path: '/api/allflowers' },
  { method: 'GET', path: '/api/categoryheader' },
  { method: 'GET', path: '/api/searchflowers' },
  { method: 'GET', path: '/api/searchsuggestions' },
  { method: 'GET', path: '/api/addons' },
  { method: 'GET', path: '/api/flowerdetail/:flower_ext_id' },
  { method: 'GET', path: '/api/flowerreviews/:flower_ext_id' },
  { method: 'GET', path: '/api/myreview/:flower_ext_id', servedTo: 'customer' },
  { method: 'PUT', path: '/api/myreview/:flower_ext_id', servedTo: 'customer' },
  { method: 'GET', path: '/api/flowerimage' },
  { method: 'GET', path: '/api/heroimage' },
  { method: 'GET', path: '/api/user/:userExtId/cart', servedTo: 'customer' },
  { method: 'GET', path: '/api/guest/:sessionId/cart', servedTo: 'guest' },
  { method: 'POST', path: '/api/createusercart' },
  { method: 'POST', path: '/api/checkquantity' },
  { method: 'POST', path: '/api/user/:owner/cart/:cartItemId' },
  { method: 'POST', path: '/api/removecartitem' },
  { method: 'POST', path: '/api/syncGuestLoggedInCart' },
  { method: 'POST', path: '/api/checkemailavailability' },
  { method: 'POST', path: '/api/createguestcheckout', servedTo: 'guest' },
  { method: 'POST', path: '/api/createguestaddress', servedTo: 'guest' },
  { method: 'GET', path: '/api/getguestuseraddress', id: 'guestSession', servedTo: 'guest' },
  { method: 'POST', path: '/api/createlogincheckout', servedTo: 'customer' },
  { method: 'POST', path: '/api/checkquantitylist' },
  { method: 'POST', path: '/api/user/:id/checkoutinvoice', id: 'user' },
  { method: 'POST', path: '/api/user/:id/applycoupon', id: 'user' },
  { method: 'GET', path: '/api/payment/key' },
  { method: 'POST', path: '/api/payment/failed' },
  { method: 'POST', path: '/api/payment/verify' },
  { method: 'POST', path: '/api/payment/webhook', credentials: 'webhookSignature' },
  { method: 'POST', path: '/api/payment/sandbox/pay' },

  // -- The admin area, and every path and method the app has no route for.
  { method: 'GET', path: '/api/flowercategorylist', servedTo: 'admin' },
  { method: 'GET', path: '/api/getsingleflowercategory', servedTo: 'admin', id: 'category' },
  { method: 'POST', path: '/api/createflowercategory', servedTo: 'admin' },
  { method: 'POST', path: '/api/updateflowercategory', servedTo: 'admin', id: 'category' },
  { method: 'GET', path: '/api/subflowercategorylist', servedTo: 'admin' },
  { method: 'GET', path: '/api/subproductcategorylist/:categoryId', servedTo: 'admin' },
  { method: 'GET', path: '/api/getsubflowercategorybyid', servedTo: 'admin', id: 'subCategory' },
  { method: 'POST', path: '/api/createsubflowercategory', servedTo: 'admin' },
  { method: 'POST', path: '/api/flowersubproductcategoryupdate', servedTo: 'admin', id: 'subCategory' },
  { method: 'GET', path: '/api/getproductdata', servedTo: 'admin' },
  { method: 'GET', path: '/api/getsingleflower', servedTo: 'admin' },
  {
    method: 'POST',
    path: '/api/flowerformdata',
    servedTo: 'admin',
    form: { fields: productCreateFields, maxFileBytes: productImageBytesMax },
  },
  {
    method: 'POST',
    path: '/api/updateflowerdata',
    servedTo: 'admin',
    id: 'product',
    form: { fields: productUpdateFields, maxFileBytes: productImageBytesMax },
  },
  // The hero upload has no text fields (its slot is in the query): the form is only its `files` part.
  {
    method: 'POST',
    path: '/api/heroimage',
    servedTo: 'admin',
    form: { fields: z.object({}), maxFileBytes: limits.heroImageBytesMax },
  },
  { method: 'GET', path: '/api/users/purchases/list', servedTo: 'admin' },
  { method: 'GET', path: '/api/getSinglePurchase', servedTo: 'admin', id: 'purchase' },
  { method: 'POST', path: '/api/updatepurchaseorder', servedTo: 'admin', id: 'purchase' },
  { method: 'POST', path: '/api/refundpurchaseorder', servedTo: 'admin', id: 'purchase' },
  { method: 'POST', path: '/api/cancelpurchaseorder', servedTo: 'admin', id: 'purchase' },
  { method: 'GET', path: '/api/getuserneverpurchase', servedTo: 'admin' },
  { method: 'GET', path: '/api/getpurchasedocument', servedTo: 'admin', id: 'purchase' },
  { method: 'GET', path: '/api/admin/settings', servedTo: 'admin' },
  { method: 'POST', path: '/api/admin/settings', servedTo: 'admin' },
  { method: 'GET', path: '/api/admin/messages', servedTo: 'admin' },
  { method: 'GET', path: '/api/admin/reviews', servedTo: 'admin' },
  { method: 'POST', path: '/api/admin/reviews/:id/visibility', servedTo: 'admin', id: 'review' },
  { method: 'GET', path: '/api/admin/coupons', servedTo: 'admin' },
  { method: 'POST', path: '/api/admin/coupons', servedTo: 'admin' },
  { method: 'PUT', path: '/api/admin/coupons/:id', servedTo: 'admin', id: 'coupon' },
  { method: 'GET', path: '/api/admin/messages/unread', servedTo: 'admin' },
  { method: 'POST', path: '/api/admin/messages/:id/read', servedTo: 'admin', id: 'contactMessage' },
  { method: 'GET', path: '/api/admin/mails', servedTo: 'admin' },
  { method: 'POST', path: '/api/admin/mails/:id/resend', servedTo: 'admin', id: 'mail' },
  { method: 'GET', path: '/api/delivery/schedule' },
  { method: 'GET', path: '/api/admin/delivery/settings', servedTo: 'admin' },
  { method: 'POST', path: '/api/admin/delivery/slots/:id', servedTo: 'admin', id: 'deliverySlot' },
  { method: 'POST', path: '/api/admin/delivery/courier', servedTo: 'admin' },
  { method: 'POST', path: '/api/admin/delivery/holidays', servedTo: 'admin' },
  { method: 'POST', path: '/api/admin/delivery/holidays/remove', servedTo: 'admin' },
  { method: 'GET', path: '/api/pincodes/:pincode' },
  { method: 'GET', path: '/api/delivery/reach' },
  { method: 'GET', path: '/api/delivery/check' },
  { method: 'GET', path: '/api/admin/delivery-areas', servedTo: 'admin' },
  { method: 'POST', path: '/api/admin/delivery-areas', servedTo: 'admin' },
  { method: 'POST', path: '/api/admin/delivery-areas/:id', servedTo: 'admin', id: 'deliveryArea' },
  { method: 'POST', path: '/api/admin/delivery-areas/:id/delete', servedTo: 'admin', id: 'deliveryArea' },
  { method: 'GET', path: '/api/admin/deliveries', servedTo: 'admin' },
  { method: 'POST', path: '/api/admin/deliveries/:id/status', servedTo: 'admin', id: 'delivery' },
  { method: 'GET', path: '/api/admin/reports/dashboard', servedTo: 'admin' },
  { method: 'GET', path: '/api/admin/reports/orders.csv', servedTo: 'admin' },
  { method: 'GET', path: '/api/admin/reports/gst', servedTo: 'admin' },
  { method: 'GET', path: '/api/admin/reports/gst.csv', servedTo: 'admin' },
  { method: 'GET', path: '/api/admin/reports/low-stock', servedTo: 'admin' },
  // What crawlers read first (issue 42): no input but the query, which they ignore.
  { method: 'GET', path: '/sitemap.xml' },
  { method: 'GET', path: '/robots.txt' },
  // The pages: '/' and every other address (the built app's files, catalogue pages with their data, unknown paths).
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/*' },
];

/** Routes the fuzz run leaves alone: the API documentation (static, no input of ours). */
export const unfuzzedPrefixes = ['/api/docs'] as const;

/** Requests per endpoint in a run: together at least the 10,000 of issue 9. */
export const requestsPerTarget = Math.ceil(10_000 / fuzzTargets.length);

export const targetKey = (target: Pick<FuzzTarget, 'method' | 'path'>) => `${target.method} ${target.path}`;
