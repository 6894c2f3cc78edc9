import { defineConfig } from 'vitest/config';
import SummaryReporter from './tests/summary-reporter';

// Browser journeys: Playwright drives Debian's Chromium against the built app and a real server (tests/e2e/harness.ts).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    reporters: ['default', new SummaryReporter('e2e')],
  },
});
