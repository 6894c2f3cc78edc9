// The one module-level toaster of DESIGN.md §5: every snackbar and toast of the shop, top-centre.
// Use as toaster.create({ description, type: 'success' | 'error' | 'info' | 'warning', duration }).
import { createToaster } from '@chakra-ui/react';

export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 3 });
