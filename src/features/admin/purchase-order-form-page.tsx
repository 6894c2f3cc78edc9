// /purchaseorderlist/{id} (Purchase Order Update Form, SPEC.md §2): the order as bought — items and delivery fees, total,
// date, its deliveries (date, slot, board status), address, gift card —
// and the two things the admin sets, the tracking link and the status. The admin form machine checks the link, saves,
// toasts and goes back to the list after 4 s. Above the form: where the money is, with Refund and Cancel order.
import { Alert, Box, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { orderDate } from '../../../domain/account';
import { hasRefundDue, paidBy, purchaseStatuses } from '../../../domain/admin-orders';
import type { PurchaseRecord, PurchaseStatus } from '../../../domain/admin-orders';
import { formatPaise, formatRupees, lineTotalPaise } from '../../../domain/money';
import { deliveryKindLabels } from '../../../domain/delivery-kind';
import { deliveryFeeRows, deliveryStatusLabels } from '../../../domain/order-delivery';
import { getPurchaseDocument, getPurchase, updatePurchase } from '../../api/admin';
import { DocumentDownloads } from '../../components/document-downloads';
import { paths } from '../../app/paths';
import { AdminFormFrame } from './admin-form-frame';
import { AdminReadOnlyField, AdminSelect, AdminTextField } from './admin-fields';
import { GiftCard } from '../../components/gift-card';
import { orderCouponRow } from '../../components/order-coupon';
import { OrderDeliveries } from '../../components/order-deliveries';
import { AdminPage } from './admin-page';
import { PurchaseActions } from './purchase-actions';
import { MissingRecord, rowIdOf } from './record-id';
import { useAdminForm } from './use-admin-form';

const title = 'Purchase Order Update Form';
const statusChoices = purchaseStatuses.map((status) => ({ value: status, label: status }));

const headerCell = { fontSize: 'xs', letterSpacing: '0.12em', color: 'brand.goldText', fontWeight: '600', px: '2' } as const;

function customerName(record: PurchaseRecord): string {
  return [record.User.firstName, record.User.lastName].filter(Boolean).join(' ') || record.UserOrder.UserAddress.fullName;
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="xs" letterSpacing="0.12em" textTransform="uppercase" color="brand.goldText" fontWeight="600">
        {label}
      </Text>
      <Text color="brand.ink" fontWeight="medium" overflowWrap="anywhere">
        {children}
      </Text>
    </Stack>
  );
}

type MoneyNotice = { status: 'warning' | 'info' | 'success'; title: string; description: string };

/** Where the order's money is, when it is anything but simply paid. */
function moneyNotice(record: PurchaseRecord): MoneyNotice | null {
  const cancelled = record.status === 'Cancelled';
  // A payment due back on an order whose own money is settled: one more than the order asked for.
  if (record.paymentState !== 'refund_due' && hasRefundDue(record)) {
    return { status: 'warning', title: 'Paid twice', description: 'A further payment arrived for this order: refund it below.' };
  }
  switch (record.paymentState) {
    case 'refund_due':
      return cancelled
        ? { status: 'warning', title: 'Cancelled: refund due', description: 'The refund did not go through: send it again with Refund.' }
        : { status: 'warning', title: 'Refund due', description: 'The payment arrived after the stock had gone: the money is due back to the customer.' };
    case 'refund_pending':
      return {
        status: 'info',
        title: cancelled ? 'Cancelled: refund pending' : 'Refund pending',
        description: 'The payment provider is refunding the customer, who is mailed once it is issued.',
      };
    case 'refunded':
      return { status: 'success', title: cancelled ? 'Cancelled and refunded' : 'Refunded', description: 'The money went back to the customer.' };
    case 'paid':
      return null;
  }
}

