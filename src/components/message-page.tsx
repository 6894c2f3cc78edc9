// A centred message with one way forward: the frame of /access, the thank-you page and the not-found page.
import type { ReactNode } from 'react';
import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useDocumentTitle } from '../app/use-document-title';

interface MessagePageProps {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  /** A large, quiet mark above the title ("404"). */
  mark?: string;
}

export function MessagePage({ title, children, actions, mark }: MessagePageProps) {
  useDocumentTitle(title);

  return (
    <Container maxW="xl" px={{ base: '5', md: '8' }} py={{ base: '16', md: '24' }}>
      <Stack align="center" textAlign="center" gap="5">
        {mark ? (
          <Text aria-hidden="true" fontFamily="heading" fontSize={{ base: '6xl', md: '7xl' }} lineHeight="1" color="brand.roseDeep">
            {mark}
          </Text>
        ) : (
          <Box aria-hidden="true" h="2px" w="14" bg="brand.gold" borderRadius="full" />
        )}
        <Heading as="h1" color="brand.leaf" fontSize={{ base: '4xl', md: '5xl' }} fontWeight="semibold" lineHeight="1.1">
          {title}
        </Heading>
        <Text color="brand.ink" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.7" maxW="46ch">
          {children}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" pt="2" w={{ base: 'full', sm: 'auto' }}>
          {actions}
        </Stack>
      </Stack>
    </Container>
  );
}
