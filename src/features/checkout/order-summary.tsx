// The right column of /checkout (SPEC.md §2): the "Your Order" table — PRODUCT, QUANTITY, TOTAL, each item's tax rows
// under it, a coupon's row (issue 42) — and the total as "Rs. {amount}". The coupon box comes in as `coupon`, under
// the total; whatever acts on the order (Place Order) comes in as children.
import type { ReactNode } from 'react';
import { Box, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatPaise } from '../../../domain/money';
import { paths } from '../../app/paths';
import type { Bill } from './order-bill';

const headerCell = {
  fontSize: 'xs',
  letterSpacing: '0.16em',
  color: 'brand.goldText',
  fontWeight: '600',
  borderColor: 'brand.line',
  px: '0',
} as const;

export function OrderSummary({ bill, coupon, children }: { bill: Bill; coupon?: ReactNode; children?: ReactNode }) {
  return (
    <Box as="section" aria-labelledby="your-order-title" layerStyle="card" p={{ base: '5', md: '7' }}>
      <Stack gap="5">
        <Text id="your-order-title" as="h2" fontFamily="heading" fontSize="2xl" fontWeight="600" color="brand.ink">
          Your Order
        </Text>
        {bill.lines.length === 0 ? (
          <Text color="brand.muted">
            Your bag is empty.{' '}
            <Link asChild color="brand.leaf" fontWeight="600">
              <RouterLink to={paths.root}>Go to Shopping Page</RouterLink>
            </Link>
          </Text>
        ) : (
          <Table.Root size="sm" aria-labelledby="your-order-title" css={{ '& td, & th': { borderColor: 'brand.line' } }}>
            <Table.Header>
              <Table.Row bg="transparent">
                <Table.ColumnHeader {...headerCell}>PRODUCT</Table.ColumnHeader>
                <Table.ColumnHeader {...headerCell} textAlign="center">
                  QUANTITY
                </Table.ColumnHeader>
                <Table.ColumnHeader {...headerCell} textAlign="end">
                  TOTAL
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {bill.lines.flatMap((line) =>
                billRows({ key: String(line.cartItemId), name: line.name, detail: line.size, quantity: String(line.quantity), totalPaise: line.totalPaise, taxRows: line.taxRows }),
              )}
              {bill.deliveries.flatMap((fee) =>
                billRows({ key: `delivery-${fee.kind}`, name: `Delivery: ${fee.title}`, detail: fee.detail, quantity: '', totalPaise: fee.feePaise, taxRows: fee.taxRows }),
              )}
              {bill.coupon ? (
                <Table.Row bg="transparent" data-testid="coupon-row">
                  <Table.Cell px="0" py="3" colSpan={2}>
                    <Text fontWeight="600" color="brand.leaf">
                      Coupon {bill.coupon.code}
                    </Text>
                    <Text fontSize="xs" color="brand.muted">
                      Each item’s tax is on its price after the discount.
                    </Text>
                  </Table.Cell>
                  <Table.Cell px="0" textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" color="brand.leaf" fontWeight="600">
                    −{formatPaise(bill.coupon.discountPaise)}
                  </Table.Cell>
                </Table.Row>
              ) : null}
            </Table.Body>
          </Table.Root>
        )}
        <Stack gap="1">
          <Box display="flex" justifyContent="space-between" alignItems="baseline">
            <Text fontFamily="heading" fontSize="2xl" fontWeight="600" color="brand.ink">
              Total
            </Text>
            <Text data-testid="order-total" fontFamily="heading" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="600" color="brand.leaf">
              {formatPaise(bill.totalPaise)}
            </Text>
          </Box>
          <Text fontSize="xs" color="brand.muted">
            {bill.taxPaise > 0 ? `Includes ${formatPaise(bill.taxPaise)} GST. ` : ''}
            {bill.deliveries.length > 0 ? 'Delivery fees are taxed as the goods they deliver.' : 'Free delivery in India within 2 to 5 business days.'}
          </Text>
        </Stack>
        {bill.lines.length > 0 ? coupon : null}
        {children}
      </Stack>
    </Box>
  );
}

interface BillRow {
  key: string;
  name: string;
  detail: string;
  quantity: string;
  totalPaise: number;
  taxRows: Bill['lines'][number]['taxRows'];
}

/** A line of the bill (an item or a delivery fee) and its tax rows under it. */
function billRows(row: BillRow) {
  const joined = row.taxRows.length ? '0' : undefined;
  return [
    <Table.Row key={row.key} bg="transparent">
      <Table.Cell px="0" py="3" borderBottomWidth={joined}>
        <Text fontWeight="600" color="brand.ink">
          {row.name}
        </Text>
        {row.detail ? (
          <Text fontSize="xs" color="brand.muted">
            {row.detail}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell px="0" textAlign="center" borderBottomWidth={joined}>
        {row.quantity}
      </Table.Cell>
      <Table.Cell px="0" textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" borderBottomWidth={joined}>
        {row.totalPaise === 0 && row.key.startsWith('delivery-') ? 'Free' : formatPaise(row.totalPaise)}
      </Table.Cell>
    </Table.Row>,
    ...row.taxRows.map((tax, index) => (
      <Table.Row key={`${row.key}-${tax.label}`} bg="transparent" color="brand.muted" fontSize="xs">
        <Table.Cell px="0" py="1" ps="3" colSpan={2} borderBottomWidth={index < row.taxRows.length - 1 ? '0' : undefined}>
          incl. {tax.label}
        </Table.Cell>
        <Table.Cell px="0" py="1" textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" borderBottomWidth={index < row.taxRows.length - 1 ? '0' : undefined}>
          {formatPaise(tax.paise)}
        </Table.Cell>
      </Table.Row>
    )),
  ];
}
