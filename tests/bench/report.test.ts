// The benchmark's verdict and report: a figure holds or fails its budget as the report says, ratios are taken against
// the same run's ceiling, and the report names every failing figure.
import { describe, expect, it } from 'vitest';
import { beyondThisMachine, holds } from '../../scripts/bench/figures';
import type { Figure, Section } from '../../scripts/bench/figures';
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

const invoices = (perSecond: number, serviceAlone: number): Figure => ({
  name: 'checkoutinvoice (PostgreSQL), invoices/s',
  value: perSecond,
  unit: 'req/s',
  ceiling: { label: 'the invoice service alone', value: serviceAlone },
  budget: { comparison: 'atLeast', limit: 1500 },
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

  it('tells a budget the same run’s ceiling misses too (beyond this machine) from one the code misses', () => {
    expect(beyondThisMachine(invoices(680, 661))).toBe(true);
    expect(beyondThisMachine(invoices(1_069, 1_504))).toBe(false);
    const [ratio, p99] = catalogue(4_000).figures;
    // A ratio budget is already this machine's; a budget without a ceiling has nothing to compare with.
    expect(beyondThisMachine({ ...ratio!, ceiling: { label: 'bare Fastify', value: 100 } })).toBe(false);
    expect(beyondThisMachine({ ...p99!, value: 38 })).toBe(false);
    expect(beyondThisMachine({ ...p99!, value: 38, ceiling: { label: 'bare route', value: 19 } })).toBe(false);
    expect(beyondThisMachine({ ...p99!, value: 38, ceiling: { label: 'bare route', value: 21 } })).toBe(true);
    const verdict = verdictOf([{ id: 'api', title: 'API', figures: [invoices(680, 661), invoices(1_069, 1_504)] }]);
    expect(verdict.failed.map((failed) => failed.beyondThisMachine)).toEqual([true, false]);
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

  it('says which failing budgets are beyond this machine, in the summary and in the verdict column', () => {
    const section: Section = { id: 'api', title: 'API', figures: [invoices(680, 661), invoices(1_069, 1_504)] };
    const report = markdownReport(info, [section]);
    expect(report).toContain("**2 of 2 budgets do not hold.** 1 of them is beyond this machine: the same run's ceiling misses that budget too.");
    expect(report).toContain('| 680 req/s | ≥ 1,500 req/s | 661 (the invoice service alone) | 1.03 | ❌ over budget, as is its ceiling: beyond this machine |');
    expect(report).toContain('| 1,069 req/s | ≥ 1,500 req/s | 1,504 (the invoice service alone) | 0.71 | ❌ over budget |');
    expect(markdownReport(info, [catalogue(4_000)])).not.toContain('beyond this machine');
    const chart = budgetChart([section]);
    expect(chart.match(/fill="#b86e00"/g)).toHaveLength(1);
    expect(chart.match(/fill="#b3261e"/g)).toHaveLength(1);
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
