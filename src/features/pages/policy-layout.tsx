// The frame every static page shares: a calm, narrow reading column with a serif title, an optional lead paragraph,
// and sections of short paragraphs and lists.
import type { ReactNode } from 'react';
import { Box, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useDocumentTitle } from '../../app/use-document-title';

interface PolicyLayoutProps {
  /** A small word above the title ("Policies", "Our story"…). */
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

export function PolicyLayout({ eyebrow, title, lead, children }: PolicyLayoutProps) {
  useDocumentTitle(title);

  return (
    <Container maxW="3xl" px={{ base: '5', md: '8' }} py={{ base: '10', md: '16' }}>
      <Stack as="article" gap={{ base: '8', md: '10' }}>
        <Stack as="header" gap="3">
          <Text
            color="brand.goldText"
            fontSize="xs"
            fontWeight="semibold"
            letterSpacing="0.18em"
            textTransform="uppercase"
          >
            {eyebrow}
          </Text>
          <Heading as="h1" color="brand.leaf" fontSize={{ base: '4xl', md: '5xl' }} fontWeight="semibold" lineHeight="1.1">
            {title}
          </Heading>
          <Box aria-hidden="true" h="2px" w="14" bg="brand.gold" borderRadius="full" />
          {lead ? (
            <Text color="brand.ink" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.7" maxW="62ch">
              {lead}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

interface PolicySectionProps {
  heading: string;
  children: ReactNode;
}

export function PolicySection({ heading, children }: PolicySectionProps) {
  return (
    <Stack as="section" gap="3" maxW="65ch">
      <Heading as="h2" color="brand.leaf" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="semibold" lineHeight="1.2">
        {heading}
      </Heading>
      <Stack gap="3" color="brand.ink" fontSize="md" lineHeight="1.75">
        {children}
      </Stack>
    </Stack>
  );
}

export function PolicyList({ items }: { items: ReactNode[] }) {
  return (
    <List.Root as="ul" gap="2" ps="5" listStyleType="disc" css={{ '& li::marker': { color: 'var(--chakra-colors-brand-rose)' } }}>
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}
