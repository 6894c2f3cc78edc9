import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API server serves dist/: hashed scripts under /static/js and styles under /static/css get immutable caching.
const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * src/preload-hints.ts is a second entry, placed first in <head> of the built page: a few hundred bytes that start the
 * page's largest image while the app's bundle is still downloading (as part of the app's entry it would wait for it).
 */
function preloadHintsFirst(): Plugin {
  return {
    name: 'shop:preload-hints-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const entry = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'preload-hints',
        );
        if (!entry) throw new Error('The preload-hints entry is missing from the build.');
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${entry.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadHintsFirst()],
  build: {
    outDir: 'dist',
    assetsDir: 'static',
    sourcemap: false,
    rolldownOptions: {
      input: { index: 'index.html', 'preload-hints': 'src/preload-hints.ts' },
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: (asset) => {
          const name = asset.names[0] ?? '';
          if (name.endsWith('.css')) return 'static/css/[name]-[hash][extname]';
          if (/\.(woff2?|ttf|otf)$/.test(name)) return 'static/fonts/[name]-[hash][extname]';
          return 'static/media/[name]-[hash][extname]';
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/dev': `http://127.0.0.1:${apiPort}` },
  },
  preview: { port: 3000 },
});
