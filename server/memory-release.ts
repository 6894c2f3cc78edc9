/**
 * Gives the memory the C allocator holds but no thread uses back to the system. glibc keeps what a thread frees in
 * that thread's arena, for that thread to reuse: under the rush about a quarter of the server's memory was such free
 * memory, left by V8's compile and garbage-collection threads and the embedded database's thread, and Node offers no
 * call that returns it (docs/performance.md, "The allocator's free memory given back").
 */
import { PerformanceObserver } from 'node:perf_hooks';
import type { KoffiFunc } from 'koffi';

/** glibc's `M_TRIM_THRESHOLD` (malloc.h). */
const mTrimThreshold = -1;

/**
 * The free top of an arena past this size goes back to the system as soon as it is freed. Left to itself, glibc raises
 * the threshold to twice the largest block it has handed out and taken back, up to 64 MB per arena, and setting it
 * keeps the threshold for mapping a large block on its own at its default (128 KiB).
 */
const trimThresholdBytes = 1024 * 1024;

/**
 * The free pages inside the arenas go back at most this long after a garbage collection of the server's thread: under
 * load collections come many times a second, so this is four trims a second, each about 3 ms of a libuv thread.
 */
const trimDelayMs = 250;

interface Glibc {
  mallopt: KoffiFunc<(param: number, value: number) => number>;
  mallocTrim: KoffiFunc<(pad: number) => number>;
}

/**
 * Keeps the allocator's free memory small from now on. Returns false where there is no glibc to ask (macOS, Windows,
 * Alpine's musl), which then keeps its own ways.
 */
export async function releaseFreedMemory(): Promise<boolean> {
  const glibc = await loadGlibc();
  if (!glibc) return false;
  glibc.mallopt(mTrimThreshold, trimThresholdBytes);

  let trimming = false;
  let scheduled: NodeJS.Timeout | undefined;
  const trim = () => {
    scheduled = undefined;
    if (trimming) return;
    trimming = true;
    // On libuv's thread pool: a trim walks every arena, which the event loop need not wait for.
    glibc.mallocTrim.async(0, () => (trimming = false));
  };
  new PerformanceObserver(() => {
    scheduled ??= setTimeout(trim, trimDelayMs).unref();
  }).observe({ entryTypes: ['gc'] });
  return true;
}

/** glibc's two calls through koffi, a foreign-function interface that comes with prebuilt binaries. */
async function loadGlibc(): Promise<Glibc | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    const { default: koffi } = await import('koffi');
    const libc = koffi.load('libc.so.6');
    return {
      mallopt: libc.func('int mallopt(int param, int value)') as Glibc['mallopt'],
      mallocTrim: libc.func('int malloc_trim(size_t pad)') as Glibc['mallocTrim'],
    };
  } catch {
    return undefined;
  }
}
