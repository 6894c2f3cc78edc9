/**
 * The benchmark's report: one Markdown page with a table per part and a chart, and the same figures as JSON, written
 * into the run's folder under bench-results/ (git-ignored). Every figure is shown against its budget and ceiling.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ratioOf, standingOf } from './figures';
import type { Figure, Section, Standing } from './figures';

export interface RunInfo {
  startedAt: string;
  finishedAt: string;
  commit: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string };
  quick: boolean;
}

export interface Verdict {
  budgets: number;
  held: number;
  /** `beyondThisMachine`: the same run's ceiling misses the budget too (figures.ts). */
  failed: { section: string; figure: string; beyondThisMachine: boolean }[];
  partErrors: { section: string; error: string }[];
  ok: boolean;
}

export function verdictOf(sections: Section[]): Verdict {
  const failed: Verdict['failed'] = [];
  let budgets = 0;
  for (const section of sections) {
    for (const figure of section.figures) {
      const standing = standingOf(figure);
      if (standing === 'reported') continue;
      budgets += 1;
      if (standing !== 'holds') failed.push({ section: section.title, figure: figure.name, beyondThisMachine: standing === 'beyondThisMachine' });
    }
  }
  const partErrors = sections.filter((s) => s.error).map((s) => ({ section: s.title, error: s.error! }));
  return { budgets, held: budgets - failed.length, failed, partErrors, ok: failed.length === 0 && partErrors.length === 0 };
}

const number = (value: number) =>
  Math.abs(value) >= 100 || Number.isInteger(value) ? Math.round(value).toLocaleString('en-IN') : value.toFixed(Math.abs(value) >= 10 ? 1 : 2);

function budgetText(figure: Figure): string {
  if (!figure.budget) return '—';
  const sign = figure.budget.comparison === 'atMost' ? '≤' : '≥';
  return figure.budget.of === 'ratio' ? `${sign} ${figure.budget.limit} × ceiling` : `${sign} ${number(figure.budget.limit)} ${figure.unit}`;
}

const verdictText: Record<Standing, string> = {
  reported: 'reported',
  holds: '✅ holds',
  over: '❌ over budget',
  beyondThisMachine: '❌ over budget, as is its ceiling: beyond this machine',
};

const barFill: Record<Exclude<Standing, 'reported'>, string> = { holds: '#2f7d5b', over: '#b3261e', beyondThisMachine: '#b86e00' };

/**
 * How much of its budget a figure uses: 100 % is the limit itself, below holds. For an "at least" budget the share is
 * limit ÷ measured, so that a faster result is a shorter bar in both directions.
 */
