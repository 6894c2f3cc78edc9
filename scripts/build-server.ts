/**
 * `tsx scripts/build-server.ts [entry] [outDir]`: bundles the server (default server/server.ts → dist-server/server.mjs)
 * into one ES module, and its threads' scripts beside it (dist-server/embedded-worker.mjs, document-pdf.thread.mjs), with every npm
 * package left external, so that `npm start` runs it on plain Node. Through tsx the same code took twice as long to
 * import and 85 MB more memory (docs/performance.md).
 *
 * It also prepares what a first start on an empty DATA_DIR would otherwise spend seconds on: the demo pictures,
 * painted into dist-server/demo-art.bin, and the embedded database's template (server/db/pglite-template.ts).
 */
import { basename, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { preparePgliteTemplate } from '../server/db/embedded-server';
import { writePaintedArt } from '../server/db/seed/demo-art';

const root = fileURLToPath(new URL('..', import.meta.url));
const shopEntry = 'server/server.ts';
const [entry = shopEntry, outDir = 'dist-server'] = process.argv.slice(2);
/** The server's threads' scripts: bundled beside the server, where server/worker-thread.ts looks for them. */
const threads = ['server/db/embedded-worker.ts', 'server/modules/documents/document-pdf.thread.ts'];

for (const [index, input] of [entry, ...threads].entries()) await bundle(input, index === 0);
if (entry === shopEntry) {
  // Read by server/db/seed/demo-art.ts from beside the bundle.
  await writePaintedArt(join(resolve(root, outDir), 'demo-art.bin'));
  await preparePgliteTemplate();
}

async function bundle(input: string, emptyOutDir: boolean): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      ssr: resolve(root, input),
      outDir: resolve(root, outDir),
      emptyOutDir,
      target: 'node20',
      // Readable stack traces without source maps.
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: {
        output: { format: 'esm', entryFileNames: `${basename(input, extname(input))}.mjs`, chunkFileNames: '[name]-[hash].mjs' },
      },
    },
    ssr: { target: 'node' },
  });
}
