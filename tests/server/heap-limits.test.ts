import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** V8 reads the growth factor only while it runs, so the test checks that the Node running the shop still honours it. */
function probe(...args: string[]): { youngWhileLoading: number; youngLargest: number } {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'tests/server/helpers/heap-probe.ts', ...args], { encoding: 'utf8' });
  return JSON.parse(output) as { youngWhileLoading: number; youngLargest: number };
}

describe("the server's heap limits", () => {
  it('keep the young generation small while loading, then let it grow to about the cap under a load like requests', () => {
    const defaults = probe();
    const limited = probe('--limited');

    // The same work grows V8's default young generation to two 16 MB semi-spaces.
    expect(defaults.youngLargest).toBe(32);
    expect(limited.youngWhileLoading).toBeLessThanOrEqual(4);
    expect(limited.youngLargest).toBeGreaterThan(limited.youngWhileLoading);
    // Two 4 MB semi-spaces, or 8 MB ones after a growth that came before the observer ran (seen under a busy test run).
    expect(limited.youngLargest).toBeLessThanOrEqual(16);
  });
});
