/**
 * The server entry. V8's heap limits come first (heap-limits.ts), before the server's modules are loaded: loading them
 * would otherwise grow the young generation to V8's default at once. The C allocator is told to give its free memory
 * back (memory-release.ts) before the server's threads start to use it. Then the server starts (serve.ts).
 */
import { limitHeap } from './heap-limits';
import { releaseFreedMemory } from './memory-release';

limitHeap();
await releaseFreedMemory();
await import('./serve');
