// /flowersubcategorylist (SPEC.md §2 "Admin screens"): every sub-category with its category (N/A when it has none);
// a row opens its update form.
import type { AdminSubCategory } from '../../../domain/admin-catalog';
import { getSubCategories } from '../../api/admin';
import { paths } from '../../app/paths';
import type { Column } from '../../components/paginated-table';
import { AdminList } from './admin-list';
import { AdminPage } from './admin-page';

const title = 'Flower Sub Category List';

const columns: readonly Column<AdminSubCategory>[] = [
  { header: 'Id', cell: (subCategory) => subCategory.id },
  { header: 'Sub Category Name', cell: (subCategory) => subCategory.subCategoryName, maxW: '56' },
  { header: 'Sub Category Description', cell: (subCategory) => subCategory.subCategoryDescription, maxW: '96' },
  { header: 'Flower Category Name', cell: (subCategory) => subCategory.ProductCategory?.categoryName, maxW: '56' },
];

export function SubCategoryListPage() {
  return (
    <AdminPage title={title} action={{ to: paths.flowerSubCategory, label: 'Add Sub Category' }}>
      <AdminList
        caption={title}
        load={getSubCategories}
        loadingLabel="Loading the sub categories…"
        columns={columns}
        rowKey={(subCategory) => subCategory.id}
        rowHref={(subCategory) => paths.updateFlowerSubCategory(subCategory.id)}
        rowLabel={(subCategory) => `Open sub category ${subCategory.id}`}
      />
    </AdminPage>
  );
}
