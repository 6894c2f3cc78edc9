import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { defineConfig } from 'vite';
import type { Plugin, Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { appScriptsMetaName } from './domain/page-data';
import { webFontsTemplateId } from './domain/web-fonts';
import { devInspector } from './scripts/dev-inspector';

// The API server serves dist/: hashed scripts under /static/js and styles under /static/css get immutable caching.
const apiPort = Number(process.env.API_PORT ?? 3001);
/** `npm run dev`'s own port (scripts/dev.ts). */
const devPort = Number(process.env.DEV_PORT ?? 3000);

/**
 * src/start-app.ts is a second entry, placed first in <head> of the built page: a few hundred bytes that start the app
 * once the page's largest picture has painted, and hold the taps made before then (as part of the app's entry it would
 * wait for the app's whole bundle).
 */
function startAppFirst(): Plugin {
  return {
    name: 'shop:start-app-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const entry = Object.values(context.bundle ?? {}).find(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk' && output.isEntry && output.name === 'start-app',
        );
        if (!entry) throw new Error('The start-app entry is missing from the build.');
        // What it imports must be listed in startAppModules, or it would wait for the app's whole chunk.
        if (entry.imports.length > 0) throw new Error(`start-app imports ${entry.imports.join(', ')}: list its modules in startAppModules.`);
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${entry.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * The app's chunks in the order they run: each after the chunks it imports (depth first, as the browser evaluates a
 * module graph), the entry last.
 */
function chunksInRunOrder(bundle: Rolldown.OutputBundle, entry: Rolldown.OutputChunk): string[] {
  const ordered: string[] = [];
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (ordered.includes(chunk.fileName)) return;
    for (const imported of chunk.imports) {
      const output = bundle[imported];
      if (output?.type === 'chunk') visit(output);
    }
    ordered.push(chunk.fileName);
  };
  visit(entry);
  return ordered.map((fileName) => `/${fileName}`);
}

/**
 * A catalogue page arrives drawn by the server, so the app's scripts only make it interactive. They are not <script>s
 * of the page but named in a <meta>, in the order they run: src/start-app.ts fetches them all once the page's largest
 * picture has painted, so that neither their download (about 150 KiB gzipped, which a slow connection would share
 * with the picture) nor their evaluation ever holds up that paint, and then runs them one after another, each in a
 * task of its own. Evaluated as one module graph they were a single long task on a slow phone (Total Blocking Time);
 * React DOM, Chakra, the other libraries and the app are chunks of their own for that (the codeSplitting groups below).
 */
function appScriptsAfterThePicture(): Plugin {
  const appEntry = /<script type="module"[^>]* src="(\/static\/js\/index-[^"]+\.js)"><\/script>/;
  return {
    name: 'shop:app-scripts-after-the-picture',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = Object.values(context.bundle ?? {}).find(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk' && output.isEntry && output.name === 'index',
        );
        if (!entry || !appEntry.test(html)) throw new Error("The app's entry script is missing from the built page.");
        const scripts = chunksInRunOrder(context.bundle!, entry);
        const preloadOfAppChunk = /\n?\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        return html
          .replace(appEntry, `<meta name="${appScriptsMetaName}" content="${scripts.join(' ')}">`)
          .replace(preloadOfAppChunk, (link, href: string) => (scripts.includes(href) && !href.includes('/start-app-') ? '' : link))
          .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
      },
    },
  };
}

