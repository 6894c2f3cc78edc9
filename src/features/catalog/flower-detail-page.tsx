// /flower/{flower_ext_id}: a spinner while the product loads, then the product with Add To Cart and Buy Now
// (add-to-cart.tsx draws that flow) and Check delivery (delivery-check.tsx); an unknown product gets a friendly
// not-found with a way back.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { HTTPError } from 'ky';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { pageDataKeys } from '../../../domain/page-data';
import type { ProductRating, RatingSummary } from '../../../domain/reviews';
import { getFlowerDetail, readFlowerDetail } from '../../api/catalog';
import { paths } from '../../app/paths';
import { refreshCartCount } from '../../app/cart-owner';
import { MakeItSpecialSlot } from '../../components/make-it-special-slot';
import { AddToCart } from './add-to-cart';
import { DeliveryCheck } from './delivery-check';
import { useRemote } from '../../app/use-remote';
import { loadLazyPart } from '../../app/lazy-route';

// The reviews load after the product, in a chunk of their own: not part of a first visit's download (issue 42).
const ProductReviews = lazy(() => loadLazyPart(() => import('./product-reviews')).then((module) => ({ default: module.ProductReviews })));

function isNotFound(error: unknown): boolean {
  return error instanceof HTTPError && (error.response.status === 404 || error.response.status === 400);
}

export function FlowerDetailPage() {
  const { flower_ext_id: flowerExtId = '' } = useParams();
  const flower = useRemote(pageDataKeys.flowerDetail(flowerExtId), () => getFlowerDetail(flowerExtId), readFlowerDetail);
  // The reviews start once the page is the browser's: the server's render (and its hydration) leaves them out, so a
  // lazy part never suspends a page the server drew.
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  // The reviews' own figures once loaded: a review she saves here shows in the stars under the title at once.
  const [reviewed, setReviewed] = useState<{ externalId: string; rating: ProductRating } | null>(null);
  const onSummary = useCallback(
    ({ average, count }: RatingSummary) => setReviewed({ externalId: flowerExtId, rating: { average, count } }),
    [flowerExtId],
  );
  const rating = reviewed?.externalId === flowerExtId ? reviewed.rating : null;

  if (flower.status === 'loading') {
    // A screen tall: the footer waits below the fold instead of jumping down when the flower arrives (CLS).
    return (
      <Box minH="100dvh">
        <Stack role="status" align="center" justify="center" minH="60vh" gap="4" color="brand.leaf">
          <Spinner size="xl" borderWidth="3px" color="brand.leaf" />
          <Text fontSize="sm" color="brand.muted">
            Loading flower…
          </Text>
        </Stack>
      </Box>
    );
  }

  if (flower.status === 'error') {
    const notFound = isNotFound(flower.error);
    return (
      <Stack align="center" textAlign="center" gap="4" py={{ base: '16', md: '24' }} px="6" maxW="lg" mx="auto">
        <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} color="brand.leaf" fontWeight="600">
          {notFound ? 'This flower is not in our shop' : 'This flower did not load'}
        </Heading>
        <Text color="brand.muted">
          {notFound
            ? 'It may have sold out for the season or the link is mistyped. Our other arrangements are waiting for you.'
            : 'Something interrupted it on the way. Please try again in a moment.'}
        </Text>
        <Box>
          <Button asChild colorPalette="leaf" rounded="full" px="8">
            <RouterLink to={paths.home}>Back to the shop</RouterLink>
          </Button>
        </Box>
      </Stack>
    );
  }

  // Keyed by product: another flower opened from this page starts its own add-to-cart flow.
  return (
    <>
      <AddToCart
        key={flower.data.externalId}
        flower={rating ? { ...flower.data, rating } : flower.data}
        deliveryCheck={<DeliveryCheck kind={flower.data.deliveryKind} />}
        addons={<MakeItSpecialSlot excludeExtId={flower.data.externalId} onAdded={() => void refreshCartCount()} />}
      />
      {started ? (
        <Suspense fallback={null}>
          <ProductReviews key={flower.data.externalId} externalId={flower.data.externalId} productName={flower.data.productName} onSummary={onSummary} />
        </Suspense>
      ) : null}
    </>
  );
}
