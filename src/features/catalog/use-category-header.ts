// The header's category menu: GET categoryheader, loaded once while the layout stays mounted.
import type { HeaderCategory } from '../../../domain/catalog';
import { getCategoryHeader } from '../../api/catalog';
import { useRemote } from './use-remote';

export function useCategoryHeader(): HeaderCategory[] {
  const remote = useRemote('categoryheader', getCategoryHeader);
  // A failed menu load is only logged by the spec (§8); the header simply shows no categories.
  return remote.status === 'ready' ? remote.data : [];
}
