// A small data hook: load something for a key, expose loading / ready / error, ignore answers for a stale key. A
// reply the server embedded in the page for this key (src/app/page-data.ts) makes the first render ready at once.
import { useEffect, useRef, useState } from 'react';
import { readPageReply, spendPageReply } from './page-data';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown };

/** Reads an embedded reply the way `load` reads the API's; throws when it breaks the contract. */
export type ReadReply<T> = (reply: unknown) => T;

function embedded<T>(key: string, readReply: ReadReply<T> | undefined): Remote<T> | undefined {
  const data = readReply ? readPageReply(key, readReply) : undefined;
  return data === undefined ? undefined : { status: 'ready', data };
}

export function useRemote<T>(key: string, load: () => Promise<T>, readReply?: ReadReply<T>): Remote<T> {
  const [state, setState] = useState<{ key: string; remote: Remote<T> }>(() => ({
    key,
    remote: embedded(key, readReply) ?? { status: 'loading' },
  }));
  // The key whose answer came with the page: no call for it (StrictMode's repeated effect included).
  const embeddedKey = useRef(state.remote.status === 'ready' ? key : null);

  useEffect(() => {
    if (embeddedKey.current === key) {
      spendPageReply(key);
      return undefined;
    }
    embeddedKey.current = null;
    let current = true;
    setState({ key, remote: { status: 'loading' } });
    load().then(
      (data) => current && setState({ key, remote: { status: 'ready', data } }),
      (error: unknown) => current && setState({ key, remote: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
    // The key says when to load again; `load` and `readReply` are fresh closures on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // Until the effect runs for a new key, the old key's answer must not show.
  return state.key === key ? state.remote : { status: 'loading' };
}
