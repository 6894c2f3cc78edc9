/**
 * `npm start`: builds the browser app when dist/ is missing or older than its sources, then runs the server in this
 * process. One command, embedded defaults: PGlite in ./data, dev outbox, sandbox payments, demo catalogue.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist', 'index.html');
const sources = ['src', 'machines', 'domain', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesChangedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
if (builtAt < sourcesChangedAt) {
  console.log(builtAt ? 'The browser app changed since the last build: building it…' : 'Building the browser app…');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The browser app did not build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

await import('../server/server');
