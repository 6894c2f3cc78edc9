// The CATEGORIES section: Fresh Flowers → /category/Fresh Flowers/Exotic and Dry Flowers → the first sub-category
// of the category whose name contains "dry" (SPEC.md §2 "Home page").
import { Box, Heading, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ProductSummary } from '../../../domain/catalog';
import { ArrowRightIcon } from '../../components/icons';
import { ProductImage } from '../../components/product-image';

export const freshFlowersTarget = { categoryName: 'Fresh Flowers', subCategoryName: 'Exotic' } as const;

export interface CategoryTile {
  title: string;
  caption: string;
  to: string;
  cover: ProductSummary | undefined;
}

function Tile({ tile }: { tile: CategoryTile }) {
  return (
    <LinkBox as="article" className="group" position="relative" rounded="2xl" overflow="hidden">
      {tile.cover ? (
        <ProductImage itemCode={tile.cover.itemCode} alt="" sizes="(min-width: 48em) 45vw, 92vw" zoomOnHover />
      ) : (
        <Box aspectRatio="1" bg="brand.roseSoft" rounded="xl" />
      )}
      <Box position="absolute" inset="0" rounded="xl" bgImage="linear-gradient(180deg, rgba(31,77,58,0) 50%, rgba(31,77,58,0.85) 100%)" />
      <Stack position="absolute" insetX="0" bottom="0" p={{ base: '5', md: '8' }} gap="1" color="white">
        <Heading as="h3" fontSize={{ base: '2xl', md: '4xl' }} fontWeight="600" color="white">
          <LinkOverlay asChild>
            <RouterLink to={tile.to}>{tile.title}</RouterLink>
          </LinkOverlay>
        </Heading>
        <Text fontSize="sm" display="flex" alignItems="center" gap="2">
          {tile.caption} <ArrowRightIcon size={16} />
        </Text>
      </Stack>
    </LinkBox>
  );
}

export function CategoryTiles({ tiles }: { tiles: CategoryTile[] }) {
  return (
    <Box as="section" aria-labelledby="categories-heading" maxW="7xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '12', md: '20' }}>
      <Heading
        id="categories-heading"
        as="h2"
        textAlign="center"
        fontSize={{ base: '2xl', md: '3xl' }}
        letterSpacing="0.2em"
        fontWeight="600"
        color="brand.leaf"
        mb={{ base: '6', md: '10' }}
      >
        CATEGORIES
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap={{ base: '4', md: '8' }}>
        {tiles.map((tile) => (
          <Tile key={tile.title} tile={tile} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
