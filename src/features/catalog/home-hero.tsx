// The home page's hero: the admin's hero image with a heading and the way into the everlasting collection.
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { landingCategory } from '../../../domain/limits';
import { heroPicture } from '../../../domain/site-images';
import { paths } from '../../app/paths';
import { SitePicture } from './site-picture';
import { leafPill } from '../../components/leaf-pill';

export function HomeHero() {
  return (
    <Box as="section" aria-labelledby="hero-heading" position="relative">
      <SitePicture
        mobile={heroPicture.mobile}
        desktop={heroPicture.desktop}
        alt="Everlasting dried-flower arrangements in soft blush and sage tones"
        ratio={{ base: '4 / 5', md: '12 / 5' }}
        priority
      />
      <Box
        position="absolute"
        inset="0"
        // A soft wash of cream where the words sit: the banners are light, so the words stay dark and calm.
        bgImage={{
          base: 'linear-gradient(180deg, rgba(251, 247, 242, 0.92) 0%, rgba(251, 247, 242, 0.55) 42%, rgba(251, 247, 242, 0) 62%)',
          md: 'linear-gradient(90deg, rgba(251, 247, 242, 0.94) 0%, rgba(251, 247, 242, 0.7) 38%, rgba(251, 247, 242, 0) 62%)',
        }}
      />
      <Stack
        position="absolute"
        insetX="0"
        top={{ base: '7', md: '50%' }}
        transform={{ md: 'translateY(-50%)' }}
        maxW="7xl"
        mx="auto"
        px={{ base: '5', md: '12' }}
        gap={{ base: '3', md: '5' }}
        color="brand.ink"
      >
        <Text fontSize={{ base: 'xs', md: 'sm' }} letterSpacing="0.28em" textTransform="uppercase" fontWeight="600" color="brand.goldText">
          Handcrafted in Chennai
        </Text>
        <Heading
          id="hero-heading"
          as="h1"
          fontSize={{ base: '4xl', md: '6xl' }}
          fontWeight="600"
          lineHeight="1.05"
          maxW={{ base: '18ch', md: '16ch' }}
          color="brand.leaf"
        >
          Flowers that stay, long after the day
        </Heading>
        <Text fontSize={{ base: 'sm', md: 'lg' }} maxW={{ base: '30ch', md: '36ch' }} display={{ base: 'none', sm: 'block' }}>
          Everlasting dried arrangements and fresh stems, composed by hand and sent across India.
        </Text>
        <Box pt="2">
          <Button
            asChild
            {...leafPill}
            size={{ base: 'md', md: 'lg' }}
            px="8"
          >
            <RouterLink to={paths.category(landingCategory.category, landingCategory.subCategory)}>Shop Everlasting</RouterLink>
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
