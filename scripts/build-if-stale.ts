/**
 * Builds the browser app (dist/), its server render (dist-render/) and the server bundle (dist-server/) when one is
 * missing or older than any of its sources: `npm start`, `npm run screenshots` and `npm run bench` all run the built
 * shop and must never run a stale one. `npm start` runs this file, then the server (package.json).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Build {
  what: string;
  /** The file the build writes last-ish: its time is the build's time. */
  stamp: string;
  sources: string[];
  command: string[];
}

const builds: Build[] = [
  {
    what: 'the browser app',
    stamp: 'dist/index.html',
    sources: ['src', 'machines', 'domain', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'],
    command: [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
  },
  {
    what: "the storefront's server render",
    stamp: 'dist-render/entry-server.js',
    sources: ['src', 'machines', 'domain', 'vite.config.ts', 'package-lock.json'],
    command: [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'],
  },
  {
    what: 'the server',
    stamp: 'dist-server/server.mjs',
    sources: ['server', 'domain', 'scripts/build-server.ts', 'package-lock.json'],
    command: ['--import', 'tsx', join(root, 'scripts', 'build-server.ts')],
  },
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Throws when a build fails (its own messages are on the terminal). */
export function buildIfStale(): void {
  for (const build of builds) {
    const stamp = join(root, build.stamp);
    const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
    if (builtAt >= Math.max(...build.sources.map((source) => newestChange(join(root, source))))) continue;
    console.log(builtAt ? `${build.what[0]!.toUpperCase()}${build.what.slice(1)} changed since the last build: building it…` : `Building ${build.what}…`);
    // Always a production build: called from a test run (NODE_ENV=test), Vite would otherwise build with DEV set and the
    // built app would carry the dev inspector (tests/e2e/dev-only.spec.ts).
    const result = spawnSync(process.execPath, build.command, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (result.status !== 0) throw new Error(`${build.what} did not build; see the messages above.`);
  }
}

// Run as a script (not imported): Node keeps the path it was given, the module's own URL is the real path.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildIfStale();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
