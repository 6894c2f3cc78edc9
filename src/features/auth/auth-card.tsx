// The calm frame of the account screens: a centred white card on the cream page, an eyebrow, a serif title with the
// gold rule of the Contact Us page, and the card's way out (links to the other account screens) at the bottom.
import type { ReactNode } from 'react';
import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { FlowerMark } from '../../components/icons';

interface AuthCardProps {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ eyebrow, title, intro, children, footer }: AuthCardProps) {
  return (
    <Container maxW="lg" px={{ base: '4', md: '8' }} py={{ base: '8', md: '16' }}>
      <Box
        as="section"
        aria-labelledby="auth-card-title"
        layerStyle="card"
        px={{ base: '5', md: '10' }}
        py={{ base: '7', md: '10' }}
      >
        <Stack gap="2" align="center" textAlign="center" mb={{ base: '6', md: '8' }}>
          <FlowerMark size={36} />
          <Text color="brand.goldText" fontSize="xs" fontWeight="semibold" letterSpacing="0.18em" textTransform="uppercase">
            {eyebrow}
          </Text>
          <Heading
            as="h1"
            id="auth-card-title"
            color="brand.leaf"
            fontSize={{ base: '3xl', md: '4xl' }}
            fontWeight="semibold"
            lineHeight="1.1"
          >
            {title}
          </Heading>
          <Box aria-hidden="true" h="2px" w="12" bg="brand.gold" borderRadius="full" mt="1" />
          {intro ? (
            <Text color="brand.muted" mt="2" maxW="sm">
              {intro}
            </Text>
          ) : null}
        </Stack>
        {children}
        {footer ? (
          <Stack gap="2" align="center" textAlign="center" mt="8" pt="6" borderTopWidth="1px" borderColor="brand.line">
            {footer}
          </Stack>
        ) : null}
      </Box>
    </Container>
  );
}
