/**
 * The server entry. V8's heap limits come first (heap-limits.ts), before the server's modules are loaded: loading them
 * would otherwise grow the young generation to V8's default at once. Then the server starts (serve.ts).
 */
import { limitHeap } from './heap-limits';

limitHeap();
await import('./serve');
