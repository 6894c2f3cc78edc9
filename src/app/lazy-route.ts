// Lazy route modules with the spec's 120000 ms chunk load time-out (SPEC.md §9): a chunk that neither arrives nor
// fails in time is reported as failed, and the route's error view offers a Retry.
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';

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

let lazyRecipes: Promise<unknown> | undefined;

/**
 * A lazy part of the app (a page, the toaster, a menu): its chunk and, beside the first of them, the recipes of the
 * Chakra components only lazy parts draw (src/app/lazy-recipes.ts), so that no lazy part renders before its styles
 * are known. A chunk that did not arrive is asked for again with the next part.
 */
export function loadLazyPart<M>(load: () => Promise<M>): Promise<M> {
  lazyRecipes ??= import('./lazy-recipes').catch((error: unknown) => {
    lazyRecipes = undefined;
    throw error;
  });
  return withTimeout(Promise.all([load(), lazyRecipes])).then(([module]) => module);
}

/** A react-router `lazy` for a module's named component export. */
export function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await loadLazyPart(load)) });
}

/** The lazy routes `path` matches, each with its `lazy` function. */
function lazyMatches(routes: RouteObject[], path: string) {
  return (matchRoutes(routes, path) ?? []).flatMap(({ route }) => (typeof route.lazy === 'function' ? [{ route, load: route.lazy }] : []));
}

/**
 * Loads the lazy routes `path` matches and writes their components into the route objects, before a router is made
 * from them: a page the server drew is then hydrated at once, instead of through the hydrate fallback, which would not
 * match its HTML. A chunk that fails to load is left lazy, for the router to ask for again and report.
 */
export async function resolveLazyMatches(routes: RouteObject[], path: string): Promise<void> {
  await Promise.all(
    lazyMatches(routes, path).map(async ({ route, load }) => {
      try {
        Object.assign(route, await load(), { lazy: undefined });
      } catch {
        // The router loads it again when it starts.
      }
    }),
  );
}

/** Starts downloading the chunks of the pages `path` leads to; the router finds them loaded when it follows the link. */
export function prefetchLazyMatches(routes: RouteObject[], path: string): void {
  for (const { load } of lazyMatches(routes, path)) load().catch(() => undefined);
}
