/**
 * `npm start`: builds the browser app and the server bundle when they are missing or older than their sources, then
 * runs the bundled server on plain Node. One command, embedded defaults: PGlite in ./data, dev outbox, sandbox
 * payments, demo catalogue.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale';

try {
  buildIfStale();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const server = spawn(process.execPath, [join(root, 'dist-server', 'server.mjs')], { stdio: 'inherit' });
// Ctrl+C in a terminal reaches the server itself (same process group), which finishes in-flight requests and stops;
// passing SIGINT on as well would read as a second Ctrl+C and stop it at once. A SIGTERM sent to this process alone
// (a process manager) is passed on.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
