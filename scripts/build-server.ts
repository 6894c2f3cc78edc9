/**
 * `tsx scripts/build-server.ts [entry] [outDir]`: bundles the server (default server/server.ts → dist-server/server.mjs)
 * into one ES module with every npm package left external, so that `npm start` runs it on plain Node. Through tsx the
 * same code took twice as long to import and 85 MB more memory (docs/performance.md).
 */
import { basename, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const [entry = 'server/server.ts', outDir = 'dist-server'] = process.argv.slice(2);

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  build: {
    ssr: resolve(root, entry),
    outDir: resolve(root, outDir),
    emptyOutDir: true,
    target: 'node20',
    // Readable stack traces without source maps.
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: {
      output: { format: 'esm', entryFileNames: `${basename(entry, extname(entry))}.mjs`, chunkFileNames: '[name]-[hash].mjs' },
    },
  },
  ssr: { target: 'node' },
});
