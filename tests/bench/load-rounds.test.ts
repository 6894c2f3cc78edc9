// A load measured in alternating rounds (the catalogue against its ceiling) is reported as one run: what the rounds
// answered over their time, the slowest round's latency, and every error of every round.
import { describe, expect, it } from 'vitest';
import { combinedSummary } from '../../scripts/bench/load';
import type { LoadSummary } from '../../scripts/bench/load';

const round = (overrides: Partial<LoadSummary>): LoadSummary => ({
  requestsPerSecond: 0,
  p50: 5,
  p99: 15,
  non2xx: 0,
  timeouts: 0,
  connectionErrors: 0,
  total: 0,
  seconds: 2,
  statusCodes: {},
  ...overrides,
});

describe('bench rounds combined', () => {
  it('takes the answers over the rounds’ whole time, not the mean of their rates', () => {
    const combined = combinedSummary([
      round({ total: 30_000, seconds: 2, statusCodes: { '200': 30_000 } }),
      round({ total: 10_000, seconds: 3, statusCodes: { '200': 10_000 } }),
    ]);
    expect(combined.requestsPerSecond).toBe(8_000);
    expect(combined.total).toBe(40_000);
    expect(combined.seconds).toBe(5);
    expect(combined.statusCodes).toEqual({ '200': 40_000 });
  });

  it('reports the slowest round’s latency, so that one bad round is not averaged away', () => {
    const combined = combinedSummary([round({ p50: 4, p99: 14 }), round({ p50: 9, p99: 33 }), round({ p50: 5, p99: 16 })]);
    expect(combined.p50).toBe(9);
    expect(combined.p99).toBe(33);
  });

  it('keeps every failed request of every round', () => {
    const combined = combinedSummary([
      round({ total: 100, non2xx: 2, timeouts: 1, statusCodes: { '200': 98, '503': 2 } }),
      round({ total: 100, non2xx: 3, connectionErrors: 3, statusCodes: { '200': 97 } }),
    ]);
    expect(combined).toMatchObject({ non2xx: 5, timeouts: 1, connectionErrors: 3 });
    expect(combined.statusCodes).toEqual({ '200': 195, '503': 2 });
  });

  it('answers no rate for no rounds rather than dividing by zero', () => {
    expect(combinedSummary([]).requestsPerSecond).toBe(0);
  });
});
