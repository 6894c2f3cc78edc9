// Shown while a lazily loaded page arrives on a first visit: the logo on cream, nothing that jumps.
import { Flex } from '@chakra-ui/react';
import { Logo } from '../components/logo';

export function RouteLoading() {
  return (
    <Flex role="status" aria-label="Loading" minH="100dvh" align="center" justify="center" bg="brand.cream">
      <Logo size="lg" />
    </Flex>
  );
}
