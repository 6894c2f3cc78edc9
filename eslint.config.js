// Lint rules, including the architecture of DESIGN.md §2: the import direction domain/ ← machines/ ← src/,
// domain/ ← server/ as import-x zones, features that reach each other only through the shared folders, no import
// cycles, and the accessibility rules of jsx-a11y on every view.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Folders, relative to the project root, that `target` may not import from. */
const zone = (target, from, message) => ({ target, from, message });

const zones = [
  zone('./domain', ['./machines', './src', './server', './scripts', './tests'], 'domain/ is shared by browser and server and imports none of the other folders.'),
  zone('./machines', ['./src', './server', './scripts', './tests'], 'machines/ stay pure: they import xstate and domain/ only.'),
  zone('./server', ['./src', './machines'], 'server/ never imports the browser app or its machines.'),
  zone('./src', ['./server', './scripts', './tests'], 'The browser app talks to the server over HTTP only.'),
  zone(['./src/components', './src/api'], './src/features', 'Shared pieces serve the features; they never import one.'),
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature reaches another only through the shared folders (src/app, src/components, src/api).',
  })),
];

const restrictImports = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'dist-render/**', 'data/**', 'coverage/**', 'node_modules/**', 'bench-results/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // What zones cannot say: which packages a folder may use.
  restrictImports(
    ['domain/**/*.ts'],
    [
      {
        regex: '^(?!zod/mini$|\\./)',
        message: 'domain/ is shared by browser and server: it imports only zod/mini (which the browser bundle can tree-shake) and its own modules.',
      },
    ],
  ),
  restrictImports(
    ['machines/**/*.ts'],
    [{ regex: '^(?!xstate$|\\.{1,2}/)', message: 'machines/ import xstate and domain/ only: side effects are named and provided by views.' }],
  ),
  restrictImports(
    ['src/**/*.{ts,tsx}'],
    [{ regex: '^zod$', message: 'The browser imports zod/mini: classic zod cannot be tree-shaken and would ship whole.' }],
  ),
  {
    files: ['src/**/*.{ts,tsx}', 'tests/views/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    // Chakra's elements are checked as the HTML elements they render.
    settings: { 'jsx-a11y': { components: { Button: 'button', IconButton: 'button', Image: 'img', Input: 'input', Textarea: 'textarea' } } },
  },
);
