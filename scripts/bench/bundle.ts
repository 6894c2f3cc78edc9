/**
 * Bench part "bundle": the JavaScript and CSS a first visit downloads for the shop's storefront routes, measured the
 * honest way (the built app served by the real server, loaded in Chromium with an empty cache, every script and style
 * sheet response recorded until the network is idle, each body gzipped here at level 9), and whether any admin chunk
 * came along. The same-run ceiling is a minimal build of the libraries every page needs, made with the same vite.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { landingCategory } from '../../domain/limits';
import { launchBrowser, removeDataDir, startServer, type RunningServer } from '../../tests/e2e/harness';
import { shopApi } from '../../tests/e2e/shop-api';
import { buildIfStale } from '../build-if-stale';
import type { BenchContext, BenchPart, Figure, Section } from './figures';

/** The budget: the category page's first visit, gzip, in KiB. */
const categoryBudgetKiB = 160;

interface Download {
  url: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

interface RouteVisit {
  name: string;
  path: string;
  downloads: Download[];
  adminChunks: string[];
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * The file names of the admin code in this build: each module under src/features/admin/ becomes a chunk named after
 * it (`dashboard-page-<hash>.js`, shared ones such as `admin-list-<hash>.js`), which is how vite.config.ts names chunks.
 */
function adminChunkNames(root: string): Set<string> {
  const modules = readdirSync(join(root, 'src', 'features', 'admin')).map((file) => file.replace(/\.tsx?$/, ''));
  const chunks = readdirSync(join(root, 'dist', 'static', 'js'));
  const admin = chunks.filter((chunk) => modules.some((module) => new RegExp(`^${module}-[\\w-]{8}\\.js$`).test(chunk)));
  if (admin.length === 0) throw new Error('No admin chunk found in dist/static/js: the admin chunk names changed.');
  return new Set(admin);
}

async function visit(browser: Browser, baseUrl: string, name: string, path: string, admin: Set<string>): Promise<RouteVisit> {
  // A fresh context per route: an empty cache, as a first visit has.
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const pending: Promise<Download | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        response.body().then(
          (body) => ({
            url: new URL(response.url()).pathname,
            kind: type === 'script' ? 'js' : 'css',
            bytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          }),
          () => null,
        ),
      );
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    // Anything a page starts after load (a lazy chunk on idle) counts too: wait for a second quiet network.
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    const seen = new Map<string, Download>();
    for (const download of await Promise.all(pending)) if (download) seen.set(download.url, download);
    const downloads = [...seen.values()];
    const adminChunks = downloads.map((d) => d.url.split('/').pop() ?? '').filter((file) => admin.has(file));
    return { name, path, downloads, adminChunks };
  } finally {
    await context.close();
  }
}

/** The routes of the issue, with a real category and product of the demo catalogue. */
async function routesOf(server: RunningServer): Promise<[string, string][]> {
  const [product] = await shopApi(server.url).productsOf(landingCategory.category, landingCategory.subCategory);
  if (!product) throw new Error('The demo catalogue has no product in the landing sub-category.');
  const category = `/category/${encodeURIComponent(landingCategory.category)}/${encodeURIComponent(landingCategory.subCategory)}`;
  return [
    ['/', '/'],
    ['category', category],
    ['product', `/flower/${product.externalId}`],
    ['cart', '/cart'],
    ['checkout', '/checkout'],
  ];
}

/**
 * Gzip size of React + react-dom + the Chakra provider (base config) + the router as the shop uses it (declarative,
 * src/app/router.tsx) + an XState actor + ky, built
 * with this vite in a temporary folder inside node_modules/ (so the bare imports resolve to the shop's own versions).
 */
