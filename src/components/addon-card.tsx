// One add-on under "Make it special": its picture, name and price and one Add button, drawn over
// machines/addon-card.machine.ts with the product page's add-to-bag calls.
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import type { Addon } from '../../domain/addons';
import { formatRupees } from '../../domain/money';
import { addonCardMachine } from '../../machines/addon-card.machine';
import { appActorOptions } from '../app/inspection';
import { ProductImage } from './product-image';
import { addToCartCalls } from '../app/add-to-cart-calls';

/** The cards are about 10rem wide whatever the screen. */
const addonImageSizes = '160px';

export function AddonCard({ addon, onAdded }: { addon: Addon; onAdded: () => void }) {
  const [snapshot, send] = useActor(
    addonCardMachine.provide({ actors: addToCartCalls, actions: { cartChanged: onAdded } }),
    { input: { productExtId: addon.externalId }, ...appActorOptions },
  );
  const adding = snapshot.matches('adding');
  const added = snapshot.matches('added');
  const reason = snapshot.matches('failed') ? snapshot.context.reason : null;
  return (
    <Stack as="li" gap="2" w="10rem" flexShrink={0} data-testid="addon-card" aria-label={addon.productName}>
      <ProductImage itemCode={addon.itemCode} alt={addon.productName} sizes={addonImageSizes} />
      <Box px="0.5" flex="1">
        <Text fontSize="sm" fontWeight="500" color="brand.ink" lineClamp={2}>
          {addon.productName}
        </Text>
        <Text fontFamily="heading" fontWeight="600" fontVariantNumeric="lining-nums" color="brand.leaf">
          {formatRupees(addon.sellingPrice)}
        </Text>
      </Box>
      <Button
        size="sm"
        rounded="full"
        colorPalette="leaf"
        variant={added ? 'subtle' : 'outline'}
        loading={adding}
        loadingText="Adding…"
        onClick={() => send({ type: 'addon.add' })}
        aria-label={`Add ${addon.productName} to the bag`}
      >
        {added ? 'Added ✓' : 'Add'}
      </Button>
      <Box aria-live="polite" minH="0">
        {reason ? (
          <Text fontSize="xs" color="red.700">
            {reason}
          </Text>
        ) : null}
      </Box>
    </Stack>
  );
}
