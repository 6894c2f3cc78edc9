// Lint rules, including the import direction of DESIGN.md §2: domain/ ← machines/ ← src/, domain/ ← server/.
// The direction is enforced with ESLint's own no-restricted-imports, one rule set per folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** An import that climbs out of the folder into one of `folders`. */
const into = (...folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;

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
    [
      { regex: '^(?!xstate$|\\.{1,2}/)', message: 'machines/ import xstate and domain/ only: side effects are named and provided by views.' },
      { regex: into('src', 'server'), message: 'machines/ stay pure: they import xstate and domain/ only.' },
    ],
  ),
  restrictImports(['server/**/*.ts'], [{ regex: into('src', 'machines'), message: 'server/ never imports the browser app or its machines.' }]),
  restrictImports(
    ['src/**/*.{ts,tsx}'],
    [
      { regex: into('server'), message: 'The browser app talks to the server over HTTP only.' },
      { regex: '^zod$', message: 'The browser imports zod/mini: classic zod cannot be tree-shaken and would ship whole.' },
    ],
  ),
  {
    files: ['src/**/*.{ts,tsx}', 'tests/views/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
