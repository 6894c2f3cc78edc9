/**
 * The server process's V8 heap, kept small enough for a shop that shares a small machine with its database (on the
 * embedded database, the same process). V8 takes a young generation's size only from the command line
 * (`--max-semi-space-size`), which every way of starting the server would then have to pass. It reads the two flags
 * below whenever it collects or grows a space, so the server sets them itself (docs/performance.md, "The server's
 * heap").
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * How far the old generation may grow past what the last full collection kept before V8 collects it again. Left to
 * itself, V8 allows up to four times that on a machine with memory to spare: under the rush the old space reached 56
 * to 75 MB for about 30 MB alive. At 30 % it stays near 38 MB, with the same requests/s and step latencies.
 */
const oldGenerationGrowthPercent = 30;

/**
 * The largest semi-space (the young generation is two), by the database the server uses; V8's default is 16 MB. The
 * server's short-lived objects are a request's. With the embedded database in its process, 4 MB held the rush's
 * latencies and the API's requests/s, where 1 MB cost add to bag and invoices 6 to 15 % in extra collections. With
 * PostgreSQL in a process of its own, the server's memory is its own (about 120 to 150 MB at the rush's peak), and
 * V8's default took about a tenth off the server's CPU per invoice (docs/performance.md, "The young generation on
 * PostgreSQL").
 */
export const semiSpaceCapMb = { pglite: 4, postgres: 16 } as const;

/**
 * First thing in the process: the old generation's growth, and a young generation held at V8's smallest while the
 * server loads.
 */
export function limitHeap(): void {
  setFlagsFromString(`--heap-growing-percent=${oldGenerationGrowthPercent}`);
  // Loading runs without a turn of the event loop, so nothing could stop a growth past the cap there.
  setGrowthFactor(1);
}

/**
 * Once the server is loaded: the young generation may grow up to the cap. V8 grows a semi-space to min(its largest,
 * factor × its size), so after every collection the factor is set to what reaches the cap at most; after V8 has shrunk
 * an idle young generation, the factor lets it grow back. The observer runs on a later turn of the event loop, so
 * several collections within one turn can grow a semi-space past the cap (to 8 MB in two rushes of four), at worst to
 * V8's default.
 */
export function capYoungGeneration(capMb: number): void {
  const steer = () => {
    const semiSpace = semiSpaceMb();
    // A V8 without a new space to report (another young-generation collector) keeps its own growth.
    if (semiSpace) setGrowthFactor(Math.max(1, Math.floor(capMb / semiSpace)));
  };
  steer();
  new PerformanceObserver(steer).observe({ entryTypes: ['gc'] });
}

let growthFactor: number | undefined;

/** Sets the factor only when it changes: the observer runs after every collection, dozens of times a second under load. */
function setGrowthFactor(factor: number): void {
  if (factor === growthFactor) return;
  setFlagsFromString(`--semi-space-growth-factor=${factor}`);
  growthFactor = factor;
}

/** The size of one semi-space: V8 reports the young generation's new space as both together. */
function semiSpaceMb(): number | undefined {
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return newSpace?.space_size ? newSpace.space_size / 2 / 1024 / 1024 : undefined;
}
