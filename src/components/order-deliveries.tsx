// An order's deliveries as label and value lines (domain/order-delivery.ts deliveryDetails), the same on the thank-you
// page, in My Account's orders and in the admin's order; with `fees`, each delivery's fee as its own line.
import { deliveryDetails, deliveryFeeRows } from '../../domain/order-delivery';
import type { ChosenDelivery, OrderDelivery } from '../../domain/order-delivery';
import { DetailRows } from './detail-rows';

export function OrderDeliveries({
  deliveries,
  compact = false,
  fees = false,
}: {
  deliveries: readonly (ChosenDelivery & Partial<Pick<OrderDelivery, 'status' | 'statusNote'>>)[];
  compact?: boolean;
  fees?: boolean;
}) {
  return <DetailRows rows={[...deliveryDetails(deliveries), ...(fees ? deliveryFeeRows(deliveries) : [])]} label="Delivery" compact={compact} />;
}
