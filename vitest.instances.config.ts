import { defineConfig } from 'vitest/config';
import SummaryReporter from './tests/summary-reporter';

// Several server processes on one PostgreSQL and one Redis (tests/instances/cluster.ts); skipped, with the reason
// printed, when either does not answer. `npm run test:instances`; .ci/run runs it when both answer.
export default defineConfig({
  test: {
    include: ['tests/instances/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['tests/instances/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
    reporters: ['default', new SummaryReporter('instances')],
  },
});
