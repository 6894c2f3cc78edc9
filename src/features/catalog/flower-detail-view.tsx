// A product, as it is: photo, name, prices, Add To Cart and Buy Now, Check delivery, and the Description / Note /
// Shipping Details sections with the spec's fallbacks (Description open at first). Renders only: the page's add-to-cart machine says what the buttons may do.
import type { ReactNode } from 'react';
import { Box, Button, chakra, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { FlowerDetail } from '../../../domain/catalog';
import { deliveryPromises } from '../../../domain/catalog';
import { productImageSizes } from '../../../domain/product-images';
import { paths } from '../../app/paths';
import { ChevronDownIcon } from '../../components/icons';
import { Price } from '../../components/price';
import { ProductImage } from '../../components/product-image';
import { usePageMeta } from '../../app/use-page-meta';
import { useShopInfo } from '../../app/use-shop-info';
import { productPageDescription, productPageTitle } from '../../../domain/page-meta';
import { leafPill } from '../../components/leaf-pill';
import { StarRating } from '../../components/star-rating';

export interface FlowerDetailViewProps {
  flower: FlowerDetail;
  onAddToCart: () => void;
  onBuyNow: () => void;
  /** Whether a click would be taken (not sold out, no add under way). */
  canAdd: boolean;
  /** The button whose add (or wait before /checkout) is under way. */
  pending: 'add' | 'buyNow' | null;
  soldOut: boolean;
  /** The "Check delivery" box, drawn under the buttons. */
  deliveryCheck?: ReactNode;
  /** "Make it special" (issue 42), drawn under the add-to-bag area. */
  addons?: ReactNode;
}

const soldOutNoteId = 'flower-sold-out-note';

// The sections are the browser's own disclosure widget: on a page the server drew they open and close before the app
// has started, and they need no script. (Chakra's accordion brought Zag's accordion and collapsible machines into
// every first visit: docs/performance.md.)
const Details = chakra('details');
const Summary = chakra('summary');

function sections(flower: FlowerDetail) {
  return [
    { value: 'description', title: 'Description', text: flower.description?.trim() || 'No description available.' },
    { value: 'note', title: 'Note', text: flower.note?.trim() || 'No note available.' },
    { value: 'shipping', title: 'Shipping Details', text: flower.shippingDetails?.trim() || 'No shipping Details available.' },
  ];
}

export function FlowerDetailView({ flower, onAddToCart, onBuyNow, canAdd, pending, soldOut, deliveryCheck, addons }: FlowerDetailViewProps) {
  const shopName = useShopInfo()?.name;
  usePageMeta({
    title: productPageTitle(flower.productName, flower.sellingPrice, shopName),
    description: productPageDescription(flower.productName, flower.sellingPrice, flower.description),
    canonicalPath: paths.flower(flower.externalId),
  });
  return (
    <Grid
      maxW="6xl"
      mx="auto"
      px={{ base: '4', md: '8' }}
      pt={{ base: '5', md: '12' }}
      pb={{ base: '16', md: '24' }}
      templateColumns={{ base: '1fr', md: '1.05fr 1fr' }}
      gap={{ base: '6', md: '14' }}
      alignItems="start"
    >
      <Box position={{ md: 'sticky' }} top={{ md: '36' }}>
        <ProductImage itemCode={flower.itemCode} alt={flower.productName} sizes={productImageSizes.detail} load="first" />
      </Box>

      {/* minW 0: a wide row inside (Make it special scrolls sideways) must not widen the grid track past its share. */}
      <Stack gap="5" minW="0">
        <HStack gap="2" fontSize="xs" letterSpacing="0.16em" textTransform="uppercase" color="brand.goldText" fontWeight="600" wrap="wrap">
          <Link asChild color="inherit" _hover={{ color: 'brand.leaf' }}>
            <RouterLink to={paths.category(flower.flowerCategoryName, flower.flowerSubCategoryName)}>
              {flower.flowerCategoryName}
            </RouterLink>
          </Link>
          <Text as="span" aria-hidden="true">·</Text>
          <Text as="span">{flower.flowerSubCategoryName}</Text>
        </HStack>

        <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} fontWeight="600" color="brand.ink" lineHeight="1.1">
          {flower.productName}
        </Heading>

        {flower.rating.count > 0 ? (
          <Link href="#reviews" color="brand.muted" textDecoration="none" _hover={{ color: 'brand.leaf' }} data-testid="product-rating" width="fit-content">
            <StarRating average={flower.rating.average} count={flower.rating.count} size="md" />
          </Link>
        ) : null}

        <Stack gap="1">
          <Price sellingPrice={flower.sellingPrice} mrp={flower.mrp} size="lg" />
          <Text fontSize="xs" color="brand.muted">
            Inclusive of all taxes
          </Text>
          <Text fontSize="sm" color="brand.leaf" fontWeight="500" data-delivery-kind={flower.deliveryKind}>
            {deliveryPromises[flower.deliveryKind]}
          </Text>
        </Stack>

        <Stack gap="2" pt="2">
          {soldOut ? (
            <Text id={soldOutNoteId} fontSize="sm" fontWeight="600" color="brand.roseDeep" letterSpacing="0.04em">
              Out of stock
            </Text>
          ) : null}
          <Grid templateColumns={{ base: '1fr 1fr' }} gap="3">
            <Button
              {...leafPill}
              disabled={!canAdd}
              loading={pending === 'add'}
              loadingText="Add To Cart"
              aria-busy={pending === 'add'}
              aria-describedby={soldOut ? soldOutNoteId : undefined}
              onClick={onAddToCart}
            >
              Add To Cart
            </Button>
            <Button
              size="lg"
              rounded="full"
              bg="brand.rose"
              color="brand.ink"
              _hover={{ bg: 'brand.roseHover' }}
              disabled={!canAdd}
              loading={pending === 'buyNow'}
              loadingText="Buy Now"
              aria-busy={pending === 'buyNow'}
              aria-describedby={soldOut ? soldOutNoteId : undefined}
              onClick={onBuyNow}
            >
              Buy Now
            </Button>
          </Grid>
        </Stack>

        {deliveryCheck}

        {addons}

        <Box mt="4" borderTopWidth="1px" borderColor="brand.line">
          {sections(flower).map((section) => (
            <Details
              key={section.value}
              open={section.value === 'description'}
              borderBottomWidth="1px"
              borderColor="brand.line"
              css={{ '&[open] > summary svg': { transform: 'rotate(180deg)' } }}
            >
              <Summary
                display="flex"
                alignItems="center"
                gap="3"
                py="4"
                cursor="pointer"
                css={{ '&::-webkit-details-marker': { display: 'none' } }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'brand.leaf', outlineOffset: '2px' }}
              >
                <Text as="span" flex="1" fontFamily="heading" fontSize="xl" fontWeight="600" color="brand.leaf">
                  {section.title}
                </Text>
                <Box as="span" color="brand.leaf" css={{ '& svg': { transition: 'transform 0.2s' } }}>
                  <ChevronDownIcon size={18} />
                </Box>
              </Summary>
              <Text pb="5" color="brand.ink" fontSize={{ base: 'sm', md: 'md' }} lineHeight="1.8" whiteSpace="pre-line">
                {section.text}
              </Text>
            </Details>
          ))}
        </Box>
      </Stack>
    </Grid>
  );
}
