// "Set Password" (SPEC.md §4 "Set-password flow"): a returning guest's code, new password and confirmation.
import { Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { setPasswordErrors } from '../../../machines/set-password.selectors';
import type { SetPasswordField } from '../../../machines/set-password.selectors';
import { NewPasswordFields } from '../../components/new-password-fields';
import { OtpField } from '../../components/otp-field';
import { shownErrors } from '../../components/shown-errors';
import { EmailMention, FormDialog, SubmitButton } from '../../components/form-dialog';
import type { SetPasswordActor } from './use-guest-checkout-actors';

export function SetPasswordDialog({ setPassword }: { setPassword: SetPasswordActor }) {
  // Busy from Submit until /checkout loads again: the code, the sign-in, then the merge of the guest bag.
  const busy = useSelector(
    setPassword,
    (snapshot) => snapshot.matches('settingPassword') || snapshot.matches('signingIn') || snapshot.matches('mergingGuestBag'),
  );
  const open = useSelector(setPassword, (snapshot) => snapshot.matches('modalOpen')) || busy;
  const context = useSelector(setPassword, (snapshot) => snapshot.context);
  const { email, otp, submitted, shown } = context;
  const errors = setPasswordErrors(context);
  const shownError = shownErrors<SetPasswordField>(context, errors, submitted);
  const change = (field: SetPasswordField, value: string) => setPassword.send({ type: 'field.change', field, value });

  return (
    <FormDialog
      open={open}
      title="Set Password"
      description={
        <>
          Enter the 6-digit code we sent to <EmailMention>{email}</EmailMention> and choose your password.
        </>
      }
      formLabel="Set your password"
      busy={busy}
      actions={
        <SubmitButton busy={busy} busyLabel="Saving…">
          Submit
        </SubmitButton>
      }
      onSubmit={() => setPassword.send({ type: 'form.submit' })}
      onCancel={() => setPassword.send({ type: 'modal.cancel' })}
    >
      <Stack gap="4">
        <OtpField value={otp} error={shownError('otp')} onValueChange={(value) => change('otp', value)} readOnly={busy} />
        <NewPasswordFields
          values={context}
          shown={shown}
          shownError={shownError}
          onFieldChange={change}
          onToggle={(field) => setPassword.send({ type: 'password.toggle', field })}
          readOnly={busy}
        />
      </Stack>
    </FormDialog>
  );
}
