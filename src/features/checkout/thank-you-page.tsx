// /thankyou (SPEC.md §2 Thank-you page): the spec's two lines and Keep Shopping; a signed-in buyer also gets the way
// to the Orders tab, where the paid order now shows as received. The checkout hands over the order's card and its
// deliveries (date, slot, fee) and its coupon in the navigation's state: { gift, deliveries, coupon }.
import { Box, Button, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { z } from 'zod/mini';
import { giftMessageRequest } from '../../../domain/gift-message';
import type { GiftMessage } from '../../../domain/gift-message';
import { orderCoupon } from '../../../domain/coupons';
import type { OrderCoupon as OrderCouponValue } from '../../../domain/coupons';
import { chosenDelivery } from '../../../domain/order-delivery';
import type { ChosenDelivery } from '../../../domain/order-delivery';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session-store';
import { GiftCard } from '../../components/gift-card';
import { OrderCoupon } from '../../components/order-coupon';
import { OrderDeliveries } from '../../components/order-deliveries';
import { MessagePage } from '../../components/message-page';
import { leafPill } from '../../components/leaf-pill';

/** The card Place Order sent, handed over in the navigation's state; none when the page is opened any other way. */
function giftOf(state: unknown): GiftMessage | null {
  const gift = (state as { gift?: unknown } | null)?.gift;
  if (gift === undefined || gift === null) return null;
  const parsed = giftMessageRequest.safeParse(gift);
  return parsed.success ? parsed.data : null;
}

/** The deliveries the order was placed with (date, slot, fee), handed over the same way; none otherwise. */
function deliveriesOf(state: unknown): ChosenDelivery[] {
  const parsed = z.array(chosenDelivery).safeParse((state as { deliveries?: unknown } | null)?.deliveries);
  return parsed.success ? parsed.data : [];
}

/** The coupon the invoice applied, handed over the same way; none otherwise. */
function couponOf(state: unknown): OrderCouponValue {
  const parsed = orderCoupon.safeParse((state as { coupon?: unknown } | null)?.coupon ?? null);
  return parsed.success ? parsed.data : null;
}

export function ThankYouPage() {
  const { isLoggedIn } = useSession();
  const { state } = useLocation();
  const gift = giftOf(state);
  const deliveries = deliveriesOf(state);
  const coupon = couponOf(state);
  const link = (to: string, label: string) => (
    <Link asChild color="brand.leaf" fontWeight="600" textDecoration="underline">
      <RouterLink to={to}>{label}</RouterLink>
    </Link>
  );

  return (
    <MessagePage
      title="We Thank you For your Purchase!"
      actions={
        <>
          <Button asChild {...leafPill} px="8">
            <RouterLink to={paths.root}>Keep Shopping</RouterLink>
          </Button>
          {isLoggedIn ? (
            <Button asChild size="lg" rounded="full" px="8" variant="outline" colorPalette="leaf">
              <RouterLink to={paths.accountTab('orders')}>View your orders</RouterLink>
            </Button>
          ) : null}
        </>
      }
    >
      A confirmation is on its way to your e-mail. To track your order please {link(paths.login, 'Login')}/
      {link(paths.signup, 'Sign Up')}.
      {deliveries.length > 0 ? (
        <Box as="span" display="block" mt="6" layerStyle="card" p="5">
          <Text as="span" display="block" fontWeight="600" color="brand.leaf" mb="2">
            Your delivery
          </Text>
          <OrderDeliveries deliveries={deliveries} fees />
        </Box>
      ) : null}
      {coupon ? (
        <Box as="span" display="block" mt="6" layerStyle="card" p="5" data-testid="thank-you-coupon">
          <OrderCoupon coupon={coupon} />
        </Box>
      ) : null}
      {gift ? (
        <Box as="span" display="block" mt="6" layerStyle="card" p="5">
          <Text as="span" display="block" fontWeight="600" color="brand.leaf" mb="2">
            Your card
          </Text>
          <GiftCard gift={gift} />
        </Box>
      ) : null}
    </MessagePage>
  );
}
