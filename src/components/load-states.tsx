// What a page, or a card within one, shows while its data loads and when it did not: a spinner with what is coming,
// or a calm message with Retry.
import { Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';

interface LoadingProps {
  /** What is loading, as the shopper reads it ("Loading your bag…"). */
  label: string;
  /** Within a card: a smaller spinner, no page-high space. */
  inCard?: boolean;
}

export function Loading({ label, inCard = false }: LoadingProps) {
  const room = inCard ? { gap: '3', py: '10' } : { gap: '4', minH: '40vh' };
  return (
    <Stack role="status" align="center" justify="center" {...room}>
      <Spinner size={inCard ? 'lg' : 'xl'} borderWidth="3px" color="brand.leaf" />
      <Text fontSize="sm" color="brand.muted">
        {label}
      </Text>
    </Stack>
  );
}

interface LoadFailedProps {
  /** A page's heading ("Your bag did not load"); a card says it all in `message`. */
  title?: string;
  /** What happened; by default that something interrupted it. */
  message?: string;
  onRetry: () => void;
  /** The retry button's words. */
  retryLabel?: string;
  inCard?: boolean;
}

export function LoadFailed({
  title,
  message = 'Something interrupted it on the way. Please try again in a moment.',
  onRetry,
  retryLabel = 'Retry',
  inCard = false,
}: LoadFailedProps) {
  return (
    <Stack align="center" textAlign="center" gap="4" py={inCard ? '8' : { base: '10', md: '16' }}>
      {title === undefined ? null : (
        <Heading as="h2" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="600" color="brand.ink">
          {title}
        </Heading>
      )}
      <Text color="brand.muted">{message}</Text>
      <Button variant="outline" colorPalette="leaf" rounded="full" px="8" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Stack>
  );
}
