// /admincoupons (issue 42): the coupon codes with their terms (kind and value, dates, uses against the limit, whether
// active); a row opens its edit form.
import { formatRupees } from '../../../domain/money';
import type { Coupon } from '../../../domain/coupons';
import { getCoupons } from '../../api/coupons';
import { paths } from '../../app/paths';
import type { Column } from '../../components/paginated-table';
import { AdminList } from './admin-list';
import { AdminPage } from './admin-page';

const title = 'Coupons';

/** "10% off (up to Rs. 500)", "Rs. 200 off". */
export function couponTerms(coupon: Coupon): string {
  if (coupon.kind === 'flat') return `${formatRupees(coupon.value)} off`;
  return `${coupon.value}% off${coupon.maxDiscountRupees === null ? '' : ` (up to ${formatRupees(coupon.maxDiscountRupees)})`}`;
}

const columns: readonly Column<Coupon>[] = [
  { header: 'Code', cell: (coupon) => coupon.code },
  { header: 'Discount', cell: (coupon) => couponTerms(coupon) },
  { header: 'Valid', cell: (coupon) => `${coupon.validFrom} to ${coupon.validTo}` },
  { header: 'Uses', cell: (coupon) => `${coupon.uses} / ${coupon.totalLimit ?? 'no limit'}`, numeric: true },
  { header: 'Active', cell: (coupon) => (coupon.active ? 'Yes' : 'No') },
  // Last: the long column, so that a phone shows the terms before it scrolls.
  { header: 'Description', cell: (coupon) => coupon.description, maxW: '72' },
];

export function CouponListPage() {
  return (
    <AdminPage title={title} action={{ to: paths.adminCouponForm, label: 'Add Coupon' }}>
      <AdminList
        caption={title}
        load={getCoupons}
        loadingLabel="Loading the coupons…"
        columns={columns}
        rowKey={(coupon) => coupon.id}
        rowHref={(coupon) => paths.updateAdminCoupon(coupon.id)}
        rowLabel={(coupon) => `Open coupon ${coupon.code}`}
      />
    </AdminPage>
  );
}
