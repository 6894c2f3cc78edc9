// Lazy pages with the spec's 120000 ms chunk load time-out (SPEC.md §9): a chunk that neither arrives nor fails in
// time is reported as failed, and the page's error view offers a Retry.
//
// The router is react-router's declarative one (src/app/router.tsx): its data router, with `lazy` routes, error
// elements and a static handler, was 30 KiB of a first visit's 184 (gzip), against 13 for this one. What the data
// router did for lazy routes is done here: a page's code is loaded before the app starts on it (so a page the server
// drew hydrates at once); a navigation to a page whose code is still on its way keeps the current page, and its
// address, on screen until the code arrives; a failed load reaches the page's error boundary (src/app/route-error.tsx).
import { use, useEffect, useState } from 'react';
import type { ComponentType, ReactPromise } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import type { Location, RouteObject } from 'react-router-dom';

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

/** A download as React's `use` reads it: a settled one carries its outcome, so a loaded page renders without waiting. */
type Download = Promise<ComponentType> & ReactPromise<ComponentType>;

const lazyPages = new Set<LazyPage>();

/** A page whose code is a lazy chunk: the page `pick` names in the module `load` imports. */
export class LazyPage {
  readonly #loadModule: () => Promise<unknown>;
  readonly #pick: (module: unknown) => ComponentType;
  readonly #drawnByServer: boolean;
  #download: Download | undefined;

  constructor(loadModule: () => Promise<unknown>, pick: (module: unknown) => ComponentType, { drawnByServer = false } = {}) {
    this.#loadModule = loadModule;
    this.#pick = pick;
    this.#drawnByServer = drawnByServer;
    lazyPages.add(this);
  }

  /** Starts the download of the page's code, or joins the one under way; one that failed is started again. */
  load(): Promise<ComponentType> {
    return this.#download && this.#download.status !== 'rejected' ? this.#download : this.#start();
  }

  /** The download the page renders from: the latest, even a failed one, so that its error view stays up. */
  current(): Download {
    return this.#download ?? this.#start();
  }

  /** Whether the page's code has arrived or failed to: either way the page can be shown. */
  settled(): boolean {
    const status = this.#download?.status;
    return status === 'fulfilled' || status === 'rejected';
  }

  /** A failed download is forgotten: the page downloads its code again when it is next shown. */
  forgetFailure(): void {
    if (this.#download?.status === 'rejected') this.#download = undefined;
  }

  #start(): Download {
    // A page the server draws is styled by the recipes of the first script alone (tests/views/lazy-recipes.test.tsx).
    const module = this.#drawnByServer ? withTimeout(this.#loadModule()) : loadLazyPart(this.#loadModule);
    const started = module.then(this.#pick) as Download;
    started.then(
      (value) => {
        Object.assign(started, { status: 'fulfilled', value });
      },
      (reason: unknown) => {
        Object.assign(started, { status: 'rejected', reason });
      },
    );
    this.#download = started;
    return started;
  }
}

/** `drawnByServer`: a catalogue page, which the server draws and whose code the page names for preloading. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, options: { drawnByServer?: boolean } = {}): LazyPage {
  return new LazyPage(load, pick as (module: unknown) => ComponentType, options);
}

/** Pages whose code failed to load download it again when next shown (the error boundary calls this as the shopper moves on). */
export function forgetFailedLoads(): void {
  for (const page of lazyPages) page.forgetFailure();
}

/** The page once its code has arrived (useShownLocation waits for that); its error, for the boundary, once it failed to. */
function LazyPageView({ page }: { page: LazyPage }) {
  const Page = use(page.current());
  return <Page />;
}

/** The route of a lazy page; the page rides along as the route's `handle`, for loading ahead of the router. */
export function lazyRoute(path: string, page: LazyPage): RouteObject {
  return { path, element: <LazyPageView page={page} />, handle: page };
}

/** The lazy pages `path` matches. */
function lazyMatches(routes: RouteObject[], path: string): LazyPage[] {
  return (matchRoutes(routes, path) ?? []).flatMap(({ route }) => (route.handle instanceof LazyPage ? [route.handle] : []));
}

/** The lazy pages `path` matches whose code has neither arrived nor failed to. */
function unsettledPages(routes: RouteObject[], path: string): LazyPage[] {
  return lazyMatches(routes, path).filter((page) => !page.settled());
}

/**
 * Loads the code of the pages `path` matches, before the app renders it: a page the server drew is then hydrated at
 * once, and no page starts on a loading screen. A failed load is left for the page to report.
 */
export async function loadPagesOf(routes: RouteObject[], path: string): Promise<void> {
  await Promise.all(lazyMatches(routes, path).map((page) => page.load().catch(() => undefined)));
}

/** Starts downloading the code of the pages `path` leads to; the app finds them loaded when it follows the link. */
export function prefetchPagesOf(routes: RouteObject[], path: string): void {
  for (const page of lazyMatches(routes, path)) page.load().catch(() => undefined);
}

/**
 * The address to show: the router's, once the code of the pages it leads to has arrived (or failed to); until then
 * the address shown before, so that the current page stays on screen while the next one downloads; null while the
 * first page's code is on its way.
 */
export function useShownLocation(routes: RouteObject[]): Location | null {
  const location = useLocation();
  const ready = unsettledPages(routes, location.pathname).length === 0;
  const [shown, setShown] = useState(ready ? location : null);
  useEffect(() => {
    if (ready) return;
    let wanted = true;
    // The code may have arrived between the render and this effect (a download the pointer started): then at once.
    const waiting = unsettledPages(routes, location.pathname);
    void Promise.allSettled(waiting.map((page) => page.load())).then(() => wanted && setShown(location));
    return () => {
      wanted = false;
    };
  }, [routes, location, ready]);
  if (ready && shown !== location) setShown(location);
  return ready ? location : shown;
}
