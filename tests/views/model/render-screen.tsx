// Renders one page component the way the app shows it (theme, router at a path, the shop's toaster), for screens whose
// last step leaves the app (a full page load) and so cannot run inside the whole app's router.
import type { ReactElement } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppToaster } from '../../../src/app/app-toaster';
import { shopSystem } from '../shop-system';

export function renderScreen(page: ReactElement, path: string) {
  return render(
    <ChakraProvider value={shopSystem()}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      <AppToaster />
    </ChakraProvider>,
  );
}
