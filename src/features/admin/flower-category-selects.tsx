// The product's place in the catalogue: a category select filled from the admin's categories and a sub-category
// select filled with that category's sub-categories. Choosing another category reloads the sub-categories and clears
// the chosen one, since a sub-category belongs to one category (the server refuses a mismatch).
import type { AdminCategory, AdminSubCategory } from '../../../domain/admin-catalog';
import { getCategories, getSubCategoriesOf } from '../../api/admin';
import { useRemote } from '../../app/use-remote';
import type { Remote } from '../../app/use-remote';
import { AdminSelect } from './admin-fields';
import type { SelectChoice } from './admin-fields';
import type { AdminFormActor } from './use-admin-form';

const noChoices: readonly SelectChoice[] = [];

function choicesOf<T>(remote: Remote<T[]>, toChoice: (item: T) => SelectChoice): readonly SelectChoice[] {
  return remote.status === 'ready' ? remote.data.map(toChoice) : noChoices;
}

const categoryChoice = (category: AdminCategory): SelectChoice => ({ value: String(category.id), label: category.categoryName });
const subCategoryChoice = (sub: AdminSubCategory): SelectChoice => ({ value: String(sub.id), label: sub.subCategoryName });

function categoryPlaceholder(remote: Remote<unknown>): string {
  if (remote.status === 'loading') return 'Loading categories…';
  if (remote.status === 'error') return 'The categories did not load';
  return 'Select a category';
}

function subCategoryPlaceholder(categoryId: string, remote: Remote<AdminSubCategory[]>): string {
  if (categoryId === '') return 'Choose a category first';
  if (remote.status === 'loading') return 'Loading sub categories…';
  if (remote.status === 'error') return 'The sub categories did not load';
  return remote.data.length === 0 ? 'This category has no sub categories yet' : 'Select a sub category';
}

export function FlowerCategorySelects({ actor }: { actor: AdminFormActor }) {
  const [snapshot, send] = actor;
  const categoryId = snapshot.context.values.flowerCategoryName ?? '';
  const categories = useRemote('admin-categories', getCategories);
  const subCategories = useRemote(`admin-sub-categories:${categoryId}`, () =>
    categoryId === '' ? Promise.resolve<AdminSubCategory[]>([]) : getSubCategoriesOf(Number(categoryId)),
  );
  const reloadHint = 'Please reload the page to try again.';
  return (
    <>
      <AdminSelect
        actor={actor}
        name="flowerCategoryName"
        label="Flower Category"
        choices={choicesOf(categories, categoryChoice)}
        placeholder={categoryPlaceholder(categories)}
        helperText={categories.status === 'error' ? reloadHint : undefined}
        onChosen={() => send({ type: 'field.change', field: 'flowerSubCategoryName', value: '' })}
      />
      <AdminSelect
        actor={actor}
        name="flowerSubCategoryName"
        label="Flower Sub Category"
        choices={categoryId === '' ? noChoices : choicesOf(subCategories, subCategoryChoice)}
        placeholder={subCategoryPlaceholder(categoryId, subCategories)}
        helperText={categoryId !== '' && subCategories.status === 'error' ? reloadHint : undefined}
        // The sub-category means nothing without a category.
        disabled={categoryId === ''}
      />
    </>
  );
}
