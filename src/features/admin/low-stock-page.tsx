// /adminlowstock (issue 41, back office "Low stock"): the flowers on sale with fewer in stock than the Settings'
// threshold, fewest first, each opening its flower form to restock it. The low-stock machine loads the list.
import { Badge, Link, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Link as RouterLink } from 'react-router-dom';
import { noLowStock } from '../../../domain/reports';
import type { LowStockProduct } from '../../../domain/reports';
import { lowStockMachine } from '../../../machines/low-stock.machine';
import { getLowStock } from '../../api/reports';
import { appActorOptions } from '../../app/inspection';
import { paths } from '../../app/paths';
import { LoadFailed, Loading } from '../../components/load-states';
import { PaginatedTable } from '../../components/paginated-table';
import type { Column } from '../../components/paginated-table';
import { AdminPage } from './admin-page';

const title = 'Low stock';

// The stock next to the name: on a phone the table scrolls sideways and the count stays in view.
const columns: readonly Column<LowStockProduct>[] = [
  { header: 'Product Name', cell: (product) => product.name, maxW: '64' },
  {
    header: 'In stock',
    // None left: the flower shows as sold out in the shop, so it stands out here too.
    cell: (product) =>
      product.stock === 0 ? (
        <Badge colorPalette="rose" variant="solid" rounded="full" px="2.5">
          0
        </Badge>
      ) : (
        product.stock
      ),
    numeric: true,
  },
  { header: 'Category', cell: (product) => product.category, maxW: '48' },
  { header: 'Sub Category', cell: (product) => product.subCategory, maxW: '48' },
];

export function LowStockPage() {
  const [snapshot, send] = useActor(lowStockMachine.provide({ actors: { loadLowStock: fromPromise(() => getLowStock()) } }), appActorOptions);
  const { report, refusal } = snapshot.context;

  return (
    <AdminPage title={title} action={{ to: paths.flowerList, label: 'List of Flowers' }}>
      {snapshot.matches('loading') ? <Loading label="Loading the low stock list…" inCard /> : null}
      {snapshot.matches('loadFailed') ? <LoadFailed message={refusal ?? ''} onRetry={() => send({ type: 'list.retry' })} inCard /> : null}
      {snapshot.matches('listed') && report ? (
        <Stack gap="4">
          <Text color="brand.muted" fontSize="sm">
            Flowers on sale with fewer than {report.threshold} in stock, fewest first; open one to restock it. The threshold is in{' '}
            <Link asChild color="brand.leaf" fontWeight="medium">
              <RouterLink to={paths.adminSettings}>Settings</RouterLink>
            </Link>
            .
          </Text>
          {report.products.length === 0 ? (
            <Text role="status" fontSize="lg" color="brand.leaf" fontWeight="medium" py="6" textAlign="center">
              {noLowStock(report.threshold)}
            </Text>
          ) : (
            <PaginatedTable
              caption={title}
              columns={columns}
              rows={report.products}
              rowKey={(product) => product.externalId}
              rowHref={(product) => paths.flowerFormUpdate(product.externalId)}
              rowLabel={(product) => `Restock ${product.name}, ${product.stock} in stock`}
            />
          )}
        </Stack>
      ) : null}
    </AdminPage>
  );
}
