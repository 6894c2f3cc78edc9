// The header's category menu: GET categoryheader, loaded once while the layout stays mounted.
import type { HeaderCategory } from '../../../domain/catalog';
import { pageDataKeys } from '../../../domain/page-data';
import { getCategoryHeader, readCategoryHeader } from '../../api/catalog';
import { useRemote } from '../../app/use-remote';

export function useCategoryHeader(): HeaderCategory[] {
  const remote = useRemote(pageDataKeys.categoryHeader, getCategoryHeader, readCategoryHeader);
  // A failed menu load is only logged by the spec (§8); the header simply shows no categories.
  return remote.status === 'ready' ? remote.data : [];
}
