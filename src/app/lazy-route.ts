// Lazy route modules with the spec's 120000 ms chunk load time-out (SPEC.md §9): a chunk that neither arrives nor
// fails in time is reported as failed, and the route's error view offers a Retry.
import type { ComponentType } from 'react';

export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadTimeout extends Error {
  override name = 'ChunkLoadTimeout';
}

export function withTimeout<T>(load: Promise<T>, timeoutMs = chunkLoadTimeoutMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeout(`A part of the shop took longer than ${timeoutMs} ms to load.`)), timeoutMs);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/** A react-router `lazy` for a module's named component export. */
export function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await withTimeout(load())) });
}
