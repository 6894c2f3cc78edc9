/**
 * Builds the browser app when dist/ is missing or older than any of its sources: `npm start` and
 * `npm run screenshots` both serve the built app and must never serve a stale one.
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

/** Throws when the build fails (vite's own messages are on the terminal). */
export function buildIfStale(): void {
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map((source) => newestChange(join(root, source))))) return;
  console.log(builtAt ? 'The browser app changed since the last build: building it…' : 'Building the browser app…');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The browser app did not build; see the messages above.');
}
