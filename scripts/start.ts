/**
 * `npm start`: builds the browser app when dist/ is missing or older than its sources, then runs the server in this
 * process. One command, embedded defaults: PGlite in ./data, dev outbox, sandbox payments, demo catalogue.
 */
import { buildIfStale } from './build-if-stale';

try {
  buildIfStale();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

await import('../server/server');
