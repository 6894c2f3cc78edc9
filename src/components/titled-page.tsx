// A shop page under its uppercase serif title and gold rule (CART, CHECKOUT), in the shop's wide column.
import type { ReactNode } from 'react';
import { Box, Container, Heading, Stack } from '@chakra-ui/react';

export function TitledPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxW="6xl" px={{ base: '4', md: '8' }} pt={{ base: '8', md: '14' }} pb={{ base: '16', md: '24' }}>
      <Stack gap="2" mb={{ base: '6', md: '10' }} align="center" textAlign="center">
        <Box aria-hidden="true" h="2px" w="12" bg="brand.gold" borderRadius="full" />
        <Heading as="h1" fontSize={{ base: '4xl', md: '5xl' }} fontWeight="600" color="brand.leaf" letterSpacing="0.08em" lineHeight="1.1">
          {title}
        </Heading>
      </Stack>
      {children}
    </Container>
  );
}
