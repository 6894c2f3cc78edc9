// One carousel per category on the home page: sub-categories four to a slide, each shown by its first product with
// "Rs. {mrp}"; previous / next slide with a gentle slide (still under prefers-reduced-motion), and View More.
import { Box, Button, Flex, Heading, HStack, IconButton, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { AnimatePresence, motion, useReducedMotion } from 'framer-motion';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CatalogCategory } from '../../../domain/catalog';
import { limits } from '../../../domain/limits';
import { formatRupees } from '../../../domain/money';
import { paths } from '../../app/paths';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { ProductImage } from '../../components/product-image';
import { firstSubCategoryName, inSlides, subCategoryCards } from './catalog-selectors';
import type { SubCategoryCard } from './catalog-selectors';

function SubCategoryTile({ categoryName, card }: { categoryName: string; card: SubCategoryCard }) {
  return (
    <LinkBox as="article" className="group">
      <Stack gap="3">
        <ProductImage itemCode={card.product.itemCode} alt={card.product.productName} sizes="(min-width: 48em) 22vw, 46vw" zoomOnHover />
        <Stack gap="0.5" px="0.5">
          <Text fontSize="xs" letterSpacing="0.18em" fontWeight="600" color="brand.goldText">
            {card.subCategoryName.toUpperCase()}
          </Text>
          <LinkOverlay asChild>
            <RouterLink to={paths.category(categoryName, card.subCategoryName)}>
              <Text as="h3" fontSize={{ base: 'sm', md: 'md' }} fontWeight="500" color="brand.ink" lineClamp={1} _groupHover={{ color: 'brand.leaf' }}>
                {card.product.productName}
              </Text>
            </RouterLink>
          </LinkOverlay>
          <Text fontFamily="heading" fontSize="lg" fontWeight="600" fontVariantNumeric="lining-nums" color="brand.leaf">
            {formatRupees(card.product.mrp)}
          </Text>
        </Stack>
      </Stack>
    </LinkBox>
  );
}

export function CategoryCarousel({ category }: { category: CatalogCategory }) {
  const slides = inSlides(subCategoryCards(category), limits.homeCarouselPageSize);
  const [[slide, direction], setSlide] = useState<[number, number]>([0, 0]);
  const reduceMotion = useReducedMotion();
  const firstSub = firstSubCategoryName(category);
  const headingId = `carousel-${category.categoryName.replace(/\W+/g, '-').toLowerCase()}`;
  if (slides.length === 0) return null;

  const go = (step: number) => setSlide(([current]) => [(current + step + slides.length) % slides.length, step]);
  const offset = reduceMotion ? 0 : 48;

  return (
    <Box as="section" aria-labelledby={headingId} aria-roledescription="carousel" maxW="7xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      <Flex align="end" justify="space-between" gap="4" mb={{ base: '5', md: '8' }}>
        <Heading id={headingId} as="h2" fontSize={{ base: '2xl', md: '4xl' }} fontWeight="600" color="brand.leaf">
          {category.categoryName}
        </Heading>
        {slides.length > 1 ? (
          <HStack gap="2">
            <IconButton aria-label={`Previous ${category.categoryName} slide`} variant="outline" rounded="full" size="sm" colorPalette="leaf" borderColor="brand.line" onClick={() => go(-1)}>
              <ChevronLeftIcon size={18} />
            </IconButton>
            <IconButton aria-label={`Next ${category.categoryName} slide`} variant="outline" rounded="full" size="sm" colorPalette="leaf" borderColor="brand.line" onClick={() => go(1)}>
              <ChevronRightIcon size={18} />
            </IconButton>
          </HStack>
        ) : null}
      </Flex>

      <Box position="relative" overflow="hidden">
        <AnimatePresence initial={false} mode="popLayout" custom={direction}>
          <motion.div
            key={slide}
            custom={direction}
            initial={{ opacity: 0, x: direction * offset }}
            animate={{ opacity: 1, x: 0 }}
            exit={{ opacity: 0, x: -direction * offset }}
            transition={{ duration: reduceMotion ? 0 : 0.45, ease: [0.2, 0.7, 0.2, 1] }}
            aria-roledescription="slide"
            aria-label={`${slide + 1} of ${slides.length}`}
          >
            <SimpleGrid columns={{ base: 2, md: 4 }} columnGap={{ base: '4', md: '6' }} rowGap="8">
              {slides[slide]?.map((card) => (
                <SubCategoryTile key={card.subCategoryName} categoryName={category.categoryName} card={card} />
              ))}
            </SimpleGrid>
          </motion.div>
        </AnimatePresence>
      </Box>

      {firstSub ? (
        <Flex justify="center" mt={{ base: '8', md: '10' }}>
          <Button asChild variant="outline" colorPalette="leaf" rounded="full" px="10" borderColor="brand.leaf">
            <RouterLink to={paths.category(category.categoryName, firstSub)} aria-label={`View more ${category.categoryName}`}>
              View More
            </RouterLink>
          </Button>
        </Flex>
      ) : null}
    </Box>
  );
}
