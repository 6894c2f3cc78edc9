// One carousel per category on the home page: sub-categories four to a slide, each shown by its first product with
// "Rs. {mrp}"; previous / next slide, and View More. The slide transition (framer-motion) is a lazy chunk: a first visit
// shows the slide without it, fetches it when a pointer or the keyboard reaches the slide buttons, and swaps it in once
// it has arrived; a press before then changes the slide at once.
import { Box, Button, Flex, Heading, HStack, IconButton, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { lazy, startTransition, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CatalogCategory } from '../../../domain/catalog';
import { limits } from '../../../domain/limits';
import { formatRupees } from '../../../domain/money';
import { paths } from '../../app/paths';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { ProductImage } from '../../components/product-image';
import { firstSubCategoryName, inSlides, subCategoryCards } from '../../../domain/catalog-selectors';
import type { SubCategoryCard } from '../../../domain/catalog-selectors';
import type { CarouselSlidesProps } from './carousel-motion';

const CarouselSlides = lazy(() => import('./carousel-motion').then((module) => ({ default: module.CarouselSlides })));

/** The slide as it stands, no animation: what a first visit shows, and the stand-in until the transition arrives. */
function StillSlide({ label, children }: Pick<CarouselSlidesProps, 'label' | 'children'>) {
  return (
    <div aria-roledescription="slide" aria-label={label}>
      {children}
    </div>
  );
}

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
  const [motionWanted, setMotionWanted] = useState(false);
  const firstSub = firstSubCategoryName(category);
  const headingId = `carousel-${category.categoryName.replace(/\W+/g, '-').toLowerCase()}`;
  if (slides.length === 0) return null;

  const go = (step: number) => setSlide(([current]) => [(current + step + slides.length) % slides.length, step]);
  // A transition: the still slide stays on screen while the chunk loads, and a press meanwhile is not held up by it.
  // Only the slide area is swapped, never the buttons, so a press on its way and the focus are kept.
  const wantMotion = () => {
    if (!motionWanted) startTransition(() => setMotionWanted(true));
  };
  const label = `${slide + 1} of ${slides.length}`;
  const content: ReactNode = (
    <SimpleGrid columns={{ base: 2, md: 4 }} columnGap={{ base: '4', md: '6' }} rowGap="8">
      {slides[slide]?.map((card) => (
        <SubCategoryTile key={card.subCategoryName} categoryName={category.categoryName} card={card} />
      ))}
    </SimpleGrid>
  );
  const stillSlide = <StillSlide label={label}>{content}</StillSlide>;

  return (
    <Box as="section" aria-labelledby={headingId} aria-roledescription="carousel" maxW="7xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      <Flex align="end" justify="space-between" gap="4" mb={{ base: '5', md: '8' }}>
        <Heading id={headingId} as="h2" fontSize={{ base: '2xl', md: '4xl' }} fontWeight="600" color="brand.leaf">
          {category.categoryName}
        </Heading>
        {slides.length > 1 ? (
          <HStack gap="2" onPointerEnter={wantMotion} onFocus={wantMotion}>
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
        <Suspense fallback={stillSlide}>
          {motionWanted ? (
            <CarouselSlides slide={slide} direction={direction} label={label}>
              {content}
            </CarouselSlides>
          ) : (
            stillSlide
          )}
        </Suspense>
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
