// Account › Orders: a card per paid order (SPEC.md §2): order number, date (YYYY-MM-DD, India time), price inclusive
// of taxes, items, its deliveries (date and slot, or the courier's dispatch, each fee), the gift card, status as
// received and the tracking link. Load errors are only logged (SPEC.md §8).
import { GiftCard } from '../../components/gift-card';
import { OrderCoupon } from '../../components/order-coupon';
import { OrderDeliveries } from '../../components/order-deliveries';
import { Badge, Box, Flex, HStack, Link, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { orderDate, profileMessages, trackingLink } from '../../../domain/account';
import type { AccountOrder } from '../../../domain/account';
import { formatRupees } from '../../../domain/money';
import { getOrderDocument, getUserOrders } from '../../api/account';
import { DocumentDownloads } from '../../components/document-downloads';
import { useRemote } from '../../app/use-remote';
import { AccountPanel } from './account-panel';
import { ReviewFormDialog } from '../../components/review-form-dialog';
import { LoadFailed } from '../../components/load-states';

const statusColors: Record<AccountOrder['status'], string> = {
  created: 'gray',
  Dispatched: 'orange',
  Delivered: 'green',
  Cancelled: 'red',
};

function OrderCard({ order, userExtId }: { order: AccountOrder; userExtId: string }) {
  const { UserOrder: details } = order;
  const link = trackingLink(order.userTrackingUrl);
  return (
    <AccountPanel as="article" aria-label={`Order ${details.rpayOrderId}`} p={{ base: '5', md: '7' }}>
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <Stack gap="1" minW="0">
          <Text fontSize="xs" letterSpacing="0.18em" textTransform="uppercase" color="brand.goldText" fontWeight="600">
            Order number
          </Text>
          <Text fontWeight="semibold" fontSize="md" fontVariantNumeric="tabular-nums" wordBreak="break-all">
            {details.rpayOrderId}
          </Text>
          <Text color="brand.muted" fontSize="sm">
            Placed on <time dateTime={details.createdAt}>{orderDate(details.createdAt)}</time>
          </Text>
        </Stack>
        <Stack gap="0" align="flex-end" textAlign="right" ml="auto">
          <Text fontFamily="heading" fontWeight="600" color="brand.leaf" fontSize="2xl" lineHeight="1.1">
            {formatRupees(details.price)}
          </Text>
          <Text color="brand.muted" fontSize="xs">
            inclusive of all taxes
          </Text>
        </Stack>
      </Flex>

      <Box borderTopWidth="1px" borderColor="brand.line" my="4" />

      <List.Root as="ul" gap="1.5" listStyleType="none" aria-label="Items">
        {details.UserOrderItems.map((item, index) => (
          <List.Item key={`${item.ProductDatum.productName}-${index}`} display="flex" gap="2">
            <Text as="span" color="brand.muted" minW="8">
              {item.quantity} ×
            </Text>
            <Text as="span">{item.ProductDatum.productName}</Text>
            {/* A delivered order's products can be rated (issue 42); the button shows once she may. */}
            {order.status === 'Delivered' && item.ProductDatum.externalId ? (
              <Box ml="auto">
                <ReviewFormDialog externalId={item.ProductDatum.externalId} productName={item.ProductDatum.productName} />
              </Box>
            ) : null}
          </List.Item>
        ))}
      </List.Root>

      <Box mt="4">
        <OrderDeliveries deliveries={details.deliveries} compact fees={details.deliveries.length > 0} />
        <OrderCoupon coupon={details.coupon} compact />
      </Box>

      {details.gift ? (
        <Box mt="4" pl="3" borderLeftWidth="2px" borderColor="brand.gold">
          <GiftCard gift={details.gift} compact />
        </Box>
      ) : null}

      <Box mt="4">
        <DocumentDownloads documents={details.documents} fetchDocument={(series) => getOrderDocument(userExtId, details.rpayOrderId, series)} />
      </Box>

      <Flex mt="5" gap="3" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <HStack gap="2">
          <Text fontSize="sm" color="brand.muted">
            Status
          </Text>
          <Badge colorPalette={statusColors[order.status]} variant="subtle" rounded="full" px="3" data-testid="order-status">
            {order.status}
          </Badge>
        </HStack>
        <HStack gap="2" minW="0" maxW="full">
          <Text fontSize="sm" color="brand.muted" flexShrink="0">
            Tracking
          </Text>
          {link.href ? (
            <Link href={link.href} target="_blank" rel="noopener noreferrer" color="brand.leaf" fontWeight="medium" fontSize="sm" wordBreak="break-all">
              {link.text}
            </Link>
          ) : (
            <Text fontSize="sm" color="brand.ink">
              {link.text}
            </Text>
          )}
        </HStack>
      </Flex>
    </AccountPanel>
  );
}

export function OrdersTab({ userExtId }: { userExtId: string }) {
  const orders = useRemote(`orders:${userExtId}`, () =>
    getUserOrders(userExtId).catch((error: unknown) => {
      console.error('orders could not be loaded', error);
      throw error;
    }),
  );

  if (orders.status === 'loading') {
    return (
      <Stack gap="5" aria-busy="true" aria-label="Loading your orders">
        {[0, 1].map((index) => (
          <Skeleton key={index} h="48" rounded="2xl" />
        ))}
      </Stack>
    );
  }
  if (orders.status === 'error') {
    return (
      <LoadFailed inCard message="We could not load your orders just now." retryLabel="Try again" onRetry={() => window.location.reload()} />
    );
  }
  if (orders.data.length === 0) {
    return (
      <Text textAlign="center" color="brand.muted" fontSize="lg" py="12">
        {profileMessages.ordersEmpty}
      </Text>
    );
  }
  return (
    <Stack as="section" aria-label="Your orders" gap="5">
      {orders.data.map((order) => (
        <OrderCard key={order.UserOrder.rpayOrderId} order={order} userExtId={userExtId} />
      ))}
    </Stack>
  );
}
