// /home (DESIGN.md §5): hero, CATEGORIES, a carousel per category and the bottom banner.
import { Box, Skeleton, SimpleGrid, Stack } from '@chakra-ui/react';
import { paths } from '../../app/paths';
import { CategoryCarousel } from './category-carousel';
import { CategoryTiles, freshFlowersTarget } from './category-tiles';
import type { CategoryTile } from './category-tiles';
import { dryFlowersTarget, firstProductOf } from '../../../domain/catalog-selectors';
import { HomeHero } from './home-hero';
import { SitePicture } from './site-picture';
import { useCatalog } from './use-catalog';
import { usePageMeta } from '../../app/use-page-meta';
import { useShopInfo } from '../../app/use-shop-info';
import { homePageDescription, homePageTitle } from '../../../domain/page-meta';

function CarouselSkeleton() {
  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '8' }} py="10" aria-hidden="true">
      <Skeleton h="8" w="48" mb="8" />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="6">
        {Array.from({ length: 4 }, (_, index) => (
          <Stack key={index} gap="3">
            <Skeleton aspectRatio="1" rounded="xl" />
            <Skeleton h="4" w="60%" />
          </Stack>
        ))}
      </SimpleGrid>
    </Box>
  );
}

export function HomePage() {
  const catalog = useCatalog();
  const categories = catalog.status === 'ready' ? catalog.data : [];
  const shopName = useShopInfo()?.name ?? 'Petals & Stems';
  usePageMeta({
    title: homePageTitle(shopName),
    description: catalog.status === 'ready' ? homePageDescription(shopName, categories.map((category) => category.categoryName)) : undefined,
    canonicalPath: paths.home,
  });
  const dry = dryFlowersTarget(categories);

  const tiles: CategoryTile[] = [
    {
      title: 'Fresh Flowers',
      caption: 'Seasonal stems, cut to order',
      to: paths.category(freshFlowersTarget.categoryName, freshFlowersTarget.subCategoryName),
      cover: firstProductOf(categories, freshFlowersTarget.categoryName, freshFlowersTarget.subCategoryName),
    },
    ...(dry
      ? [
          {
            title: 'Dry Flowers',
            caption: 'Everlasting arrangements',
            to: paths.category(dry.categoryName, dry.subCategoryName),
            cover: firstProductOf(categories, dry.categoryName, dry.subCategoryName),
          },
        ]
      : []),
  ];

  return (
    <>
      <HomeHero />
      <CategoryTiles tiles={tiles} />
      {catalog.status === 'loading' ? <CarouselSkeleton /> : null}
      {categories.map((category) => (
        <CategoryCarousel key={category.categoryName} category={category} />
      ))}
      <Box as="section" aria-label="Our studio" maxW="7xl" mx="auto" px={{ base: '0', md: '8' }} pt={{ base: '8', md: '12' }} pb={{ base: '0', md: '16' }}>
        <Box rounded={{ md: '2xl' }} overflow="hidden">
          <SitePicture
            mobile="bottombannermobileimg"
            desktop="bottombannerimg"
            alt="Dried flowers being arranged by hand in our Chennai studio"
            ratio={{ base: '4 / 3', md: '16 / 5' }}
          />
        </Box>
      </Box>
    </>
  );
}
