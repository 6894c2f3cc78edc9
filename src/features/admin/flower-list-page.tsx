// /flowerlist (SPEC.md §2 "Admin screens"): every flower, removed ones included; a row opens its update form.
import { Badge } from '@chakra-ui/react';
import type { AdminProduct } from '../../../domain/admin-catalog';
import { formatRupees } from '../../../domain/money';
import { getProducts } from '../../api/admin';
import { paths } from '../../app/paths';
import type { Column } from '../../components/paginated-table';
import { AdminList } from './admin-list';
import { AdminPage } from './admin-page';

const title = 'List of Flowers';

const columns: readonly Column<AdminProduct>[] = [
  { header: 'Id', cell: (product) => product.id },
  { header: 'Product Name', cell: (product) => product.productName, maxW: '56' },
  { header: 'Item Code', cell: (product) => product.itemCode },
  { header: 'MRP', cell: (product) => formatRupees(product.mrp), numeric: true },
  { header: 'Selling Price', cell: (product) => formatRupees(product.sellingPrice), numeric: true },
  { header: 'Description', cell: (product) => product.description, maxW: '80', minW: '64' },
  {
    header: 'Removal',
    // A removed flower is off the storefront: it stands out so that it is not mistaken for one on sale.
    cell: (product) =>
      product.isRemoved ? (
        <Badge colorPalette="rose" variant="subtle" rounded="full" px="2.5">
          Yes
        </Badge>
      ) : (
        'No'
      ),
  },
  { header: 'Add-on', cell: (product) => (product.isAddon ? 'Yes' : 'No') },
  { header: 'Quantity', cell: (product) => product.quantity, numeric: true },
  { header: 'Category', cell: (product) => product.flowerCategoryName, maxW: '48' },
  { header: 'Sub Category', cell: (product) => product.flowerSubCategoryName, maxW: '48' },
];

export function FlowerListPage() {
  return (
    <AdminPage title={title} action={{ to: paths.flowerForm, label: 'Add Flower' }}>
      <AdminList
        caption={title}
        load={getProducts}
        loadingLabel="Loading the flowers…"
        columns={columns}
        rowKey={(product) => product.externalId}
        rowHref={(product) => paths.flowerFormUpdate(product.externalId)}
        rowLabel={(product) => `Open flower ${product.productName}`}
      />
    </AdminPage>
  );
}
