// The centred dialog that holds a form: a title, what to do, the form, and Cancel beside its submit. The guest's
// checkout ("Enter Email OTP", "Set Password") and the review form ("Rate this") open it.
import type { FormEvent, ReactNode } from 'react';
import { Box, Button, Dialog, Portal, Text } from '@chakra-ui/react';

interface FormDialogProps {
  open: boolean;
  size?: 'sm' | 'md';
  title: string;
  description: ReactNode;
  /** The form's accessible name. */
  formLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** Cancel's text: "Close" once there is nothing left to cancel. */
  cancelLabel?: string;
  /** While the form is sent Cancel waits. */
  busy: boolean;
  /** What stands beside Cancel: the form's `SubmitButton`, or other buttons. */
  actions: ReactNode;
  children: ReactNode;
}

/** Closing by Escape or a click outside is the same as Cancel. */
export function FormDialog(props: FormDialogProps) {
  const { open, size = 'sm', title, description, formLabel, onSubmit, onCancel, cancelLabel = 'Cancel', busy, actions, children } = props;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
      placement="center"
      size={size}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="white" color="brand.ink" borderRadius="2xl" borderWidth="1px" borderColor="brand.line">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="2" pb="2">
              <Dialog.Title fontFamily="heading" fontSize="2xl" fontWeight="600" color="brand.leaf">
                {title}
              </Dialog.Title>
              <Box aria-hidden="true" h="2px" w="10" bg="brand.gold" borderRadius="full" />
              <Dialog.Description color="brand.muted" fontSize="sm">
                {description}
              </Dialog.Description>
            </Dialog.Header>
            <form noValidate onSubmit={submit} aria-label={formLabel}>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer gap="3">
                <Button type="button" variant="ghost" colorPalette="leaf" rounded="full" disabled={busy} onClick={onCancel}>
                  {cancelLabel}
                </Button>
                {actions}
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The form's submit, with its text while `busy`. */
export const SubmitButton = ({ busy, busyLabel, children, disabled }: { busy: boolean; busyLabel: string; children: ReactNode; disabled?: boolean }) => (
  <Button type="submit" colorPalette="leaf" rounded="full" px="6" loading={busy} loadingText={busyLabel} disabled={disabled}>
    {children}
  </Button>
);

/** The address a code went to, set off from the sentence around it. */
export const EmailMention = ({ children }: { children: string }) => (
  <Text as="span" color="brand.ink" fontWeight="semibold" wordBreak="break-all">
    {children}
  </Text>
);
