// The Contact Us block: support e-mail, phone, the Chennai office, and "Email Us" opening the shopper's mail client.
import type { ReactNode } from 'react';
import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useShopInfo } from '../../app/use-shop-info';

const officeFallback = 'Chennai, Tamil Nadu, India';

function Icon({ children }: { children: ReactNode }) {
  return (
    <Box
      as="span"
      aria-hidden="true"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      flexShrink={0}
      boxSize="10"
      borderRadius="full"
      bg="white"
      color="brand.leaf"
    >
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </svg>
    </Box>
  );
}

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <HStack align="flex-start" gap="4">
      <Icon>{icon}</Icon>
      <Stack gap="0.5" minW="0">
        <Text fontSize="xs" fontWeight="semibold" letterSpacing="0.14em" textTransform="uppercase" color="brand.muted">
          {label}
        </Text>
        <Box color="brand.ink" fontSize="md" overflowWrap="anywhere">
          {children}
        </Box>
      </Stack>
    </HStack>
  );
}

export function ContactDetails() {
  const shop = useShopInfo();
  const email = shop?.email;
  const phone = shop?.phone;
  return (
    <Stack as="section" aria-labelledby="contact-details-heading" gap="6" bg="brand.leafSoft" borderRadius="2xl" p={{ base: '6', md: '8' }}>
      <Stack gap="2">
        <Heading as="h2" id="contact-details-heading" color="brand.leaf" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="semibold">
          We're here to help
        </Heading>
        <Text color="brand.ink" lineHeight="1.7">
          Questions about an order, a custom arrangement or a gift? Write or call us; we reply within one business day.
        </Text>
      </Stack>
      <Stack gap="5">
        <DetailRow
          label="Support e-mail"
          icon={
            <>
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="m3 7 9 6 9-6" />
            </>
          }
        >
          {email ? (
            <Link href={`mailto:${email}`} color="brand.leaf" fontWeight="medium">
              {email}
            </Link>
          ) : (
            <Text color="brand.muted">Loading…</Text>
          )}
        </DetailRow>
        <DetailRow
          label="Phone"
          icon={
            <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
          }
        >
          {phone ? (
            <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`} color="brand.leaf" fontWeight="medium">
              {phone}
            </Link>
          ) : (
            <Text color="brand.muted">Loading…</Text>
          )}
        </DetailRow>
        <DetailRow
          label="Office"
          icon={
            <>
              <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
              <circle cx="12" cy="9.5" r="2.5" />
            </>
          }
        >
          <Text as="address" fontStyle="normal" lineHeight="1.6">
            {shop?.address || officeFallback}
          </Text>
        </DetailRow>
      </Stack>
      <Button
        asChild
        colorPalette="leaf"
        variant="outline"
        bg="white"
        borderColor="brand.leaf"
        size="lg"
        alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        aria-disabled={email ? undefined : true}
      >
        <a href={email ? `mailto:${email}` : undefined}>Email Us</a>
      </Button>
    </Stack>
  );
}
