// /deliveryarealist (issue 40): the service areas for hand delivery by name, with their pincodes, extra fee and
// whether they are active; a row opens its update form.
import { formatPaise } from '../../../domain/money';
import type { ServiceArea } from '../../../domain/service-area';
import { getDeliveryAreas } from '../../api/admin';
import { paths } from '../../app/paths';
import type { Column } from '../../components/paginated-table';
import { AdminList } from './admin-list';
import { AdminPage } from './admin-page';

const title = 'Delivery Areas';

const columns: readonly Column<ServiceArea>[] = [
  { header: 'Id', cell: (area) => area.id },
  { header: 'Area Name', cell: (area) => area.name, maxW: '56' },
  { header: 'Extra Fee', cell: (area) => formatPaise(area.extraFeePaise), numeric: true },
  { header: 'Active', cell: (area) => (area.active ? 'Yes' : 'No') },
  // Last: the long column, so that a phone shows the fee and the flag before it scrolls.
  { header: 'Pincodes', cell: (area) => area.pincodes, maxW: '96' },
];

export function DeliveryAreaListPage() {
  return (
    <AdminPage title={title} action={{ to: paths.deliveryArea, label: 'Add Delivery Area' }}>
      <AdminList
        caption={title}
        load={getDeliveryAreas}
        loadingLabel="Loading the delivery areas…"
        columns={columns}
        rowKey={(area) => area.id}
        rowHref={(area) => paths.updateDeliveryArea(area.id)}
        rowLabel={(area) => `Open delivery area ${area.id}`}
      />
    </AdminPage>
  );
}
