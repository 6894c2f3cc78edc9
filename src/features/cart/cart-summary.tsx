// The bag's summary card: the total, the spec's tax note, and Proceed to Checkout — held back, with the reason, while
// a line cannot be bought.
import { Box, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { cartMessages } from '../../../domain/cart';
import type { CartReply } from '../../../domain/cart';
import { formatPaise, formatRupees, rupeesToPaise } from '../../../domain/money';
import { canCheckout } from '../../../domain/cart-rules';
import { ArrowRightIcon } from '../../components/icons';
import { checkoutBlockedText } from './cart-texts';
import { leafPill } from '../../components/leaf-pill';

interface CartSummaryProps {
  cart: CartReply;
  onCheckout: () => void;
}

export function CartSummary({ cart, onCheckout }: CartSummaryProps) {
  const blocked = canCheckout(cart) ? null : checkoutBlockedText(cart.productList);
  const savingsPaise = rupeesToPaise(cart.price) - rupeesToPaise(cart.totalAmount);
  const items = cart.totalCartItems;

  return (
    <Box as="section" aria-labelledby="cart-summary-title" layerStyle="card" p={{ base: '5', md: '7' }}>
      <Stack gap="4">
        <Text
          id="cart-summary-title"
          as="h2"
          fontSize="xs"
          letterSpacing="0.24em"
          textTransform="uppercase"
          color="brand.goldText"
          fontWeight="600"
        >
          Order summary
        </Text>
        <HStack justify="space-between" color="brand.muted" fontSize="sm">
          <Text>
            {items} {items === 1 ? 'item' : 'items'}
          </Text>
          {savingsPaise > 0 ? <Text color="brand.leaf">You save {formatPaise(savingsPaise)}</Text> : null}
        </HStack>
        <Separator borderColor="brand.line" />
        <HStack justify="space-between" align="baseline">
          <Text fontFamily="heading" fontSize="2xl" fontWeight="600" color="brand.ink">
            Total
          </Text>
          <Text
            data-testid="cart-total"
            fontFamily="heading"
            fontSize={{ base: '2xl', md: '3xl' }}
            fontWeight="600"
            color="brand.leaf"
            fontVariantNumeric="lining-nums"
          >
            {formatRupees(cart.totalAmount)}
          </Text>
        </HStack>
        <Text fontSize="sm" color="brand.muted">
          {cartMessages.taxNote}
        </Text>
        <Button
          {...leafPill}
          disabled={blocked !== null}
          aria-describedby={blocked ? 'cart-checkout-blocked' : undefined}
          onClick={onCheckout}
        >
          Proceed to Checkout
          <ArrowRightIcon size={18} />
        </Button>
        {blocked ? (
          <Text id="cart-checkout-blocked" fontSize="sm" color="brand.roseDeep">
            {blocked}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
