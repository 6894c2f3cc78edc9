// The coverage check itself: the table and verdict the machine coverage reporter prints after a run of tests/machines.
import { describe, expect, it } from 'vitest';
import { formatMachineCoverage, machineCoverageVerdict } from './machine-coverage-table';
import type { MachineCoverageRecord } from './machine-coverage-table';

const lampStates = ['lamp', 'lamp.off', 'lamp.on'];
const lampTransitions = ['lamp.off --lamp.toggle--> lamp.on', 'lamp.on --lamp.toggle--> lamp.off'];

/** A record of the lamp machine (machines/lamp.machine.ts) that reached everything unless told otherwise. */
function aLampRecord(reached: Partial<Pick<MachineCoverageRecord, 'visited' | 'taken'>> = {}): MachineCoverageRecord {
  return {
    machine: 'lamp',
    file: 'machines/lamp.machine.ts',
    states: lampStates,
    transitions: lampTransitions,
    visited: lampStates,
    taken: lampTransitions,
    ...reached,
  };
}

const lampOnly = ['machines/lamp.machine.ts'];
const wholeSuite = { expectEveryMachine: true };

describe('machine coverage verdict', () => {
  it('passes when every state and transition of every machine was reached', () => {
    const verdict = machineCoverageVerdict([aLampRecord()], lampOnly, wholeSuite);
    expect(verdict.passed).toBe(true);
    expect(verdict.rows).toEqual([
      { name: 'lamp', states: { reached: 3, total: 3 }, transitions: { reached: 2, total: 2 }, missed: [] },
    ]);
    expect(formatMachineCoverage(verdict)).toContain('every state and transition of every machine reached');
  });

  it('fails on a missed state and names it', () => {
    const verdict = machineCoverageVerdict([aLampRecord({ visited: ['lamp', 'lamp.off'] })], lampOnly, wholeSuite);
    expect(verdict.passed).toBe(false);
    expect(verdict.rows[0]).toMatchObject({ states: { reached: 2, total: 3 }, missed: ['state lamp.on'] });
    expect(verdict.total.missed).toBe(1);
  });

  it('fails on a missed transition and names it', () => {
    const verdict = machineCoverageVerdict([aLampRecord({ taken: [lampTransitions[0]!] })], lampOnly, wholeSuite);
    expect(verdict.passed).toBe(false);
    expect(verdict.rows[0]).toMatchObject({
      transitions: { reached: 1, total: 2 },
      missed: ['transition lamp.on --lamp.toggle--> lamp.off'],
    });
  });

  it('fails when a machine file has no coverage record after the whole machine suite ran', () => {
    const files = ['machines/lamp.machine.ts', 'machines/new-flow.machine.ts'];
    const verdict = machineCoverageVerdict([aLampRecord()], files, wholeSuite);
    expect(verdict.passed).toBe(false);
    expect(verdict.rows.map((row) => [row.name, row.states])).toEqual([
      ['lamp', { reached: 3, total: 3 }],
      ['new-flow', null],
    ]);
    expect(verdict.total.unrecorded).toBe(1);
    expect(formatMachineCoverage(verdict)).toMatch(/new-flow +— +— +no model-based test recorded coverage/);
  });

  it('checks only the machines that ran when part of the suite ran', () => {
    const files = ['machines/lamp.machine.ts', 'machines/new-flow.machine.ts'];
    const verdict = machineCoverageVerdict([aLampRecord()], files, { expectEveryMachine: false });
    expect(verdict.passed).toBe(true);
    expect(verdict.rows.map((row) => row.name)).toEqual(['lamp']);
  });

  it('merges the records of one machine from several test files', () => {
    const offOnly = aLampRecord({ visited: ['lamp', 'lamp.off'], taken: [lampTransitions[0]!] });
    const onOnly = aLampRecord({ visited: ['lamp.on'], taken: [lampTransitions[1]!] });
    expect(machineCoverageVerdict([offOnly, onOnly], lampOnly, wholeSuite).passed).toBe(true);
  });

  it('prints one line per machine, each miss on its own line, and a total', () => {
    const verdict = machineCoverageVerdict(
      [aLampRecord({ visited: ['lamp', 'lamp.off'], taken: [] })],
      lampOnly,
      wholeSuite,
    );
    const lines = formatMachineCoverage(verdict).split('\n');
    expect(lines).toContain('machine  states  transitions  missed');
    expect(lines).toContain('lamp     2/3     0/2          state lamp.on');
    expect(lines).toContain('                              transition lamp.off --lamp.toggle--> lamp.on');
    expect(lines).toContain('total    2/3     0/2          3 missed');
    expect(lines.at(-1)).toMatch(/^Machine coverage FAILED/);
  });
});
