// /flowersubcategory (SubCategory Form, also reached as /flowerSubcategory) and /updateflowersubcategory/{id}
// (SubCategory Update Form): a sub-category's name, description and parent category. The admin form machine
// (subCategoryCreate / subCategoryUpdate) owns the rules, messages and the return to the list; the categories to choose
// from load with the form, so the page has one loading state and one retry.
import { useParams } from 'react-router-dom';
import { adminCatalogMessages } from '../../../domain/admin-catalog';
import type { AdminCategory, AdminSubCategory } from '../../../domain/admin-catalog';
import { adminBlankValues } from '../../../domain/admin-forms';
import { createSubCategory, getCategories, getSubCategory, updateSubCategory } from '../../api/admin';
import { paths } from '../../app/paths';
import { AdminFormFrame } from './admin-form-frame';
import { AdminPage } from './admin-page';
import { AdminSelect, AdminTextField } from './admin-fields';
import { MissingRecord, rowIdOf } from './record-id';
import type { SelectChoice } from './admin-fields';
import { useAdminForm } from './use-admin-form';
import type { AdminFormActor } from './use-admin-form';

const backToList = { to: paths.flowerSubCategoryList, label: 'Flower Sub Category List' };

/** What these forms load besides their values: the parent categories on offer (and, on update, the record). */
interface SubCategoryFormRecord {
  categories: AdminCategory[];
  subCategory: AdminSubCategory | null;
}

function SubCategoryFields({ actor }: { actor: AdminFormActor }) {
  // The machine keeps the record opaque; these pages are the only ones that fill it, always with this shape.
  const record = actor[0].context.record as SubCategoryFormRecord | null;
  const choices: SelectChoice[] = (record?.categories ?? []).map((category) => ({
    value: String(category.id),
    label: category.categoryName,
  }));
  return (
    <>
      <AdminTextField actor={actor} name="subCategoryName" label="Sub Category Name" helperText={adminCatalogMessages.subCategoryNameMax} />
      <AdminTextField
        actor={actor}
        name="subCategoryDescription"
        label="Sub Category Description"
        multiline
        helperText={adminCatalogMessages.subCategoryDescriptionMax}
      />
      <AdminSelect actor={actor} name="productCategoryName" label="Flower Category" placeholder="Select a category" choices={choices} />
    </>
  );
}

/** The body both writes send: the parent goes as its id, under the spec's field name. */
const subCategoryBody = (values: Record<string, string>) => ({
  subCategoryName: values.subCategoryName ?? '',
  subCategoryDescription: values.subCategoryDescription ?? '',
  productCategoryName: values.productCategoryName ?? '',
});

export function SubCategoryCreatePage() {
  const actor = useAdminForm('subCategoryCreate', {
    load: async () => {
      const record: SubCategoryFormRecord = { categories: await getCategories(), subCategory: null };
      return { values: adminBlankValues('subCategoryCreate'), record };
    },
    submit: ({ values }) => createSubCategory(subCategoryBody(values)),
    listPath: paths.flowerSubCategoryList,
  });
  return (
    <AdminPage title="SubCategory Form" back={backToList} narrow>
      <AdminFormFrame actor={actor} title="SubCategory Form" submitLabel="Submit">
        <SubCategoryFields actor={actor} />
      </AdminFormFrame>
    </AdminPage>
  );
}

function SubCategoryUpdateForm({ id }: { id: number }) {
  const actor = useAdminForm('subCategoryUpdate', {
    load: async () => {
      const [subCategory, categories] = await Promise.all([getSubCategory(id), getCategories()]);
      const record: SubCategoryFormRecord = { categories, subCategory };
      return {
        values: {
          subCategoryName: subCategory.subCategoryName,
          subCategoryDescription: subCategory.subCategoryDescription,
          productCategoryName: subCategory.ProductCategoryId === null ? '' : String(subCategory.ProductCategoryId),
        },
        record,
      };
    },
    submit: ({ values }) => updateSubCategory({ id, ...subCategoryBody(values) }),
    listPath: paths.flowerSubCategoryList,
  });
  return (
    <AdminFormFrame actor={actor} title="SubCategory Update Form" submitLabel="Update">
      <SubCategoryFields actor={actor} />
    </AdminFormFrame>
  );
}

export function SubCategoryUpdatePage() {
  const id = rowIdOf(useParams().id);
  return (
    <AdminPage title="SubCategory Update Form" back={backToList} narrow>
      {id === null ? (
        <MissingRecord
          message="This sub category does not exist."
          back={{ to: paths.flowerSubCategoryList, label: 'Back to the sub category list' }}
        />
      ) : (
        // A new id is a new form: the machine loads that sub-category afresh.
        <SubCategoryUpdateForm key={id} id={id} />
      )}
    </AdminPage>
  );
}
