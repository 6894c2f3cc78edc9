/**
 * Part 5 of `npm run bench`: how long the shop takes to answer /api/ready — cold on an empty DATA_DIR (migrations, the
 * generated secret and the demo seed with its pictures) and warm on the same directory — against a bare Fastify
 * process started the same way (bundled the same way, on plain Node, same polling) until its route answers. The shop
 * is measured as installed: built (which paints the demo pictures) and with the template new embedded databases are
 * unpacked from (server/db/pglite-template.ts), which the build makes and which `npm ci` removes with node_modules.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchPart, Figure } from './figures';
import { round, scratchDir, spawnCeiling, spawnShop, type Spawned } from './load';
import { preparePgliteTemplate } from '../../server/db/embedded-server';

const coldBudgetS = 8;
const warmBudgetS = 2;
const warmRuns = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const runStartup: BenchPart = async (context) => {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const dataDir = scratchDir('startup');
  let running: Spawned | undefined;
  const timed = async (start: () => Promise<Spawned>): Promise<number> => {
    running = await start();
    const ms = running.readyMs;
    await running.stop();
    running = undefined;
    return ms;
  };
  try {
    context.log('startup: bare Fastify ceiling');
    const ceilings: number[] = [];
    for (let run = 0; run < warmRuns; run += 1) ceilings.push(await timed(() => spawnCeiling()));
    const ceiling = { label: 'bare Fastify process, bundled like the shop, until its route answers (median of 3)', value: round(median(ceilings) / 1000, 2) };

    context.log('startup: cold start on an empty DATA_DIR');
    await preparePgliteTemplate();
    const cold = await timed(() => spawnShop(dataDir.path));
    context.log('startup: warm starts');
    const warm: number[] = [];
    for (let run = 0; run < warmRuns; run += 1) warm.push(await timed(() => spawnShop(dataDir.path)));

    figures.push(
      {
        name: 'cold start (empty DATA_DIR: migrations + demo seed), spawn → /api/ready',
        value: round(cold / 1000, 2),
        unit: 's',
        budget: { comparison: 'atMost', limit: coldBudgetS },
        ceiling,
        note: 'one run: only the first start on a directory is cold; its database is unpacked from the template of initdb\'s output and its pictures come from the build',
      },
      {
        name: 'warm start (same DATA_DIR), spawn → /api/ready, median of 3',
        value: round(median(warm) / 1000, 2),
        unit: 's',
        budget: { comparison: 'atMost', limit: warmBudgetS },
        ceiling,
        note: `runs: ${warm.map((ms) => round(ms / 1000, 2)).join(' s, ')} s`,
      },
    );
    notes.push(`Bare Fastify starts: ${ceilings.map((ms) => round(ms / 1000, 2)).join(' s, ')} s; /api/ready polled every 20 ms for both.`);
    writeFileSync(join(context.resultsDir, 'startup.json'), JSON.stringify({ ceilings, cold, warm }, null, 2));
    return { id: 'startup', title: 'Start-up', figures, notes };
  } catch (error) {
    return { id: 'startup', title: 'Start-up', figures, notes, error: error instanceof Error ? error.stack ?? error.message : String(error) };
  } finally {
    await (running as Spawned | undefined)?.stop().catch(() => undefined);
    dataDir.remove();
  }
};
