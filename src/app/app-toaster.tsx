// The toaster's lazy chunk (src/app/toaster.ts): the shop's one toast store, and the region that renders its toasts
// (top-centre), dismissible, in the shop's colours.
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

export const shopToaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 3 });

/**
 * Chakra's solid toasts put 80 % white on red.600 and green.600 (3.5:1 and 2.6:1): the shop's darker fills and full
 * white keep every message at 4.5:1 or more (WCAG 1.4.3).
 */
const toastTones = {
  '&[data-type=success]': { bg: 'brand.leaf', color: 'white' },
  '&[data-type=error]': { bg: 'red.700', color: 'white' },
  '&[data-type=warning]': { bg: 'orange.800', color: 'white' },
};

export function AppToaster() {
  return (
    <Portal>
      <ChakraToaster toaster={shopToaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} rounded="xl" boxShadow="lg" css={toastTones}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description whiteSpace="pre-line" opacity="1">{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            <Toast.CloseTrigger aria-label="Dismiss" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
