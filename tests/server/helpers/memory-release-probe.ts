/**
 * Run as a process of its own by memory-release.test.ts (the allocator's settings are process-wide): a thread other
 * than the main one allocates 100 MB in small blocks, as the server's helper and database threads do, keeps the last
 * block and frees the rest. Prints the process's resident memory with the blocks held, then a second after they were
 * freed and collected. With `--release` it first does what the server's entry does (server/memory-release.ts).
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { releaseFreedMemory } from '../../../server/memory-release';

const residentMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;
const collect = globalThis.gc ?? (() => { throw new Error('run with --expose-gc'); });

const supported = process.argv.includes('--release') ? await releaseFreedMemory() : true;

// Buffers of 4 KiB come from the allocator's arena of the thread that makes them; the last one, made after the others,
// keeps the arena's top in use, so the freed blocks lie inside the arena, where glibc keeps them.
const worker = new Worker(
  `const { parentPort } = require('node:worker_threads');
   let blocks = Array.from({ length: 25_000 }, () => Buffer.alloc(4096));
   const last = Buffer.alloc(4096);
   parentPort.postMessage('held');
   parentPort.once('message', () => { blocks = null; globalThis.gc(); parentPort.postMessage('freed'); });
   setInterval(() => last.length, 60_000);`,
  { eval: true },
);
const next = () => new Promise((resolve) => worker.once('message', resolve));

await next();
const held = residentMb();
worker.postMessage('free');
await next();
// The server's thread collects as well: its collections are what the trims follow.
collect();
await sleep(1000);
const afterFree = residentMb();
await worker.terminate();
console.log(JSON.stringify({ supported, held, afterFree }));
