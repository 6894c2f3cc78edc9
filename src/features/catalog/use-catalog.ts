// The catalogue for one category (category page) or for the whole shop (home page): GET allflowers, loaded again
// only when the category changes — switching sub-category is local.
import type { CatalogCategory } from '../../../domain/catalog';
import { pageDataKeys } from '../../../domain/page-data';
import { getAllFlowers, readAllFlowers } from '../../api/catalog';
import { useRemote } from '../../app/use-remote';
import type { Remote } from '../../app/use-remote';

export function useCatalog(categoryName?: string): Remote<CatalogCategory[]> {
  return useRemote(pageDataKeys.allFlowers(categoryName), () => getAllFlowers(categoryName), readAllFlowers);
}