export function budgetUse(figure: Figure): number | undefined {
  if (!figure.budget) return undefined;
  const measured = figure.budget.of === 'ratio' ? ratioOf(figure) : figure.value;
  if (measured === undefined) return undefined;
  const { limit, comparison } = figure.budget;
  if (comparison === 'atMost') return limit === 0 ? (measured === 0 ? 0 : Infinity) : measured / limit;
  return measured <= 0 ? Infinity : limit / measured;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A horizontal bar per budgeted figure, its share of the budget, with the 100 % line drawn: green where the budget
 * holds, red where it does not, amber where the same run's ceiling misses it too.
 */
export function budgetChart(sections: Section[]): string {
  const rows = sections.flatMap((section) =>
    section.figures.flatMap((figure) => {
      const use = budgetUse(figure);
      const standing = standingOf(figure);
      if (use === undefined || standing === 'reported') return [];
      // A budget of zero (errors, oversold units) has no share to speak of: any miss shows as the count itself.
      const text = Number.isFinite(use) ? `${Math.round(use * 100)} %` : `${number(figure.value)} ${figure.unit}, budget ${figure.budget!.limit}`;
      return [{ label: `${section.id}: ${figure.name}`, use, text, fill: barFill[standing] }];
    }),
  );
  // Wide enough for the longest label at about 6.6 px per character of 12 px sans-serif.
  const labelWidth = Math.ceil(Math.max(...rows.map((row) => row.label.length), 20) * 6.6) + 16;
  const barWidth = 360;
  const rowHeight = 22;
  const top = 40;
  const scaleMax = 1.5;
  const width = labelWidth + barWidth + 160;
  const height = top + rows.length * rowHeight + 20;
  const x100 = labelWidth + barWidth / scaleMax;
  const bars = rows.map((row, index) => {
    const y = top + index * rowHeight;
    const length = ((Number.isFinite(row.use) ? Math.min(row.use, scaleMax) : scaleMax) / scaleMax) * barWidth;
    return [
      `<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end">${escapeXml(row.label)}</text>`,
      `<rect x="${labelWidth}" y="${y + 4}" width="${length.toFixed(1)}" height="${rowHeight - 8}" fill="${row.fill}"/>`,
      `<text x="${(labelWidth + length + 6).toFixed(1)}" y="${y + 15}">${escapeXml(row.text)}</text>`,
    ].join('');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="14" font-weight="bold">Share of budget used (100 % is the budget; shorter is better; amber: its ceiling misses it too)</text>`,
    ...bars,
    `<line x1="${x100}" y1="${top - 4}" x2="${x100}" y2="${height - 16}" stroke="#222" stroke-dasharray="4 3"/>`,
    `<text x="${x100}" y="${height - 4}" text-anchor="middle">100 %</text>`,
    `</svg>`,
  ].join('\n');
}

function failureSummary(verdict: Verdict): string {
  const machineBound = verdict.failed.filter((failed) => failed.beyondThisMachine).length;
  const parts = verdict.partErrors.length ? `, ${verdict.partErrors.length} part(s) failed to run` : '';
  const beyond = machineBound
    ? ` ${machineBound} of them ${machineBound === 1 ? 'is' : 'are'} beyond this machine: the same run's ceiling misses ${machineBound === 1 ? 'that budget' : 'those budgets'} too.`
    : '';
  return `**${verdict.failed.length} of ${verdict.budgets} budgets do not hold${parts}.**${beyond}`;
}

export function markdownReport(info: RunInfo, sections: Section[]): string {
  const verdict = verdictOf(sections);
  const lines = [
    `# Benchmark report${info.quick ? ' (quick run)' : ''}`,
    '',
    `Commit \`${info.commit}\`, ${info.startedAt} to ${info.finishedAt}. Machine: ${info.machine.cpus} × ${info.machine.cpuModel}, ` +
      `${info.machine.memoryGiB} GiB, Node ${info.machine.node} on ${info.machine.platform}.`,
    '',
    verdict.ok ? `**Every budget holds: ${verdict.held} of ${verdict.budgets}.**` : failureSummary(verdict),
    '',
    '![Share of budget used per figure](chart.svg)',
  ];
  for (const section of sections) {
    lines.push('', `## ${section.title}`, '');
    if (section.error) lines.push(`**This part failed to run:** ${section.error}`, '');
    if (section.figures.length > 0) {
      lines.push('| Figure | Measured | Budget | Ceiling (same run) | Ratio | Verdict |', '|---|---:|---|---:|---:|---|');
      for (const figure of section.figures) {
        const ratio = ratioOf(figure);
        const ceiling = figure.ceiling ? `${number(figure.ceiling.value)} (${figure.ceiling.label})` : '—';
        const name = figure.note ? `${figure.name} <br><sub>${figure.note}</sub>` : figure.name;
        lines.push(
          `| ${name} | ${number(figure.value)} ${figure.unit} | ${budgetText(figure)} | ${ceiling} | ${ratio === undefined ? '—' : ratio.toFixed(2)} | ${verdictText[standingOf(figure)]} |`,
        );
      }
    }
    for (const note of section.notes ?? []) lines.push('', `- ${note}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes report.md, report.json and chart.svg into the run's folder; returns the verdict. */
export function writeReport(resultsDir: string, info: RunInfo, sections: Section[]): Verdict {
  const verdict = verdictOf(sections);
  writeFileSync(join(resultsDir, 'report.md'), markdownReport(info, sections));
  writeFileSync(join(resultsDir, 'chart.svg'), budgetChart(sections));
  writeFileSync(join(resultsDir, 'report.json'), `${JSON.stringify({ ...info, verdict, sections }, null, 2)}\n`);
  return verdict;
}
