/**
 * Prints one closing line, "<suite>: N passed, N failed, N skipped", so that CI logs state plainly how many tests ran,
 * after the slowest files: where CI's time goes, for keeping it short.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  constructor(private readonly suite = 'tests') {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (testModule.state() === 'failed' && !testModule.children.size) failed += 1;
    }
    const slowest = [...testModules].sort((a, b) => b.diagnostic().duration - a.diagnostic().duration).slice(0, 10);
    const seconds = (module: TestModule) => `${(module.diagnostic().duration / 1000).toFixed(1)} s`;
    if (slowest.length > 1) console.log(`\nslowest files: ${slowest.map((module) => `${module.relativeModuleId} ${seconds(module)}`).join(', ')}`);
    console.log(`\n${this.suite}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
