import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

interface Probe {
  supported: boolean;
  held: number;
  afterFree: number;
}

function probe(...args: string[]): Probe {
  const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'tests/server/helpers/memory-release-probe.ts', ...args], {
    encoding: 'utf8',
  });
  return JSON.parse(output) as Probe;
}

const glibc = process.platform === 'linux' && Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

describe('the memory the allocator frees', () => {
  it.skipIf(!glibc)('goes back to the system after a thread frees 100 MB of small blocks, where glibc alone keeps it', () => {
    const kept = probe();
    const released = probe('--release');

    expect(released.supported).toBe(true);
    // Left to glibc, the freed blocks stay in the thread's arena and resident.
    expect(kept.held - kept.afterFree).toBeLessThan(30);
    expect(released.held - released.afterFree).toBeGreaterThan(70);
  });
});
