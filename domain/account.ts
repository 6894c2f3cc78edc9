import { z } from 'zod/mini';
import { limits } from './limits';
import { orderExtras, shownOrderStatuses } from './admin-orders';
import { indiaOffsetMs } from './india-time';
import { patterns, requiredText, rowIdOf } from './fields';
import { storedUser } from './user';

/** Profile, orders list and the id queries of the account calls (SPEC.md §2 Account, §3, §5 Profile, §7). */
export const profileMessages = {
  firstNameRequired: 'First name is required!',
  firstNameTooShort: 'First name must be at least 3 characters long!',
  nameFormat: 'This is not a valid format!',
  lastNameRequired: 'Last name is required!',
  mobileRequired: 'Mobile number is required!',
  mobileFormat: 'Mobile number must be exactly 10 digits!',
  invalidSubmit: 'Please fill in all fields correctly!',
  updated: 'Profile updated successfully!',
  ordersEmpty: 'You have not added anything to your bag yet.',
  addressesEmpty: 'No addresses added. Please add a new address while you checkout',
  trackingPending: 'Link will be updated',
} as const;

const nameWithDots = (required: string) =>
  requiredText(required).check(
    z.maxLength(limits.nameMax, { error: profileMessages.nameFormat }),
    z.regex(patterns.lettersSpacesAndDots, { error: profileMessages.nameFormat }),
  );

export const profileFields = z.object({
  firstName: nameWithDots(profileMessages.firstNameRequired).check(
    z.minLength(limits.firstNameMin, { error: profileMessages.firstNameTooShort }),
  ),
  lastName: nameWithDots(profileMessages.lastNameRequired),
  mobileNumber: requiredText(profileMessages.mobileRequired).check(
    z.regex(patterns.tenDigits, { error: profileMessages.mobileFormat }),
  ),
});
export type ProfileFields = z.infer<typeof profileFields>;

/** `?id={userExtId}` of the account calls; the server answers 403 unless it is the caller's own id. */
export const userIdQuery = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
export const addressIdQuery = z.object({ id: rowIdOf('id must be an address id') });

/** `GET getsingleuserdetails` */
export const userDetails = storedUser;
export type UserDetails = z.infer<typeof userDetails>;

/** `POST updateuserdetails` — e-mail is read-only: whatever is sent, the stored one stays. */
export const updateUserDetailsRequest = z.extend(profileFields, {
  userId: z.optional(z.string().check(z.maxLength(64))),
  email: z.optional(z.string().check(z.maxLength(320))),
});

/** `GET userorderslist` (SPEC.md §3 Order list item). Money in rupees; createdAt ISO. */
export const accountOrder = z.object({
  status: z.enum(shownOrderStatuses),
  userTrackingUrl: z.nullable(z.string()),
  UserOrder: z.object({
    rpayOrderId: z.string(),
    createdAt: z.string(),
    price: z.number(),
    ...orderExtras,
    UserOrderItems: z.array(
      z.object({
        quantity: z.number().check(z.int()),
        /** `externalId` (issue 42): the product as it is now, for "Rate this" on a delivered order. */
        ProductDatum: z.object({ productName: z.string(), externalId: z.optional(z.string()) }),
      }),
    ),
  }),
});
export type AccountOrder = z.infer<typeof accountOrder>;
export const accountOrders = z.array(accountOrder);

/** Shown tracking link: "Link will be updated" when none; `http://` added when the scheme is missing (SPEC.md §2). */
export function trackingLink(url: string | null | undefined): { href: string | null; text: string } {
  const trimmed = url?.trim();
  if (!trimmed) return { href: null, text: profileMessages.trackingPending };
  const href = /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  return { href, text: href };
}

/** `POST updateuserdetails` answer: the confirmation and the details as stored. */
export const updateUserDetailsReply = z.extend(userDetails, { message: z.string() });
export type UpdateUserDetailsReply = z.infer<typeof updateUserDetailsReply>;

/** The profile form as typed: every field a string (the e-mail only shown). */
export interface ProfileForm {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
}

/**
 * An order's date as the spec shows it: YYYY-MM-DD in India time (SPEC.md §9), whatever the viewer's time zone. By
 * the fixed offset, not Intl.DateTimeFormat: a page's first Intl formatter loads the browser's locale data, a long
 * task on a slow phone while the page starts.
 */
export function orderDate(iso: string): string {
  return inIndia(iso).slice(0, 10);
}

/** A moment as YYYY-MM-DD HH:MM in India time, the same way (a contact message's arrival). */
export function indiaDateTime(iso: string): string {
  return inIndia(iso).slice(0, 16).replace('T', ' ');
}

/** ISO 8601 with India's wall clock in place of UTC's; '' for a date that is not one. */
function inIndia(iso: string): string {
  const shifted = new Date(new Date(iso).getTime() + indiaOffsetMs);
  return Number.isNaN(shifted.getTime()) ? '' : shifted.toISOString();
}
