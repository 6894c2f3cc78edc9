/**
 * Run as a process of its own by heap-limits.test.ts (V8's flags are process-wide): loads like a server, then serves
 * like one, and prints how large V8 let the young generation grow. With `--limited` it first does what the server's
 * entry does (server/heap-limits.ts).
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { capYoungGeneration, limitHeap } from '../../../server/heap-limits';

const limited = process.argv.includes('--limited');
/** Both semi-spaces together, as V8 reports them. */
const youngMb = () => (getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0) / 2 ** 20;

/** Short-lived objects, a share of which outlives a collection or two, as a request's do. */
function churn(objects: number, kept: object[][]): void {
  let batch: object[] = [];
  for (let i = 0; i < objects; i += 1) {
    batch.push({ i, label: `item ${i}`, pair: [i, i] });
    if (batch.length === 50_000) {
      kept.push(batch);
      if (kept.length > 6) kept.shift();
      batch = [];
    }
  }
}

if (limited) limitHeap();
const kept: object[][] = [];
churn(2_000_000, kept);
const youngWhileLoading = youngMb();
if (limited) capYoungGeneration();
let youngLargest = 0;
for (let turn = 0; turn < 150; turn += 1) {
  await new Promise((resolve) => setImmediate(resolve));
  churn(40_000, kept);
  youngLargest = Math.max(youngLargest, youngMb());
}
console.log(JSON.stringify({ youngWhileLoading, youngLargest }));
