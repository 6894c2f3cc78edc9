/**
 * Starts one of the server's own worker threads (the embedded database, the GST documents' drawing). From the bundle
 * (dist-server/server.mjs) the thread's script is its bundled `<name>.mjs` beside it (scripts/build-server.ts); from
 * sources (tsx, vitest) it is `<name>.ts` beside the caller, which Node 20 cannot run by itself: the thread registers
 * tsx first.
 */
import { Worker } from 'node:worker_threads';
import type { WorkerOptions } from 'node:worker_threads';

export function startThread(name: string, callerUrl: string, options: WorkerOptions): Worker {
  const fromSources = callerUrl.endsWith('.ts');
  const script = new URL(`./${name}.${fromSources ? 'ts' : 'mjs'}`, callerUrl);
  if (!fromSources) return new Worker(script, options);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
