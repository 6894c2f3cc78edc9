// /flowercategorylist (SPEC.md §2 "Admin screens"): every category with its GST; a row opens its update form.
import type { AdminCategory } from '../../../domain/admin-catalog';
import { getCategories } from '../../api/admin';
import { paths } from '../../app/paths';
import type { Column } from '../../components/paginated-table';
import { AdminList } from './admin-list';
import { AdminPage } from './admin-page';

const title = 'Flower Category List';

const columns: readonly Column<AdminCategory>[] = [
  { header: 'Id', cell: (category) => category.id },
  { header: 'Category Name', cell: (category) => category.categoryName, maxW: '56' },
  { header: 'Category Description', cell: (category) => category.categoryDescription, maxW: '96' },
  // The CGST percent the checkout charges; no rate means the category is sold without GST.
  { header: 'GST', cell: (category) => (category.categoryGst === null ? null : `${category.categoryGst}%`), numeric: true },
];

export function CategoryListPage() {
  return (
    <AdminPage title={title} action={{ to: paths.flowerCategory, label: 'Add Category' }}>
      <AdminList
        caption={title}
        load={getCategories}
        loadingLabel="Loading the categories…"
        columns={columns}
        rowKey={(category) => category.id}
        rowHref={(category) => paths.updateFlowerCategory(category.id)}
        rowLabel={(category) => `Open category ${category.id}`}
      />
    </AdminPage>
  );
}