/**
 * The app's one stylesheet is its @font-face rules (about 1 KiB; every other style is emotion's, which a page the server
 * drew carries in <head>): inline, so that the first paint waits for no request at all. The shop's own fonts' rules
 * (those with a url(), src/app/web-fonts.css) go into an inert <template> instead: src/start-app.ts adds them once the
 * page's largest picture has painted, and the server sends them live to a browser that has the fonts cached
 * (server/modules/web/web.ts). Until then the look-alikes of src/app/fallback-fonts.css draw the text.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'shop:inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g, (tag, fileName: string) => {
          const asset = context.bundle?.[fileName];
          if (asset?.type !== 'asset') throw new Error(`${fileName}, linked from index.html, is not in the build.`);
          const css = String(asset.source);
          const webFonts = css.match(/@font-face\s*\{[^}]*url\([^}]*\}/g) ?? [];
          if (webFonts.length === 0) throw new Error(`${fileName} declares none of the shop's fonts: review inlineStylesheet.`);
          const rest = webFonts.reduce((left, rule) => left.replace(rule, ''), css);
          return `<style>${rest}</style><template id="${webFontsTemplateId}"><style>${webFonts.join('')}</style></template>`;
        });
      },
    },
  };
}

/**
 * Rolldown wraps each CommonJS module it bundles (React, React DOM, the scheduler) in an arrow function that runs on
 * its first import. V8 compiles a parenthesised `function` expression at once, on the thread that parses the
 * downloaded script, but an arrow function only when it is first called, on the main thread: for React DOM's 200 KB
 * body that was most of its chunk's evaluation, a long task on a slow phone (about half of it went, in Chromium at 4×
 * CPU slowdown). The bodies run the same either way: called without a receiver in a strict ES module, a function's
 * `this` is undefined as the arrow's was, and no working module reads `arguments` at its top level (in the arrow it
 * would have thrown).
 */
