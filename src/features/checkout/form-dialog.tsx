// The small centred dialog of the guest's checkout ("Enter Email OTP", "Set Password"): a title, what to do, a form,
// and Cancel beside the form's submit.
import type { FormEvent, ReactNode } from 'react';
import { Box, Button, Dialog, Portal, Text } from '@chakra-ui/react';

interface FormDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The form's accessible name. */
  formLabel: string;
  submitLabel: string;
  /** The submit's text while `busy`. */
  busyLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** Closing by Escape or a click outside is the same as Cancel. */
export function FormDialog({ open, title, description, formLabel, submitLabel, busyLabel, busy, onSubmit, onCancel, children }: FormDialogProps) {
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
      size="sm"
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
                  Cancel
                </Button>
                <Button type="submit" colorPalette="leaf" rounded="full" px="6" loading={busy} loadingText={busyLabel}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The address a code went to, set off from the sentence around it. */
export const EmailMention = ({ children }: { children: string }) => (
  <Text as="span" color="brand.ink" fontWeight="semibold" wordBreak="break-all">
    {children}
  </Text>
);
