// /purchaseorderlist (SPEC.md §2 "Admin screens"): paid orders in the server's order (newest first), with their items,
// delivery (date and slot), address, tracking link and status; an order's number opens its update form. Above them,
// the orders export (issue 41).
import { Badge, Box, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { orderDate, trackingLink } from '../../../domain/account';
import { hasRefundDue, paidBy, paymentStateLabels } from '../../../domain/admin-orders';
import type { PurchaseRecord } from '../../../domain/admin-orders';
import { formatPaise, formatRupees, lineTotalPaise } from '../../../domain/money';
import { deliveryDetails } from '../../../domain/order-delivery';
import { getPurchases } from '../../api/admin';
import { paths } from '../../app/paths';
import type { Column } from '../../components/paginated-table';
import { AdminList } from './admin-list';
import { AdminPage } from './admin-page';
import { OrdersExport } from './orders-export';

const title = 'Purchase Order List';

/** First and last name as far as the customer gave them; nothing (N/A) when neither. */
const fullName = ({ User }: PurchaseRecord): string => [User.firstName, User.lastName].filter(Boolean).join(' ');

/** The delivery address on one line, in the order a courier reads it; empty parts are skipped. */
const addressLine = ({ UserOrder: { UserAddress: a } }: PurchaseRecord): string =>
  [a.fullName, a.address, a.locality, a.landmark, a.city, a.state, a.pincode, a.phoneNumber].filter(Boolean).join(', ');

const Nowrap = ({ children }: { children: string }) => (
  <Text as="span" whiteSpace="nowrap">
    {children}
  </Text>
);

function OrderItems({ purchase }: { purchase: PurchaseRecord }) {
  // Every item carries the order's date, as the spec's list shows it: India time, whatever the admin's zone.
  const date = orderDate(purchase.UserOrder.createdAt);
  return (
    <Stack as="ul" listStyleType="none" gap="2" aria-label={`Items of order ${purchase.id}`}>
      {purchase.UserOrder.UserOrderItems.map((item, index) => (
        <Box as="li" key={index} borderLeftWidth="2px" borderColor="brand.gold" pl="2.5">
          <Text fontWeight="medium" color="brand.ink">
            {item.ProductDatum.productName}
          </Text>
          <Text fontSize="xs" color="brand.muted">
            {/* Amounts stay whole on one line: "Rs." never parts from its figure. */}
            Quantity {item.quantity} · Price <Nowrap>{formatRupees(item.itemPrice)}</Nowrap> · Total{' '}
            <Nowrap>{formatPaise(lineTotalPaise(item.itemPrice, item.quantity))}</Nowrap>
          </Text>
          <Text fontSize="xs" color="brand.muted">
            Ordered on {date}
          </Text>
        </Box>
      ))}
      {purchase.UserOrder.gift ? (
        <Box as="li" fontSize="xs" color="brand.ink">
          Card: {purchase.UserOrder.gift.occasion ?? 'no occasion'}
        </Box>
      ) : null}
    </Stack>
  );
}

/** The courier's link, or nothing (N/A) while none is set. */
function trackingCell({ userTrackingUrl }: PurchaseRecord) {
  const { href } = trackingLink(userTrackingUrl);
  if (!href) return null;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="brand.leaf" fontWeight="medium" wordBreak="break-all">
      {href}
    </Link>
  );
}

/** The spec's columns stay as they are: how it was paid goes under the status, where the money's state is told. */
function Status({ purchase }: { purchase: PurchaseRecord }) {
  return (
    <Stack gap="1.5" align="flex-start">
      <Text>{purchase.status}</Text>
      <Text fontSize="xs" color="brand.muted">
        Paid by {paidBy(purchase)}
      </Text>
      {/* Money owed back must not be missed (solid); money on its way or back is only noted (subtle). */}
      {purchase.paymentState !== 'refund_due' && hasRefundDue(purchase) ? (
        <Badge colorPalette="rose" variant="solid" rounded="full" px="2.5">
          Paid twice: refund due
        </Badge>
      ) : purchase.paymentState !== 'paid' ? (
        <Badge colorPalette="rose" variant={purchase.paymentState === 'refund_due' ? 'solid' : 'subtle'} rounded="full" px="2.5">
          {paymentStateLabels[purchase.paymentState]}
        </Badge>
      ) : null}
    </Stack>
  );
}

/** Each delivery's date and slot (or the courier's dispatch date), as every order view words it. */
const deliveryCell = (purchase: PurchaseRecord) => (
  <Stack as="ul" listStyleType="none" gap="1.5" aria-label={`Delivery of order ${purchase.id}`}>
    {deliveryDetails(purchase.UserOrder.deliveries).map(([kind, text]) => (
      <Box as="li" key={kind}>
        <Text fontSize="xs" color="brand.muted">
          {kind}
        </Text>
        <Text>{text}</Text>
      </Box>
    ))}
  </Stack>
);

const columns: readonly Column<PurchaseRecord>[] = [
  { header: 'Id', cell: (purchase) => purchase.id },
  { header: 'Full Name', cell: fullName, maxW: '40', minW: '24' },
  { header: 'Email', cell: (purchase) => purchase.User.email, maxW: '64', minW: '48' },
  {
    header: 'Order Id',
    // Shows the order number the customer knows (rpayOrderId, as in their mails and Orders tab); the link opens the
    // order by its id.
    cell: (purchase) => (
      <Link asChild color="brand.leaf" fontWeight="semibold">
        <RouterLink to={paths.purchaseOrder(purchase.id)} aria-label={`Open order ${purchase.id}`}>
          {purchase.UserOrder.rpayOrderId}
        </RouterLink>
      </Link>
    ),
    maxW: '56',
    minW: '40',
  },
  { header: 'Order Items List', cell: (purchase) => <OrderItems purchase={purchase} />, maxW: '80', minW: '52' },
  { header: 'Delivery', cell: deliveryCell, maxW: '48', minW: '36' },
  { header: 'Order Address', cell: addressLine, maxW: '72', minW: '44' },
  { header: 'Tracking Url', cell: trackingCell, maxW: '56', minW: '36' },
  { header: 'Status', cell: (purchase) => <Status purchase={purchase} /> },
];

export function PurchaseOrderListPage() {
  return (
    <AdminPage title={title}>
      <OrdersExport />
      <AdminList caption={title} load={getPurchases} loadingLabel="Loading the orders…" columns={columns} rowKey={(purchase) => purchase.id} />
    </AdminPage>
  );
}