function commonJsWrappersCompiledEarly(): Plugin {
  const arrowWrapper = /__commonJSMin\(\(\((exports(?:, module)?)\) => \{/g;
  return {
    name: 'shop:commonjs-wrappers-compiled-early',
    apply: 'build',
    renderChunk(code, chunk) {
      const edited = code.replace(arrowWrapper, '__commonJSMin((function($1) {');
      if (chunk.name === 'react-dom' && edited === code) throw new Error("Rolldown's CommonJS wrapper changed: review vite.config.ts's commonJsWrappersCompiledEarly.");
      return edited === code ? null : edited;
    },
  };
}

type Edit = [from: string | RegExp, to: string];

/**
 * A plugin that edits files of @chakra-ui/react's ESM build (paths below its dist/esm/). The edits are pinned to
 * 3.37.0's code: the build fails when one of them no longer finds what it replaces.
 */
function chakraEdits(name: string, editsByFile: Record<string, Edit[]>): Plugin {
  const escaped = Object.keys(editsByFile).map((file) => file.replace(/[.]/g, '\\.').replace(/\//g, '[\\\\/]'));
  return {
    name: `shop:${name}`,
    transform: {
      filter: { id: new RegExp(`@chakra-ui[\\\\/]react[\\\\/]dist[\\\\/]esm[\\\\/](${escaped.join('|')})$`) },
      handler(code, id) {
        const path = id.replaceAll('\\', '/');
        const file = Object.keys(editsByFile).find((candidate) => path.endsWith(`/dist/esm/${candidate}`))!;
        return editsByFile[file]!.reduce((edited, [from, to]) => {
          const next = edited.replace(from, to);
          if (next === edited) throw new Error(`@chakra-ui/react's ${file} changed: review vite.config.ts's ${name}.`);
          return next;
        }, code);
      },
    },
  };
}

/**
 * Chakra's createSystem computes its global styles (reset, base, every token as a CSS variable) as soon as it runs:
 * the largest part of its start-up work, a long task on a slow phone. Here they are computed when first read instead,
 * so that a page the server drew, which carries them in its <head> already, never computes them
 * (src/app/app-providers.tsx).
 */
const chakraGlobalStylesOnDemand = () =>
  chakraEdits('chakraGlobalStylesOnDemand', {
    'styled-system/system.js': [
      ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'let _global;'],
      ['\n    _global,\n', '\n    get _global() {\n      return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n    },\n'],
    ],
  });

/**
 * The shop imports each Chakra recipe by its file (`@chakra-ui/react/theme/recipes/<name>`; tsconfig.json maps the
 * same names to their types), past the package's exports, which only name the theme's entry.
 */
export const chakraRecipeFiles = {
  find: /^@chakra-ui\/react\/theme\/recipes\/([a-z-]+)$/,
  replacement: `${dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json'))}/dist/esm/theme/recipes/$1.js`,
};

/**
 * Chakra's theme entry names every component's recipe: it re-exports each one and builds its default theme from them
 * all, which its main entry re-exports as `defaultSystem`. The shop uses neither (src/app/theme.ts builds its own
 * system, and imports recipes by file), but while those entries name them, Rolldown counts every recipe module among
 * those a first visit downloads, also the ones only lazy parts register (src/app/lazy-recipes.ts). Without those
 * names each recipe travels with the part that imports it.
 */
const chakraThemeWithoutRecipes = () =>
  chakraEdits('chakraThemeWithoutRecipes', {
    'index.js': [["export { defaultConfig, defaultSystem } from './preset.js';", '']],
    'theme/index.js': [
      ["import { recipes } from './recipes.js';", ''],
      ["import { slotRecipes } from './slot-recipes.js';", ''],
      [/^export \{ \w+Recipe \} from '\.\/recipes\/[a-z-]+\.js';\n/gm, ''],
      [/\nconst defaultThemeConfig = defineConfig\(\{\n[\s\S]*?\n\}\);\n/, '\n'],
      ['cssVarsRoot, defaultThemeConfig, globalCss, keyframes, layerStyles, recipes, semanticTokens, slotRecipes, textStyles', 'cssVarsRoot, globalCss, keyframes, layerStyles, semanticTokens, textStyles'],
    ],
  });

/** src/start-app.ts and what it imports. */
const startAppModules = /src[\\/](start-app|app[\\/]app-ready)\.ts$/;

/**
 * React and React DOM, and src/app/react-dom-client.ts, through which the app takes React DOM's client API, so that its
 * CommonJS body runs when this chunk is evaluated rather than at its first use in the app's chunk.
 */
const reactDomModules = /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]app[\\/]react-dom-client\.ts$/;

/** Chakra and what styles with it. */
const chakraModules = /node_modules[\\/](@chakra-ui|@emotion|@pandacss|@zag-js|stylis|react-is|hoist-non-react-statics)[\\/]/;

/** `vite build --ssr`: the storefront's server render (src/entry-server.tsx) as dist-render/entry-server.js. */
const pageRendererBuild = {
  outDir: 'dist-render',
  sourcemap: false,
  minify: false,
  copyPublicDir: false,
  // One file: the server imports it under a new URL after each build (server/modules/web/page-renderer.ts), and chunks
  // of its lazy pages would import the old URL's module, a second React Router without the page's context.
  rolldownOptions: { output: { format: 'esm', entryFileNames: '[name].js', codeSplitting: false } },
} as const;

export default defineConfig(({ isSsrBuild }) => ({
  // The server render bundles the packages it uses, tree-shaken as the browser's are: importing Chakra's whole package
  // on the server instead held 85 MB more memory, this about 40.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  resolve: { alias: [chakraRecipeFiles] },
  plugins: [react(), chakraThemeWithoutRecipes(), devInspector(), ...(isSsrBuild ? [] : [startAppFirst(), appScriptsAfterThePicture(), commonJsWrappersCompiledEarly(), inlineStylesheet(), chakraGlobalStylesOnDemand()])],
  build: isSsrBuild
    ? pageRendererBuild
    : {
        outDir: 'dist',
        assetsDir: 'static',
        sourcemap: false,
        // dist/.vite/manifest.json: the server names the product page's lazy chunks in its <head> (server/modules/web/page-scripts.ts).
        manifest: true,
        // The first visit's script is one chunk on purpose (below); its size budget is checked by `npm run bench`.
        chunkSizeWarningLimit: 1024,
        rolldownOptions: {
          input: { index: 'index.html', 'start-app': 'src/start-app.ts' },
          output: {
            // What a first visit runs comes as a few scripts, not a score of small chunks that each wait their turn on
            // a slow connection (lazy pages still split): React DOM, Chakra with emotion, the other libraries and the
            // app, so that each runs in a task of its own (appScriptsAfterThePicture). The modules the start-app
            // entry shares form a chunk of their own, so that entry stays about 1 KiB.
            codeSplitting: {
              groups: [
                { name: 'start-app-shared', test: startAppModules, priority: 3 },
                { name: 'react-dom', test: reactDomModules, tags: ['$initial'], priority: 2 },
                { name: 'chakra', test: chakraModules, tags: ['$initial'], priority: 2 },
                { name: 'libraries', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
                { name: 'app', tags: ['$initial'] },
              ],
            },
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
    port: devPort,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/dev': `http://127.0.0.1:${apiPort}` },
  },
  preview: { port: 3000 },
}));
