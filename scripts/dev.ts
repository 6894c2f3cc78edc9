/**
 * `npm run dev`: the API server on API_PORT (3001) restarting on change, and Vite's dev server on DEV_PORT (3000) with
 * hot reload, proxying /api and /dev to it. Vite also serves the live inspector /dev/inspect (scripts/dev-inspector.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
const devPort = process.env.DEV_PORT ?? '3000';
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} stopped (${code ?? 'signal'}); stopping the rest.`);
    shutdown(code ?? 0);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('api', process.execPath, ['--import', 'tsx', '--watch', 'server/server.ts'], {
  PORT: apiPort,
  PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://localhost:${devPort}`,
});
run('vite', process.execPath, ['node_modules/vite/bin/vite.js'], { API_PORT: apiPort, DEV_PORT: devPort });