/** Whose order it is and how it stands, above the form. */
function OrderHeading({ record, onChanged }: { record: PurchaseRecord; onChanged: () => void }) {
  const money = moneyNotice(record);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Fact label="Order number">{record.UserOrder.rpayOrderId}</Fact>
        <Fact label="Customer">{customerName(record)}</Fact>
        <Fact label="Order date">{orderDate(record.UserOrder.createdAt)}</Fact>
        <Fact label="Paid by">{paidBy(record)}</Fact>
      </SimpleGrid>
      {money ? (
        <Alert.Root status={money.status} rounded="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{money.title}</Alert.Title>
            <Alert.Description>{money.description}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <PurchaseActions record={record} onChanged={onChanged} />
      <DocumentDownloads documents={record.UserOrder.documents} fetchDocument={(series) => getPurchaseDocument(record.id, series)} />
    </Stack>
  );
}

/** What was bought, at the prices of the day, and where it goes. */
function OrderDetails({ record }: { record: PurchaseRecord }) {
  const order = record.UserOrder;
  const address = order.UserAddress;
  return (
    <Stack gap="6" mt="8" pt="6" borderTopWidth="1px" borderColor="brand.line">
      <Box overflowX="auto">
        <Table.Root size="sm" css={{ '& td, & th': { borderColor: 'brand.line' } }}>
          <Table.Caption captionSide="top" textAlign="start" fontFamily="heading" fontSize="xl" fontWeight="600" color="brand.ink" mb="2">
            Items
          </Table.Caption>
          <Table.Header>
            <Table.Row bg="transparent">
              <Table.ColumnHeader {...headerCell}>Product Name</Table.ColumnHeader>
              <Table.ColumnHeader {...headerCell} textAlign="end">
                Quantity
              </Table.ColumnHeader>
              <Table.ColumnHeader {...headerCell} textAlign="end">
                Price
              </Table.ColumnHeader>
              <Table.ColumnHeader {...headerCell} textAlign="end">
                Amount
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {order.UserOrderItems.map((item, index) => (
              <Table.Row key={`${item.ProductDatum.productName}-${index}`} bg="transparent">
                <Table.Cell px="2">{item.ProductDatum.productName}</Table.Cell>
                <Table.Cell px="2" textAlign="end">
                  {item.quantity}
                </Table.Cell>
                <Table.Cell px="2" textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {formatRupees(item.itemPrice)}
                </Table.Cell>
                <Table.Cell px="2" textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {formatPaise(lineTotalPaise(item.itemPrice, item.quantity))}
                </Table.Cell>
              </Table.Row>
            ))}
            {[...deliveryFeeRows(order.deliveries), ...(order.coupon ? [orderCouponRow(order.coupon)] : [])].map(([label, fee]) => (
              <Table.Row key={label} bg="transparent">
                <Table.Cell px="2" colSpan={3}>
                  {label}
                </Table.Cell>
                <Table.Cell px="2" textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {fee}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Box display="flex" justifyContent="space-between" alignItems="baseline" gap="4">
        <Text fontFamily="heading" fontSize="xl" fontWeight="600" color="brand.ink">
          Total <Text as="span" fontFamily="body" fontSize="sm" fontWeight="normal" color="brand.muted">(inclusive of all taxes)</Text>
        </Text>
        <Text data-testid="purchase-total" fontFamily="heading" fontSize="2xl" fontWeight="600" color="brand.leaf" whiteSpace="nowrap">
          {formatRupees(order.price)}
        </Text>
      </Box>
      <Stack as="section" aria-labelledby="delivery-address-title" gap="1" fontSize="sm" lineHeight="1.6" color="brand.ink">
        <Heading id="delivery-address-title" as="h2" fontSize="xl" fontWeight="600" color="brand.ink" mb="1">
          Delivery address
        </Heading>
        <Text fontWeight="600">{address.fullName}</Text>
        <Text>{address.address}</Text>
        <Text>{address.locality}</Text>
        <Text>Landmark: {address.landmark}</Text>
        <Text>
          {address.city}, {address.state} {address.pincode}
        </Text>
        <Text>{address.country}</Text>
        <Text color="brand.muted">Phone: {address.phoneNumber}</Text>
      </Stack>
      <Stack as="section" aria-labelledby="delivery-title" gap="1" fontSize="sm" lineHeight="1.6" color="brand.ink">
        <Heading id="delivery-title" as="h2" fontSize="xl" fontWeight="600" color="brand.ink" mb="1">
          Delivery
        </Heading>
        <OrderDeliveries deliveries={order.deliveries} />
        {order.deliveries.map((delivery) => (
          <Text key={delivery.id} color="brand.muted">
            {deliveryKindLabels[delivery.kind]} on the Deliveries board: {deliveryStatusLabels[delivery.status]}
          </Text>
        ))}
      </Stack>
      {order.gift ? (
        <Stack as="section" aria-labelledby="gift-message-title" gap="1" fontSize="sm" lineHeight="1.6" color="brand.ink">
          <Heading id="gift-message-title" as="h2" fontSize="xl" fontWeight="600" color="brand.ink" mb="1">
            Gift message
          </Heading>
          <GiftCard gift={order.gift} />
        </Stack>
      ) : null}
    </Stack>
  );
}

function PurchaseOrderForm({ purchaseId, onChanged }: { purchaseId: number; onChanged: () => void }) {
  const actor = useAdminForm('purchaseUpdate', {
    load: async () => {
      const record = await getPurchase(purchaseId);
      return { values: { status: record.status, userTrackingUrl: record.userTrackingUrl ?? '' }, record };
    },
    // The update carries the customer's e-mail as the original did; the server ignores it and mails the order's owner.
    submit: ({ values, record }) =>
      updatePurchase({
        id: purchaseId,
        status: (values.status ?? '') as PurchaseStatus,
        userTrackingUrl: values.userTrackingUrl ?? '',
        email: (record as PurchaseRecord).User.email,
      }),
    listPath: paths.purchaseOrderList,
  });
  // `record` is whatever loadForm returned: this form's PurchaseRecord once loaded.
  const record = actor[0].context.record as PurchaseRecord | null;
  return (
    <>
      {record ? (
        <Box mb="6">
          <OrderHeading record={record} onChanged={onChanged} />
        </Box>
      ) : null}
      {/* A cancelled order's status and link never change again (the server refuses): no form to fill in vain. */}
      {record?.status === 'Cancelled' ? null : (
        <AdminFormFrame actor={actor} title={title} submitLabel="Update" loadingLabel="Loading the order…">
          <AdminReadOnlyField name="email" label="Email" value={record?.User.email ?? ''} />
          <AdminTextField
            actor={actor}
            name="userTrackingUrl"
            label="Tracking URL"
            inputMode="url"
            helperText="The courier's tracking page, starting with https://"
          />
          <AdminSelect actor={actor} name="status" label="Status" choices={statusChoices} placeholder="Select a status" />
        </AdminFormFrame>
      )}
      {record ? <OrderDetails record={record} /> : null}
    </>
  );
}

export function PurchaseOrderPage() {
  const purchaseId = rowIdOf(useParams().id);
  // A refund or cancel changes the order on the server: the form starts again from what the server now has.
  const [loads, setLoads] = useState(0);
  return (
    <AdminPage title={title} back={{ to: paths.purchaseOrderList, label: 'Purchase Order List' }} narrow>
      {purchaseId === null ? (
        <MissingRecord message="This purchase order does not exist." back={{ to: paths.purchaseOrderList, label: 'Back to the purchase order list' }} />
      ) : (
        <PurchaseOrderForm key={`${purchaseId}:${loads}`} purchaseId={purchaseId} onChanged={() => setLoads((count) => count + 1)} />
      )}
    </AdminPage>
  );
}
