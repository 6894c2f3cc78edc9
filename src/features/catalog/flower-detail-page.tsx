// /flower/{flower_ext_id}: a spinner while the product loads, then the product with Add To Cart and Buy Now (the
// flow lives in machines/add-to-cart.machine.ts; this page provides the calls, toasts and navigation); an unknown
// product gets a friendly not-found with a way back.
import { Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { HTTPError, TimeoutError } from 'ky';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { FlowerDetail } from '../../../domain/catalog';
import { apiError } from '../../../domain/errors';
import { pageDataKeys } from '../../../domain/page-data';
import { addToCartMachine } from '../../../machines/add-to-cart.machine';
import { addToCart } from '../../api/cart';
import { getFlowerDetail, readFlowerDetail } from '../../api/catalog';
import { ensureCartOwner, refreshCartCount } from '../../app/cart-owner';
import { paths } from '../../app/paths';
import { toaster } from '../../app/toaster';
import { FlowerDetailView } from './flower-detail-view';
import { useRemote } from './use-remote';

/**
 * A rejection as the machine reads it: a refusal carries its status and the server's code, no answer at all (network,
 * time-out) carries none, and an answer the client could not read counts as a failed add.
 */
async function asCallFailure(error: unknown): Promise<unknown> {
  if (error instanceof HTTPError) {
    const body: unknown = await error.response
      .clone()
      .json()
      .catch(() => null);
    const parsed = apiError.safeParse(body);
    return { status: error.response.status, code: parsed.success ? parsed.data.code : null, serverMessage: null };
  }
  if (error instanceof TypeError || error instanceof TimeoutError) return error;
  return { status: 200, code: 'UNEXPECTED_REPLY', serverMessage: null };
}

const rethrowAsFailure = async (error: unknown): Promise<never> => {
  throw await asCallFailure(error);
};

function FlowerWithBag({ flower }: { flower: FlowerDetail }) {
  const navigate = useNavigate();
  const [snapshot, send] = useActor(
    addToCartMachine.provide({
      actors: {
        ensureOwner: fromPromise(() => ensureCartOwner().catch(rethrowAsFailure)),
        addToCart: fromPromise(({ input }) => addToCart(input.productExtId, input.owner).catch(rethrowAsFailure)),
        refreshCount: fromPromise(() => refreshCartCount()),
      },
      actions: {
        notify: (_, { message, kind, duration }) => {
          toaster.create({ description: message, type: kind, duration, closable: true });
        },
        goToCheckout: () => void navigate(paths.checkout),
      },
    }),
    { input: { productExtId: flower.externalId, inStock: flower.quantity > 0 } },
  );
  const busy = !snapshot.matches('idle');
  return (
    <FlowerDetailView
      flower={flower}
      onAddToCart={() => send({ type: 'cart.add' })}
      onBuyNow={() => send({ type: 'cart.buyNow' })}
      canAdd={snapshot.can({ type: 'cart.add' })}
      pending={busy ? snapshot.context.intent : null}
      soldOut={!snapshot.context.inStock}
    />
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof HTTPError && (error.response.status === 404 || error.response.status === 400);
}

export function FlowerDetailPage() {
  const { flower_ext_id: flowerExtId = '' } = useParams();
  const flower = useRemote(pageDataKeys.flowerDetail(flowerExtId), () => getFlowerDetail(flowerExtId), readFlowerDetail);

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
  return <FlowerWithBag key={flower.data.externalId} flower={flower.data} />;
}
