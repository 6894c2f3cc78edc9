import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server serves dist/: hashed scripts under /static/js and styles under /static/css get immutable caching.
const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'static',
    sourcemap: false,
    rolldownOptions: {
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
