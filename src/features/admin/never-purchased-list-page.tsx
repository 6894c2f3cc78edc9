// /userneverpurchasedlist (SPEC.md §2 "Admin screens"): customers without a paid order, N/A for what they never gave.
import type { NeverPurchasedUser } from '../../../domain/admin-orders';
import { getNeverPurchasedUsers } from '../../api/admin';
import type { Column } from '../../components/paginated-table';
import { AdminList } from './admin-list';
import { AdminPage } from './admin-page';

const title = 'User Never Purchased List';

const columns: readonly Column<NeverPurchasedUser>[] = [
  { header: 'ID', cell: (user) => user.id },
  { header: 'First Name', cell: (user) => user.firstName, maxW: '48' },
  { header: 'Last Name', cell: (user) => user.lastName, maxW: '48' },
  { header: 'Email', cell: (user) => user.email, maxW: '72', minW: '52' },
  { header: 'Mobile Number', cell: (user) => user.mobileNumber },
];

export function NeverPurchasedListPage() {
  return (
    <AdminPage title={title}>
      <AdminList caption={title} load={getNeverPurchasedUsers} loadingLabel="Loading the customers…" columns={columns} rowKey={(user) => user.id} />
    </AdminPage>
  );
}
