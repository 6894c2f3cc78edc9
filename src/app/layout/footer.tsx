// The shop footer of SPEC.md §2: social links (Instagram, Facebook, WhatsApp from the shop's configuration), the
// policy and contact links, the logo and the copyright line.
import { Box, Flex, Grid, Heading, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FacebookIcon, InstagramIcon, WhatsAppIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { paths } from '../paths';
import { useShopInfo } from '../use-shop-info';

const columns: { title: string; links: { label: string; to: string }[] }[] = [
  { title: 'Shop', links: [{ label: 'Home', to: paths.home }, { label: 'Contact Us', to: paths.contactUs }] },
  {
    title: 'Help',
    links: [
      { label: 'Shipping', to: paths.shipping },
      { label: 'Refund', to: paths.refund },
    ],
  },
  {
    title: 'About',
    links: [
      { label: 'About Us', to: paths.aboutUs },
      { label: 'Terms', to: paths.terms },
      { label: 'Privacy', to: paths.privacy },
    ],
  },
];

function SocialLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <IconButton
      asChild
      aria-label={label}
      variant="outline"
      rounded="full"
      size="sm"
      color="brand.cream"
      borderColor="whiteAlpha.400"
      // The shop's leaf focus ring would vanish on the leaf footer: cream shows where the keyboard is.
      focusRingColor="brand.cream"
      _hover={{ bg: 'brand.cream', color: 'brand.leaf' }}
    >
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    </IconButton>
  );
}

export function Footer() {
  const shop = useShopInfo();
  const shopName = shop?.name ?? 'Petals & Stems';
  return (
    <Box as="footer" bg="brand.leaf" color="brand.cream" mt="auto">
      <Grid
        maxW="7xl"
        mx="auto"
        px={{ base: '5', md: '8' }}
        py={{ base: '12', md: '16' }}
        gap={{ base: '10', md: '12' }}
        templateColumns={{ base: 'repeat(3, 1fr)', md: '1.4fr repeat(3, 1fr)' }}
      >
        <Stack gap="5" maxW="sm" gridColumn={{ base: '1 / -1', md: 'auto' }}>
          <RouterLink to={paths.root} aria-label={`${shopName} home`}>
            <Logo tone="cream" />
          </RouterLink>
          <Text fontSize="sm" lineHeight="1.7" color="brand.cream" opacity={0.9}>
            Fresh stems and everlasting dried-flower arrangements, composed by hand in Chennai and sent across India.
          </Text>
          {shop ? (
            <Flex gap="3">
              <SocialLink href={shop.instagramUrl} label={`${shopName} on Instagram`}>
                <InstagramIcon size={18} />
              </SocialLink>
              <SocialLink href={shop.facebookUrl} label={`${shopName} on Facebook`}>
                <FacebookIcon size={18} />
              </SocialLink>
              <SocialLink href={shop.whatsappUrl} label={`Chat with ${shopName} on WhatsApp`}>
                <WhatsAppIcon size={18} />
              </SocialLink>
            </Flex>
          ) : null}
        </Stack>
        {columns.map((column) => (
          <Stack key={column.title} as="nav" aria-label={column.title} gap="3">
            <Heading as="h2" fontSize="lg" fontWeight="600" color="brand.cream" letterSpacing="0.02em">
              {column.title}
            </Heading>
            {column.links.map((link) => (
              <Link
                key={link.to}
                asChild
                color="brand.cream"
                fontSize="sm"
                opacity={0.92}
                focusRingColor="brand.cream"
                _hover={{ opacity: 1, textDecoration: 'underline' }}
              >
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
          </Stack>
        ))}
      </Grid>
      <Box borderTopWidth="1px" borderColor="whiteAlpha.300">
        <Text maxW="7xl" mx="auto" px={{ base: '5', md: '8' }} py="5" fontSize="xs" letterSpacing="0.04em">
          © {new Date().getFullYear()} {shopName}. All rights reserved.
        </Text>
      </Box>
    </Box>
  );
}
