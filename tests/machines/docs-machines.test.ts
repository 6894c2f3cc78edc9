import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { contactMachine } from '../../machines/contact.machine';
import {
  machineJson,
  mermaidDiagram,
  moduleHeader,
  renderMachineDocs,
  staleMachineDocs,
  staleMessage,
} from '../../scripts/docs-machines';

const root = path.resolve(import.meta.dirname, '../..');

/** The rendered text holds each of the lines, wherever they stand. */
function expectEach(text: string, lines: string[]) {
  for (const line of lines) expect(text).toContain(line);
}

describe('docs:machines', () => {
  it('matches the committed docs/machines files', async () => {
    const docs = await renderMachineDocs();
    const stale: string[] = [];
    for (const [file, content] of docs) {
      const committed = await readFile(path.join(root, file), 'utf8').catch(() => undefined);
      if (committed !== content) stale.push(file);
    }
    // Also catches a committed page whose machine was deleted or renamed.
    for (const file of await staleMachineDocs()) if (!stale.includes(file)) stale.push(file);
    expect(stale, staleMessage).toEqual([]);
  });

  it('renders the same text twice (no timestamps, stable order)', async () => {
    const [first, second] = await Promise.all([renderMachineDocs(), renderMachineDocs()]);
    expect([...first.entries()]).toEqual([...second.entries()]);
    expect([...first.keys()]).toContain('docs/machines/contact.md');
    expect([...first.keys()]).toContain('docs/machines/README.md');
  });

  it('documents the contact machine from its definition', async () => {
    const contact = (await renderMachineDocs()).get('docs/machines/contact.md') ?? '';
    expectEach(contact, [
      '```mermaid\nstateDiagram-v2\n  direction LR\n  [*] --> editing',
      'editing --> sending : form.submit [isFormValid]',
      // Transitions that stay in their state are written inside it, with the fallback branch marked [else].
      'editing : form.submit [else] / showAllErrors, notify',
      'sending : invoke sendMessage',
      'sending --> failed : sendMessage error',
      'sent --> editing : always',
      '| form.submit | editing | sending | isFormValid |',
      '## Open in the Stately editor',
      '[`docs/machines/contact.machine.json`](contact.machine.json)',
    ]);
  });

  it('writes each machine config as JSON for the Stately editor, beside its page', async () => {
    const json = (await renderMachineDocs()).get('docs/machines/contact.machine.json') ?? '';
    const config = JSON.parse(json) as { id: string; states: Record<string, unknown> };
    expect(config.id).toBe('contact');
    expect(Object.keys(config.states)).toEqual(['editing', 'sending', 'sent', 'failed']);
    expect(json).toBe(machineJson(contactMachine));
  });

  it('draws nested, final, delayed and root-level transitions', () => {
    const machine = createMachine({
      id: 'demo',
      initial: 'outer',
      on: { 'app.reset': '.outer' },
      states: {
        outer: {
          initial: 'waiting',
          states: {
            waiting: { invoke: { src: 'poll' }, after: { 1500: 'ready' } },
            ready: { on: { 'item.pick': { target: '#demo.done', guard: 'hasItem' } } },
          },
        },
        done: { type: 'final' },
      },
    });
    const diagram = mermaidDiagram(machine);
    expectEach(diagram, [
      '[*] --> demo',
      'state outer {',
      '[*] --> outer__waiting',
      'outer__waiting --> outer__ready : after 1500 ms',
      'outer__ready --> done : item.pick [hasItem]',
      'done --> [*]',
      'demo --> outer : app.reset',
      'outer__waiting : invoke poll',
    ]);
    // The timers behind `after` are XState's bookkeeping, not the machine's actions.
    expect(diagram).not.toContain('raise');
  });

  it('takes the one-line description from the module header', () => {
    expect(moduleHeader('// First line\n// second line.\nimport x from "y";')).toBe('First line second line.');
    expect(moduleHeader('/**\n * Block header.\n */\nexport {}')).toBe('Block header.');
  });
});
