/**
 * Prints the model-based coverage table after a run that included tests/machines, and fails the run when a machine
 * misses a state or transition or, when the whole machine suite ran, when a machine file has no coverage record.
 * Test files run in separate forks, so each expectFullCoverage writes its record into a folder of this run
 * (handed to the workers with `provide`), and this reporter reads them all at the end.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, TestSpecification, Vitest } from 'vitest/node';
import { formatMachineCoverage, machineCoverageVerdict, machineFileSuffix } from './machine-coverage-table';
import type { MachineCoverageRecord } from './machine-coverage-table';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where expectFullCoverage writes its record; unset when this reporter is not in the run. */
    machineCoverageDir?: string;
  }
}

const filesIn = (dir: string, suffix: string) => readdirSync(dir).filter((name) => name.endsWith(suffix)).sort();

export default class MachineCoverageReporter implements Reporter {
  private vitest: Vitest | undefined;
  private runDir: string | undefined;
  private specifiedModules = new Set<string>();

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  private get root() {
    return this.vitest?.config.root ?? process.cwd();
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    // One folder per run and per process: other vitest processes in the same tree write beside it, never into it.
    this.runDir = path.join(this.root, 'node_modules', '.cache', 'machine-coverage', `${Date.now()}-${process.pid}`);
    mkdirSync(this.runDir, { recursive: true });
    this.vitest?.provide('machineCoverageDir', this.runDir);
    this.specifiedModules = new Set(specifications.map((specification) => specification.moduleId));
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const runDir = this.runDir;
    if (!runDir) return;
    const machinesDir = path.join(this.root, 'machines');
    const machineTestsDir = path.join(this.root, 'tests', 'machines');
    try {
      if (!testModules.some((testModule) => path.dirname(testModule.moduleId) === machineTestsDir)) return;
      const records = filesIn(runDir, '.json').map(
        (name) => JSON.parse(readFileSync(path.join(runDir, name), 'utf8')) as MachineCoverageRecord,
      );
      const machineFiles = filesIn(machinesDir, machineFileSuffix).map((name) => `machines/${name}`);
      // Only a run of every machine test (unfiltered by name) can say that a machine has none.
      const wholeSuite =
        !this.vitest?.config.testNamePattern &&
        filesIn(machineTestsDir, '.test.ts').every((name) => this.specifiedModules.has(path.join(machineTestsDir, name)));
      const verdict = machineCoverageVerdict(records, machineFiles, { expectEveryMachine: wholeSuite });
      // E.g. only docs-machines.test.ts ran: no machine was walked, so there is no table to print.
      if (!verdict.rows.length) return;
      const checked = new Set(verdict.rows.map((row) => row.name)).size;
      const partial = wholeSuite ? [] : [`(part of the machine suite ran: ${checked} of ${machineFiles.length} machines checked)`];
      this.log(['', formatMachineCoverage(verdict), ...partial].join('\n'));
      if (!verdict.passed) process.exitCode = 1;
    } finally {
      rmSync(runDir, { recursive: true, force: true });
      this.runDir = undefined;
    }
  }

  private log(text: string) {
    if (this.vitest) this.vitest.logger.log(text);
    else console.log(text);
  }
}
