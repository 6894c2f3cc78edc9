// What a page shows when its code could not load (time-out, network) or it failed to render: a calm message and a
// Retry that loads the page again. The boundary lets the shopper move on: another address shows its page.
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Component } from 'react';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ChunkLoadTimeout, forgetFailedLoads } from './lazy-route';

export function RouteError({ error }: { error: unknown }) {
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

interface BoundaryProps {
  /** The address shown: once it changes, the boundary shows its children again. */
  address: string;
  children: ReactNode;
}

export class RouteErrorBoundary extends Component<BoundaryProps, { failed?: { error: unknown } }> {
  override state: { failed?: { error: unknown } } = {};

  static getDerivedStateFromError(error: unknown) {
    return { failed: { error } };
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && previous.address !== this.props.address) {
      forgetFailedLoads();
      this.setState({ failed: undefined });
    }
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.failed.error} /> : this.props.children;
  }
}

/** The routes inside it show the error view in the page's place, between the header and the footer. */
export function PageErrors() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary address={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
