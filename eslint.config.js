// Lint rules, including the import direction of DESIGN.md §2: domain/ ← machines/ ← src/, domain/ ← server/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const zone = (target, from, message) => ({ target, from, message });

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'coverage/**', 'node_modules/**', 'bench-results/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./domain', './src', 'domain/ is shared by browser and server: it imports only zod.'),
            zone('./domain', './machines', 'domain/ is shared by browser and server: it imports only zod.'),
            zone('./domain', './server', 'domain/ is shared by browser and server: it imports only zod.'),
            zone('./machines', './src', 'machines/ stay pure: they import xstate and domain/ only.'),
            zone('./machines', './server', 'machines/ stay pure: they import xstate and domain/ only.'),
            zone('./server', './src', 'server/ never imports the browser app.'),
            zone('./server', './machines', 'server/ never imports the browser machines.'),
            zone('./src', './server', 'The browser app talks to the server over HTTP only.'),
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.{1,2}/)', message: 'domain/ imports only zod and its own modules.' }] },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!xstate$|\\.{1,2}/)',
              message: 'machines/ import xstate and domain/ only: side effects are named and provided by views.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/views/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
