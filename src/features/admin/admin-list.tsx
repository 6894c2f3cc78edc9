// What every admin list shows around its table: a spinner while the rows load, and a load failure with Retry (the
// spec only logs a failed list load; the admin also gets a way to try again).
import { useState } from 'react';
import type { ReactNode } from 'react';
import { LoadFailed, Loading } from '../../components/load-states';
import { PaginatedTable } from '../../components/paginated-table';
import type { PaginatedTableProps } from '../../components/paginated-table';
import { useRemote } from '../../app/use-remote';

export interface AdminListLoadProps {
  status: 'loading' | 'failed' | 'ready';
  /** What is loading, as the admin reads it ("Loading the categories…"). */
  loadingLabel: string;
  onRetry: () => void;
  /** The table, shown once the rows are in. */
  children: ReactNode;
}

/** A list's table once its rows are in; before that its spinner, or its load failure with Retry. */
export function AdminListLoad({ status, loadingLabel, onRetry, children }: AdminListLoadProps) {
  if (status === 'loading') return <Loading label={loadingLabel} inCard />;
  if (status === 'failed') return <LoadFailed message="This list did not load." onRetry={onRetry} inCard />;
  return children;
}

export interface AdminListProps<Row> extends Omit<PaginatedTableProps<Row>, 'rows'> {
  /** The list's call, e.g. `getCategories`. */
  load: () => Promise<Row[]>;
  loadingLabel: string;
}

export function AdminList<Row>({ load, loadingLabel, ...table }: AdminListProps<Row>) {
  // Retry is a new attempt: a new key makes useRemote load again.
  const [attempt, setAttempt] = useState(0);
  const rows = useRemote(`${table.caption}:${attempt}`, () =>
    load().catch((error: unknown) => {
      console.error(`${table.caption} could not be loaded`, error);
      throw error;
    }),
  );

  return (
    <AdminListLoad
      status={rows.status === 'error' ? 'failed' : rows.status}
      loadingLabel={loadingLabel}
      onRetry={() => setAttempt((count) => count + 1)}
    >
      {rows.status === 'ready' ? <PaginatedTable {...table} rows={rows.data} /> : null}
    </AdminListLoad>
  );
}
