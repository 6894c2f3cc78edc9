/**
 * Run as a process of its own by heap-limits.test.ts (V8's flags are process-wide): loads like a server, then serves
 * like one, and prints how large V8 let the young generation grow. With `--limited` it first does what the server's
 * entry does (server/heap-limits.ts).
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { capYoungGeneration, limitHeap, semiSpaceCapMb } from '../../../server/heap-limits';

const limited = process.argv.includes('--limited');
/** Both semi-spaces together, as V8 reports them. */
const youngMb = () => (getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0) / 2 ** 20;

/** Objects of which the last `keptBatches` batches stay reachable: modules while loading, requests in flight after. */
function allocate(objects: number, kept: object[][], keptBatches: number, batchSize: number): void {
  let batch: object[] = [];
  for (let i = 0; i < objects; i += 1) {
    const object = { i, label: `item ${i}`, pair: [i, i] };
    if (batch.length < batchSize) batch.push(object);
    if (i % 20_000 === 19_999) {
      kept.push(batch);
      if (kept.length > keptBatches) kept.shift();
      batch = [];
    }
  }
}

if (limited) limitHeap();
const kept: object[][] = [];
allocate(2_000_000, kept, 8, 20_000);
const youngWhileLoading = youngMb();
if (limited) capYoungGeneration(semiSpaceCapMb.pglite);
kept.length = 0;
let youngLargest = 0;
// Each turn of the event loop, a few requests' worth of short-lived objects, a tenth of them still in flight.
for (let turn = 0; turn < 400; turn += 1) {
  await new Promise((resolve) => setImmediate(resolve));
  allocate(20_000, kept, 8, 2_000);
  youngLargest = Math.max(youngLargest, youngMb());
}
console.log(JSON.stringify({ youngWhileLoading, youngLargest }));
