// What a route shows when its code could not load (time-out, network) or it failed to render: a calm message and a
// Retry that loads the page again.
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useRouteError } from 'react-router-dom';
import { ChunkLoadTimeout } from './lazy-route';

export function RouteError() {
  const error = useRouteError();
  const slow = error instanceof ChunkLoadTimeout;
  return (
    <Stack role="alert" align="center" textAlign="center" gap="4" py={{ base: '16', md: '24' }} px="6" maxW="lg" mx="auto">
      <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} color="brand.leaf" fontWeight="600">
        This page did not load
      </Heading>
      <Text color="brand.muted">
        {slow
          ? 'It is taking too long to arrive. Please check your connection and try again.'
          : 'Something interrupted it on the way. Please try again.'}
      </Text>
      <Button colorPalette="leaf" rounded="full" px="8" onClick={() => window.location.reload()}>
        Retry
      </Button>
    </Stack>
  );
}
