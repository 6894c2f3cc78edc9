import { z } from 'zod/mini';
import { limits } from './limits';
import { patterns, requiredText } from './fields';

/** SPEC.md §5 Contact and §7 `POST contactapi`. */
export const contactMessages = {
  fullNameRequired: 'Full Name is required!',
  fullNameFormat: 'Full Name must contain letters and spaces only!',
  emailRequired: 'Email Address is required!',
  emailFormat: 'Invalid email address format!',
  phoneRequired: 'Phone Number is required!',
  phoneFormat: 'Invalid phone number format (10 digits required)!',
  messageRequired: 'Your message is required!',
  messageTooLong: `Your message cannot exceed ${limits.contactMessageMax} characters!`,
  sent: 'Thank You for Your Response!!',
  failed: 'Something went wrong: An error occurred during submission',
  invalidForm: 'Something went wrong',
} as const;

export const contactForm = z.object({
  fullName: requiredText(contactMessages.fullNameRequired).check(
    z.maxLength(limits.nameMax, { error: contactMessages.fullNameFormat }),
    z.regex(patterns.lettersAndSpaces, { error: contactMessages.fullNameFormat }),
  ),
  userEmail: requiredText(contactMessages.emailRequired).check(
    z.maxLength(limits.emailMax, { error: contactMessages.emailFormat }),
    z.regex(patterns.email, { error: contactMessages.emailFormat }),
  ),
  phoneNumber: requiredText(contactMessages.phoneRequired).check(
    z.regex(patterns.tenDigits, { error: contactMessages.phoneFormat }),
  ),
  message: requiredText(contactMessages.messageRequired).check(
    z.maxLength(limits.contactMessageMax, { error: contactMessages.messageTooLong }),
  ),
});
export type ContactForm = z.infer<typeof contactForm>;

/** The request body: the form plus `adminEmail`, which the original sent along and the server ignores. */
export const contactRequest = z.extend(contactForm, { adminEmail: z.optional(z.string().check(z.maxLength(320))) });
export type ContactRequest = z.infer<typeof contactRequest>;

export const contactReply = z.object({ message: z.string() });
