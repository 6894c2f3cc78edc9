// The built app (`npm run build`, which `npm run test:e2e` runs first) holds none of `npm run dev`'s inspector: the
// live inspection of src/app/inspection.ts is dropped with `import.meta.env.DEV`, and /dev/inspect is never an input.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inspectorPagePath } from '../../src/dev/inspect/inspector-protocol';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Strings only the inspector's code holds: its page's path (its socket's starts so), @statelyai/inspect's window name, the
 * diagrams' renderer. */
const inspectorMarks = [inspectorPagePath, 'xstateinspector', 'mermaid'];

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(js|mjs|html|json)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the built app', () => {
  it("holds none of the dev server's inspector", () => {
    const dirs = ['dist', 'dist-render'].map((dir) => join(root, dir));
    for (const dir of dirs) expect(existsSync(dir), `${dir} is built`).toBe(true);
    const files = dirs.flatMap(builtFiles);
    expect(files.some((file) => file.includes(join('static', 'js')))).toBe(true);
    const carrying = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return inspectorMarks.filter((mark) => text.includes(mark)).map((mark) => `${file}: ${mark}`);
    });
    expect(carrying).toEqual([]);
  });
});