async function minimalBuildGzip(root: string): Promise<number> {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'bench-bundle-'));
  try {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="./entry.tsx"></script></body></html>',
    );
    writeFileSync(
      join(dir, 'entry.tsx'),
      `import { Box, ChakraProvider, createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import ky from 'ky';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { createMachine } from 'xstate';
const machine = createMachine({ id: 'm', initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } });
function Page() {
  const [snapshot, send] = useActor(machine);
  return <Box onClick={() => { send({ type: 'go' }); void ky.get('/api/ready'); }}>{String(snapshot.value)}</Box>;
}
function Routes() {
  return useRoutes([{ path: '*', element: <Page /> }]);
}
createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={createSystem(defaultBaseConfig)}><BrowserRouter><Routes /></BrowserRouter></ChakraProvider>,
);
`,
    );
    const { build } = await import('vite');
    const { default: react } = await import('@vitejs/plugin-react');
    const outDir = join(dir, 'out');
    await build({ root: dir, configFile: false, logLevel: 'silent', plugins: [react()], build: { outDir, emptyOutDir: true } });
    let total = 0;
    const assets = join(outDir, 'assets');
    for (const file of readdirSync(assets)) {
      if (file.endsWith('.js')) total += gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
    }
    return total;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const runBundle: BenchPart = async (context: BenchContext): Promise<Section> => {
  const section: Section = { id: 'bundle', title: 'First-visit download (gzip) per route', figures: [], notes: [] };
  context.log('bundle: building the app if dist/ is stale');
  buildIfStale();
  const admin = adminChunkNames(context.root);

  let ceiling: number | undefined;
  try {
    context.log('bundle: building the minimal React + Chakra + router + XState + ky entry');
    ceiling = await minimalBuildGzip(context.root);
  } catch (error) {
    section.notes!.push(`The minimal build for the ceiling failed, so the byte figures have none: ${String(error)}`);
  }

  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const visits: RouteVisit[] = [];
  try {
    server = await startServer();
    browser = await launchBrowser();
    for (const [name, path] of await routesOf(server)) {
      context.log(`bundle: first visit of ${path}`);
      visits.push(await visit(browser, server.url, name, path, admin));
    }
  } finally {
    await browser?.close();
    if (server) {
      await server.stop();
      removeDataDir(server.dataDir);
    }
  }

  const ceilingOf = ceiling === undefined ? undefined : { label: 'React + Chakra provider + router + XState + ky alone', value: kib(ceiling) };
  for (const route of visits) {
    const sum = (kind: 'js' | 'css') => route.downloads.filter((d) => d.kind === kind).reduce((total, d) => total + d.gzipBytes, 0);
    const js: Figure = { name: `${route.name}, JavaScript (gzip)`, value: kib(sum('js')), unit: 'KiB' };
    if (ceilingOf) js.ceiling = ceilingOf;
    if (route.name === 'category') js.budget = { limit: categoryBudgetKiB, comparison: 'atMost' };
    section.figures.push(
      js,
      { name: `${route.name}, CSS (gzip)`, value: kib(sum('css')), unit: 'KiB' },
      { name: `${route.name}, admin chunks downloaded`, value: route.adminChunks.length, unit: 'units', budget: { limit: 0, comparison: 'atMost' } },
    );
  }
  writeFileSync(join(context.resultsDir, 'bundle.json'), `${JSON.stringify({ ceilingGzipBytes: ceiling, adminChunks: [...admin], visits }, null, 2)}\n`);

  section.notes!.push(
    'Each route is a first visit in Chromium (empty cache, 390 px) of the built app on the real server; every script and style sheet answered until the network is quiet is counted once, its body gzipped here at level 9 (the server itself may send brotli, which is smaller).',
    `Only the category page carries the issue's budget (≤ ${categoryBudgetKiB} KiB of JavaScript); the other routes are reported against the same-run ceiling, a minimal build of the libraries every page needs, so that growth shows without a budget the issue did not set.`,
    `Admin chunks are recognised by name: the chunks this build made from src/features/admin/ (${admin.size} files).`,
  );
  return section;
};
