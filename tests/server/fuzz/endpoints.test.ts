/**
 * Issue 9: property-based fuzzing of every endpoint. fast-check derives each route's requests from its own zod
 * schemas and sends well-formed, malformed, over-long, wrong-typed, unicode, injection-shaped and missing values as
 * anonymous, a guest, a customer, an admin and with forged tokens: at least 10,000 requests per run. No answer may be
 * a 5xx, every refusal must be JSON `{ message, code }`, and a refusal must not write a row (write-detector.ts).
 * The seed is fixed and printed; replay a failure with FUZZ_SEED=<seed> npx vitest run tests/server/fuzz/endpoints.test.ts
 * FUZZ_RUNS=<n> sends more requests per endpoint (a longer soak; never fewer than the 10,000 in all).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registeredRoutes, routeKey } from '../helpers/routes';
import { describeRequest, requestArbitrary } from './fuzz-requests';
import { fuzzTargets, requestsPerTarget, targetKey, unfuzzedPrefixes } from './fuzz-targets';
import { buildFuzzWorld, resetWorld } from './fuzz-world';
import type { FuzzWorld } from './fuzz-world';
import { problemsOf } from './response-checks';
import { routeInputs } from './route-inputs';
import type { RouteInputs } from './route-inputs';

const seed = fuzzSeed();
const runs = Math.max(requestsPerTarget, Number(process.env.FUZZ_RUNS) || 0);
let world: FuzzWorld;
const inputs = new Map<string, RouteInputs>();
const sent = new Map<string, number>();

beforeAll(async () => {
  world = await buildFuzzWorld();
  for (const target of fuzzTargets) inputs.set(targetKey(target), routeInputs(world.app, target));
  console.log(`fuzz: seed ${seed} (FUZZ_SEED=${seed} replays this run), ${runs} requests to each of ${fuzzTargets.length} endpoints`);
}, 120_000);
afterAll(async () => {
  await world?.app.close();
});

describe('the fuzz targets', () => {
  it('cover every route the app registers (only the API documentation exempt), and only routes it registers', () => {
    const registered = registeredRoutes(world.app)
      .filter((route) => !unfuzzedPrefixes.some((prefix) => route.path.startsWith(prefix)))
      .flatMap((route) => route.methods.filter((method) => method !== 'HEAD').map((method) => routeKey(method, route.path)));
    const targeted = fuzzTargets.map((target) => routeKey(target.method, target.path));
    expect(registered.filter((key) => !targeted.includes(key)), 'registered routes without a fuzz target').toEqual([]);
    expect(targeted.filter((key) => !registered.includes(key)), 'fuzz targets that are not routes of the app').toEqual([]);
    expect(targeted.filter((key, i) => targeted.indexOf(key) !== i), 'routes with two targets').toEqual([]);
  });
});

describe('fuzzing every endpoint', () => {
  beforeEach(async () => {
    await resetWorld(world);
  });

  it.each(fuzzTargets.map((target, index) => [targetKey(target), target, index] as const))(
    '%s: no 5xx, every refusal JSON { message, code }, no row written by a refusal',
    async (key, target, index) => {
      const arbitrary = requestArbitrary(world, target, inputs.get(key)!);
      const property = fc.asyncProperty(arbitrary, async (request) => {
        const res = await world.app.inject(request.options);
        // What the request started after its answer (a paid order's mails) is its own writing, not the next one's.
        await world.app.jobs.idle();
        sent.set(key, (sent.get(key) ?? 0) + 1);
        const problems = problemsOf(target, request.options.method, res, await world.writes.take());
        if (problems.length > 0) throw new Error(`${describeRequest(request)}\n  ${problems.join('\n  ')}`);
      });
      // One seed per endpoint, all derived from the run's: endpoints of the same shape do not get the same requests.
      await fc.assert(property, { seed: seed + index, numRuns: runs });
    },
    240_000,
  );

  it(`sent at least ${runs} requests to every endpoint, at least 10,000 in all`, () => {
    const short = fuzzTargets.map(targetKey).filter((key) => (sent.get(key) ?? 0) < runs);
    expect(short, 'endpoints that got fewer requests than their share').toEqual([]);
    expect([...sent.values()].reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(10_000);
  });
});

function fuzzSeed(): number {
  const given = process.env.FUZZ_SEED;
  if (given === undefined || given === '') return 20_240_509;
  const parsed = Number(given);
  if (!Number.isSafeInteger(parsed)) throw new Error(`FUZZ_SEED must be an integer, got '${given}'`);
  return parsed;
}
