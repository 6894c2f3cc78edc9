/** The account mails: a one-time code (for any purpose) and the welcome mail, in the shop's one mail look. */
import type { ShopConfig } from '../../config';
import { composeMail } from '../mail/mail-template';
import type { Mail } from '../mail/mailer';
import type { OtpPurpose } from '../otp/otp.service';
import { otpRules } from '../otp/otp.service';

const otpWording: Record<OtpPurpose, { subject: string; heading: string; use: string }> = {
  sign_up: {
    subject: 'Your sign-up code',
    heading: 'Confirm your e-mail address',
    use: 'Use this code to finish creating your account',
  },
  password_reset: {
    subject: 'Your password reset code',
    heading: 'Reset your password',
    use: 'Use this code to set a new password for your account',
  },
  guest_checkout: {
    subject: 'Your checkout code',
    heading: 'Confirm your e-mail address',
    use: 'Use this code to confirm your e-mail address and continue to checkout',
  },
  set_password: {
    subject: 'Your code to set a password',
    heading: 'Set your password',
    use: 'Use this code to set a password for your account',
  },
};

export function otpMail(shop: ShopConfig, to: string, purpose: OtpPurpose, code: string): Mail {
  const wording = otpWording[purpose];
  const minutes = otpRules.ttlMs / 60_000;
  const { text, html } = composeMail(shop, {
    heading: wording.heading,
    paragraphs: [
      `${wording.use} at ${shop.name}. It is valid for ${minutes} minutes and can be used once.`,
      `If it was not you who asked for this code, you can ignore this e-mail: nothing changes without the code. ` +
        `Questions? Write to ${shop.email} or call ${shop.phone}.`,
    ],
    highlight: code,
  });
  return { to, subject: `${wording.subject} · ${shop.name}`, text, html };
}

export function welcomeMail(shop: ShopConfig, to: string, firstName: string | null): Mail {
  const { text, html } = composeMail(shop, {
    heading: `Welcome to ${shop.name}${firstName ? `, ${firstName}` : ''}!`,
    paragraphs: [
      'Your account has been created. Sign in with your e-mail address and the password you chose to see your orders, ' +
        'keep your addresses and check out faster.',
      `If it was not you who created this account, please write to ${shop.email} or call ${shop.phone}.`,
    ],
  });
  return { to, subject: `Welcome to ${shop.name}`, text, html };
}
