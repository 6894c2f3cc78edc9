// "Enter Email OTP" (SPEC.md §4 "Guest checkout creation"): the code that proves the guest's e-mail.
import { useSelector } from '@xstate/react';
import { guestFieldErrors } from '../../../machines/guest-checkout.selectors';
import { OtpField } from '../../components/otp-field';
import { EmailMention, FormDialog, SubmitButton } from '../../components/form-dialog';
import type { GuestActor } from './use-guest-checkout-actors';

export function GuestOtpDialog({ guest }: { guest: GuestActor }) {
  const open = useSelector(guest, (snapshot) => snapshot.matches('otpModal') || snapshot.matches('verifyingOtp'));
  const verifying = useSelector(guest, (snapshot) => snapshot.matches('verifyingOtp'));
  const otp = useSelector(guest, (snapshot) => snapshot.context.otp);
  const email = useSelector(guest, (snapshot) => snapshot.context.details.email);
  const otpError = useSelector(guest, (snapshot) => guestFieldErrors(snapshot.context).otp);
  // The machine answers an empty code with its snackbar; the field speaks once something is typed.
  const error = otp !== '' ? otpError : undefined;

  return (
    <FormDialog
      open={open}
      title="Enter Email OTP"
      description={
        <>
          We sent a 6-digit code to <EmailMention>{email}</EmailMention>. Enter it to confirm your e-mail.
        </>
      }
      formLabel="Verify your email"
      busy={verifying}
      actions={
        <SubmitButton busy={verifying} busyLabel="Verifying…">
          Verify
        </SubmitButton>
      }
      onSubmit={() => guest.send({ type: 'otp.verify' })}
      onCancel={() => guest.send({ type: 'otp.cancel' })}
    >
      <OtpField
        value={otp}
        error={error}
        onValueChange={(value) => guest.send({ type: 'field.change', field: 'otp', value })}
        readOnly={verifying}
      />
    </FormDialog>
  );
}
