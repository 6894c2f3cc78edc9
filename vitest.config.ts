import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import MachineCoverageReporter from './tests/machine-coverage-reporter';
import SummaryReporter from './tests/summary-reporter';
import { chakraRecipeFiles } from './vite.config';

// Unit, machine, view and server tests. Views run in jsdom; everything else in node.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: [chakraRecipeFiles] },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The machine coverage table prints (and fails the run on a miss) whenever tests/machines ran; the summary closes.
    reporters: ['default', new MachineCoverageReporter(), new SummaryReporter('unit')],
  },
});
