// A small data hook: load something for a key, expose loading / ready / error, ignore answers for a stale key.
import { useEffect, useState } from 'react';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown };

export function useRemote<T>(key: string, load: () => Promise<T>): Remote<T> {
  const [state, setState] = useState<{ key: string; remote: Remote<T> }>({ key, remote: { status: 'loading' } });

  useEffect(() => {
    let current = true;
    setState({ key, remote: { status: 'loading' } });
    load().then(
      (data) => current && setState({ key, remote: { status: 'ready', data } }),
      (error: unknown) => current && setState({ key, remote: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
    // The key says when to load again; `load` is a fresh closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // Until the effect runs for a new key, the old key's answer must not show.
  return state.key === key ? state.remote : { status: 'loading' };
}
