/**
 * docs/operations.md stays the operator's complete list: every environment variable the server reads has a row in its
 * table, and every variable in that table is one the server reads (or NODE_ENV, which the start checks).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { environmentVariables } from '../../server/config';

const operations = readFileSync(fileURLToPath(new URL('../../docs/operations.md', import.meta.url)), 'utf8');
const section = operations.slice(operations.indexOf('## Environment variables'), operations.indexOf('\n## ', operations.indexOf('## Environment variables') + 1));
/** The names in the first column of the table: `NAME`, or several as `A`, `B`. */
const documented = section
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));

describe('docs/operations.md', () => {
  it('documents every environment variable the server reads, and no other', () => {
    expect(documented.length).toBeGreaterThan(0);
    expect([...documented].sort()).toEqual([...environmentVariables, 'NODE_ENV'].sort());
  });
});
