// Renders the module-level toaster's toasts (top-centre), dismissible, in the shop's colours.
import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { toaster } from './toaster';

export function AppToaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} rounded="xl" boxShadow="lg">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description whiteSpace="pre-line">{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            <Toast.CloseTrigger aria-label="Dismiss" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
