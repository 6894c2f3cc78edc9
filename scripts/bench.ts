/**
 * `npm run bench [-- --quick] [-- --only bundle,lighthouse,api,rush,search,startup]`: measures the shop the way shoppers and
 * a rush load it, part by part, one after another (they would steal each other's CPU), and writes the report into
 * bench-results/<time>/ with bench-results/latest pointing at it. Exits 1 when a budget does not hold.
 */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runApi } from './bench/api';
import { runBundle } from './bench/bundle';
import type { BenchContext, BenchPart, Section } from './bench/figures';
import { runLighthouse } from './bench/lighthouse';
import { writeReport } from './bench/report';
import { runRush } from './bench/rush';
import { runSearch } from './bench/search';
import { runStartup } from './bench/startup';
import { buildIfStale } from './build-if-stale';

const parts: Record<string, { title: string; run: BenchPart }> = {
  bundle: { title: 'First-visit download', run: runBundle },
  lighthouse: { title: 'Lighthouse (mobile)', run: runLighthouse },
  api: { title: 'API under 100 connections', run: runApi },
  rush: { title: 'Rush scenario', run: runRush },
  search: { title: 'Search under 100 connections', run: runSearch },
  startup: { title: 'Start-up', run: runStartup },
};

function parseArguments(argv: string[]): { quick: boolean; only: string[] } {
  if (argv.includes('--help')) {
    // Anything else would start a full run of several minutes.
    console.log(`npm run bench [-- --quick] [-- --only ${Object.keys(parts).join(',')}]   (BENCH_DATABASE_URL adds PostgreSQL runs; docs/performance.md)`);
    process.exit(0);
  }
  const quick = argv.includes('--quick');
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? (argv[onlyAt + 1] ?? '').split(',').filter(Boolean) : Object.keys(parts);
  const unknown = only.filter((name) => !(name in parts));
  if (unknown.length > 0 || (onlyAt >= 0 && only.length === 0)) {
    console.error(`Unknown part(s) ${unknown.join(', ') || '(none given)'}: choose from ${Object.keys(parts).join(', ')}.`);
    process.exit(2);
  }
  return { quick, only };
}

const root = fileURLToPath(new URL('..', import.meta.url));
const { quick, only } = parseArguments(process.argv.slice(2));
const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, '-').slice(0, 19);
const resultsRoot = join(root, 'bench-results');
const resultsDir = join(resultsRoot, stamp);
mkdirSync(resultsDir, { recursive: true });

const context: BenchContext = {
  root,
  resultsDir,
  quick,
  databaseUrl: process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined,
  log: (line) => console.log(`  ${line}`),
};

buildIfStale();
const sections: Section[] = [];
for (const name of only) {
  const part = parts[name]!;
  console.log(`▶ ${part.title}`);
  const began = Date.now();
  try {
    sections.push(await part.run(context));
  } catch (error) {
    sections.push({ id: name, title: part.title, figures: [], error: error instanceof Error ? error.message : String(error) });
  }
  console.log(`  (${((Date.now() - began) / 1000).toFixed(0)} s)`);
}

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    return 'unknown';
  }
})();
const verdict = writeReport(
  resultsDir,
  {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown CPU',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    },
    quick,
  },
  sections,
);
const latest = join(resultsRoot, 'latest');
rmSync(latest, { force: true });
symlinkSync(stamp, latest);

console.log(`\nReport: ${join(resultsDir, 'report.md')} (also bench-results/latest/)`);
if (verdict.ok) {
  console.log(`Every budget holds: ${verdict.held} of ${verdict.budgets}.`);
} else {
  for (const failed of verdict.failed) {
    console.log(`✗ ${failed.section}: ${failed.figure}${failed.beyondThisMachine ? ' (its same-run ceiling misses the budget too)' : ''}`);
  }
  for (const failed of verdict.partErrors) console.log(`✗ ${failed.section} did not run: ${failed.error}`);
  process.exitCode = 1;
}
