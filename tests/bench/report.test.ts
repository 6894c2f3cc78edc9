// The benchmark's verdict and report: a figure holds or fails its budget as the report says, ratios are taken against
// the same run's ceiling, and the report names every failing figure.
import { describe, expect, it } from 'vitest';
import { holds } from '../../scripts/bench/figures';
import type { Section } from '../../scripts/bench/figures';
import { budgetChart, budgetUse, markdownReport, verdictOf } from '../../scripts/bench/report';
import type { RunInfo } from '../../scripts/bench/report';

const catalogue = (requestsPerSecond: number): Section => ({
  id: 'api',
  title: 'API',
  figures: [
    {
      name: 'allflowers?category, requests/s',
      value: requestsPerSecond,
      unit: 'req/s',
      ceiling: { label: 'bare Fastify', value: 10_000 },
      budget: { of: 'ratio', comparison: 'atLeast', limit: 0.5 },
    },
    { name: 'allflowers?category, p99', value: 12, unit: 'ms', budget: { comparison: 'atMost', limit: 20 } },
    { name: 'non-2xx answers', value: 0, unit: 'errors', budget: { comparison: 'atMost', limit: 0 } },
    { name: 'heap after the run', value: 80, unit: 'MB' },
  ],
});

const info: RunInfo = {
  startedAt: '2026-11-22T23:00:00.000Z',
  finishedAt: '2026-11-22T23:10:00.000Z',
  commit: 'abc1234',
  machine: { cpus: 2, cpuModel: 'Test CPU', memoryGiB: 24, node: 'v20.20.2', platform: 'linux-x64' },
  quick: false,
};

describe('bench budgets', () => {
  it('judges a ratio budget against the same run’s ceiling and a plain budget against the value', () => {
    const [ratio, p99, errors, reported] = catalogue(6_000).figures;
    expect(holds(ratio!)).toBe(true);
    expect(holds({ ...ratio!, value: 4_999 })).toBe(false);
    expect(holds(p99!)).toBe(true);
    expect(holds({ ...p99!, value: 20.5 })).toBe(false);
    expect(holds(errors!)).toBe(true);
    expect(holds({ ...errors!, value: 1 })).toBe(false);
    expect(holds(reported!)).toBeUndefined();
  });

  it('fails a ratio budget whose ceiling is missing or zero rather than passing it', () => {
    const [ratio] = catalogue(6_000).figures;
    expect(holds({ ...ratio!, ceiling: undefined })).toBe(false);
    expect(holds({ ...ratio!, ceiling: { label: 'bare', value: 0 } })).toBe(false);
  });

  it('counts budgets, names each failing figure and each part that did not run', () => {
    const broken: Section = { id: 'rush', title: 'Rush', figures: [], error: 'the server exited with 1' };
    const verdict = verdictOf([catalogue(4_000), broken]);
    expect(verdict).toMatchObject({
      budgets: 3,
      held: 2,
      failed: [{ section: 'API', figure: 'allflowers?category, requests/s' }],
      partErrors: [{ section: 'Rush', error: 'the server exited with 1' }],
      ok: false,
    });
    expect(verdictOf([catalogue(6_000)]).ok).toBe(true);
  });

  it('measures the share of budget used the same way for “at most” and “at least”', () => {
    const [ratio, p99] = catalogue(6_000).figures;
    expect(budgetUse(p99!)).toBeCloseTo(0.6);
    // 0.6 of the ceiling against a floor of 0.5: 83 % of the budget used.
    expect(budgetUse(ratio!)).toBeCloseTo(0.5 / 0.6);
  });
});

describe('bench report', () => {
  it('shows each figure with its budget, ceiling, ratio and verdict', () => {
    const report = markdownReport(info, [catalogue(4_000)]);
    expect(report).toContain('**1 of 3 budgets do not hold.**');
    expect(report).toContain('| allflowers?category, requests/s | 4,000 req/s | ≥ 0.5 × ceiling | 10,000 (bare Fastify) | 0.40 | ❌ over budget |');
    expect(report).toContain('| allflowers?category, p99 | 12 ms | ≤ 20 ms | — | — | ✅ holds |');
    expect(report).toContain('| heap after the run | 80 MB | — | — | — | reported |');
    expect(report).toContain('![Share of budget used per figure](chart.svg)');
    expect(markdownReport(info, [catalogue(6_000)])).toContain('**Every budget holds: 3 of 3.**');
  });

  it('draws one bar per budgeted figure, red where the budget does not hold', () => {
    const chart = budgetChart([catalogue(4_000)]);
    expect(chart.match(/<rect x=/g)).toHaveLength(3);
    expect(chart.match(/fill="#b3261e"/g)).toHaveLength(1);
    expect(chart).toContain('api: allflowers?category, requests/s');
    expect(chart).toContain('125 %');
    // A miss of a zero budget shows its count.
    const withErrors = catalogue(6_000);
    withErrors.figures[2] = { ...withErrors.figures[2]!, value: 60 };
    expect(budgetChart([withErrors])).toContain('60 errors, budget 0');
  });
});
