// Writes docs/machines/*.md (a Mermaid state diagram and tables per machine) and *.machine.json (the config as the
// Stately editor imports it) from the machine definitions themselves, so the documentation cannot drift from the code;
// `--check` fails when the committed files are stale.
import { readdir, readFile, mkdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { mermaidStateId } from '../src/dev/inspect/mermaid-state-id';

const root = fileURLToPath(new URL('..', import.meta.url));
const machinesDir = path.join(root, 'machines');
const docsDir = 'docs/machines';
export const staleMessage = 'docs/machines is stale: run npm run docs:machines';

interface MachineFile {
  stem: string;
  /** Repository-relative, with forward slashes. */
  file: string;
  description: string;
  machines: Array<{ exportName: string; machine: AnyStateMachine }>;
}

interface Edge {
  source: AnyStateNode;
  targets: AnyStateNode[];
  event: string;
  guard: string | undefined;
  actions: string[];
}

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'config' in value &&
    'implementations' in value &&
    typeof (value as { transition?: unknown }).transition === 'function'
  );
}

/** The module header: the leading `//` lines or `/** … *\/` block of the file, joined into one line. */
export function moduleHeader(source: string): string {
  const lines = source.replace(/^#!.*\n/, '').split('\n');
  const header: string[] = [];
  if (lines[0]?.trim().startsWith('/*')) {
    for (const line of lines) {
      header.push(line.replace(/^\s*\/\*+\s?|\s*\*+\/\s*$|^\s*\*\s?/g, ''));
      if (line.includes('*/')) break;
    }
  } else {
    for (const line of lines) {
      if (!line.trim().startsWith('//')) break;
      header.push(line.replace(/^\s*\/\/\s?/, ''));
    }
  }
  return header.join(' ').replace(/\s+/g, ' ').trim();
}

function title(stem: string): string {
  const words = stem.replace(/[-_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function children(node: AnyStateNode): AnyStateNode[] {
  return (Object.values(node.states) as AnyStateNode[]).sort((a, b) => a.order - b.order);
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return children(node).flatMap((child) => [child, ...descendants(child)]);
}

function mermaidId(node: AnyStateNode): string {
  return mermaidStateId(node.path);
}

/** A state's name as people read it: its path below the machine, dotted. */
function stateName(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : `(${node.machine.id})`;
}

function label(text: string): string {
  // ':' and ';' end a Mermaid label early.
  return text.replace(/[:;]/g, ' ').replace(/\s+/g, ' ').trim();
}

function implementationName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'function') {
    const fn = value as { name?: string; type?: string; guards?: unknown[]; stateValue?: unknown };
    if (fn.guards) return `${fn.name}(${fn.guards.map(implementationName).join(', ')})`;
    if (fn.stateValue !== undefined) return `stateIn(${JSON.stringify(fn.stateValue)})`;
    if (fn.type) return fn.type.replace(/^xstate\./, '');
    return fn.name ? fn.name : 'inline';
  }
  if (typeof value === 'object' && value !== null && 'type' in value) return String(value.type);
  return 'inline';
}

/** How an event reads in the diagram: the machine's own events as they are, XState's internal ones in words. */
function eventLabel(eventType: string, node: AnyStateNode): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return /^\d+$/.test(after[1] ?? '') ? `after ${after[1]} ms` : `after ${after[1]}`;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) {
    // An invoke without an id gets a generated one; name it by the actor it runs instead.
    const invoked = invokedActors(node).find((candidate) => candidate.id === actor[2]);
    return `${invoked?.src ?? actor[2]} ${actor[1]}`;
  }
  const stateDone = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (stateDone) return 'done';
  return eventType;
}

function edgesOf(node: AnyStateNode): Edge[] {
  const definitions: AnyTransitionDefinition[] = [...node.transitions.values()].flat();
  // `always` transitions are not in the event map.
  const all = definitions.concat(node.always ?? []);
  const guardedEvents = new Set<string>();
  return all.map((transition) => {
    const event = eventLabel(String(transition.eventType), node);
    let guard = transition.guard === undefined ? undefined : implementationName(transition.guard);
    // XState takes the first branch whose guard passes: an unguarded branch after a guarded one is the fallback.
    if (guard) guardedEvents.add(event);
    else if (guardedEvents.has(event)) guard = 'else';
    return {
      source: node,
      targets: [...(transition.target ?? [])],
      event,
      guard,
      actions: actionNames(transition.actions),
    };
  });
}

/** A transition without a target stays in its state: drawn inside the state's box rather than as a self-loop. */
function isInternal(edge: Edge): boolean {
  return edge.targets.length === 0;
}

function invokedActors(node: AnyStateNode): Array<{ id: string; src: string }> {
  return node.invoke.map((invoke) => ({
    id: invoke.id,
    src: typeof invoke.src === 'string' ? invoke.src : invoke.id,
  }));
}

/** The timer actions XState adds for `after` transitions: the delayed edge already says it. */
function isDelayBookkeeping(action: unknown): boolean {
  const fn = action as { event?: { type?: unknown }; sendId?: unknown };
  return [fn.event?.type, fn.sendId].some((value) => typeof value === 'string' && value.startsWith('xstate.after.'));
}

function actionNames(actions: readonly unknown[]): string[] {
  return actions.filter((action) => !isDelayBookkeeping(action)).map(implementationName);
}

function stateNotes(node: AnyStateNode): string[] {
  const notes: string[] = [];
  const entry = actionNames(node.entry);
  const exit = actionNames(node.exit);
  for (const actor of invokedActors(node)) notes.push(`invoke ${actor.src}`);
  if (entry.length) notes.push(`entry / ${entry.join(', ')}`);
  if (exit.length) notes.push(`exit / ${exit.join(', ')}`);
  for (const edge of edgesOf(node).filter(isInternal)) {
    notes.push(edge.actions.length ? `${edgeLabel(edge)} / ${edge.actions.join(', ')}` : edgeLabel(edge));
  }
  return notes;
}

function renderStateBody(node: AnyStateNode, indent: string, out: string[]): void {
  const kids = children(node);
  if (node.type === 'parallel') {
    kids.forEach((kid, index) => {
      if (index > 0) out.push(`${indent}--`);
      renderState(kid, indent, out);
    });
    return;
  }
  const initial = node.initial?.target?.[0];
  if (initial) out.push(`${indent}[*] --> ${mermaidId(initial)}`);
  for (const kid of kids) renderState(kid, indent, out);
  for (const kid of kids) if (kid.type === 'final') out.push(`${indent}${mermaidId(kid)} --> [*]`);
}

function renderState(node: AnyStateNode, indent: string, out: string[]): void {
  const id = mermaidId(node);
  const notes = stateNotes(node);
  if (node.type === 'compound' || node.type === 'parallel') {
    // A composite box shows only its title, so its notes join the title.
    const title = [node.key, ...notes].join(' · ');
    if (id !== title) out.push(`${indent}state "${label(title)}" as ${id}`);
    out.push(`${indent}state ${id} {`);
    renderStateBody(node, `${indent}  `, out);
    out.push(`${indent}}`);
    return;
  }
  // Declaring the name keeps it as the box's title above the notes (otherwise the first note replaces it).
  if (id !== node.key || notes.length) out.push(`${indent}state "${label(node.key)}" as ${id}`);
  for (const note of notes) out.push(`${indent}${id} : ${label(note)}`);
}

function edgeLabel(edge: Edge): string {
  return label(edge.guard ? `${edge.event} [${edge.guard}]` : edge.event);
}

export function mermaidDiagram(machine: AnyStateMachine): string {
  const out = ['stateDiagram-v2', '  direction LR'];
  const rootNode = machine.root as AnyStateNode;
  const rootHasBehaviour =
    edgesOf(rootNode).length > 0 || rootNode.invoke.length > 0 || rootNode.entry.length > 0;
  // Transitions that belong to the whole machine need a box to leave from: draw the machine itself as one.
  if (rootHasBehaviour) {
    const id = machine.id.replace(/[^A-Za-z0-9]/g, '_');
    out.push(`  [*] --> ${id}`);
    const title = [machine.id, ...stateNotes(rootNode)].join(' · ');
    if (title !== id) out.push(`  state "${label(title)}" as ${id}`);
    out.push(`  state ${id} {`);
    renderStateBody(rootNode, '    ', out);
    out.push('  }');
  } else {
    renderStateBody(rootNode, '  ', out);
  }
  const rootId = rootHasBehaviour ? machine.id.replace(/[^A-Za-z0-9]/g, '_') : undefined;
  const idOf = (node: AnyStateNode) => (node === rootNode ? (rootId ?? 'root') : mermaidId(node));
  for (const node of [rootNode, ...descendants(rootNode)]) {
    for (const edge of edgesOf(node)) {
      if (isInternal(edge)) continue;
      for (const target of edge.targets) out.push(`  ${idOf(edge.source)} --> ${idOf(target)} : ${edgeLabel(edge)}`);
    }
  }
  return out.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function transitionTable(machine: AnyStateMachine): string[] {
  const rootNode = machine.root as AnyStateNode;
  const rows = [rootNode, ...descendants(rootNode)].flatMap(edgesOf).map((edge) => {
    const to = edge.targets.length ? edge.targets.map(stateName).join(', ') : '(stays)';
    return `| ${cell(edge.event)} | ${cell(stateName(edge.source))} | ${cell(to)} | ${cell(edge.guard ?? '')} | ${cell(
      edge.actions.join(', '),
    )} |`;
  });
  return ['| Event | From | To | Guard | Actions |', '|---|---|---|---|---|', ...rows];
}

function actorList(machine: AnyStateMachine): string[] {
  const rootNode = machine.root as AnyStateNode;
  const invoked = [rootNode, ...descendants(rootNode)].flatMap((node) =>
    invokedActors(node).map((actor) => `- \`${actor.src}\`, invoked in \`${stateName(node)}\``),
  );
  return invoked.length ? invoked : ['- none'];
}

function implementationList(machine: AnyStateMachine): string[] {
  const implementations = machine.implementations as unknown as Record<string, Record<string, unknown> | undefined>;
  return ['actors', 'actions', 'guards', 'delays'].flatMap((kind) => {
    const names = Object.keys(implementations[kind] ?? {}).sort();
    return names.length ? [`- ${kind}: ${names.map((name) => `\`${name}\``).join(', ')}`] : [];
  });
}

function renderMachine(exportName: string, machine: AnyStateMachine): string[] {
  const heading = '##';
  return [
    `${heading} \`${exportName}\` (id \`${machine.id}\`)`,
    '',
    '```mermaid',
    mermaidDiagram(machine),
    '```',
    '',
    `${heading}# Transitions`,
    '',
    ...transitionTable(machine),
    '',
    `${heading}# Invoked actors`,
    '',
    ...actorList(machine),
    '',
    `${heading}# Named implementations`,
    '',
    'The machine refers to every side effect by name; the view provides the real ones with `.provide()` and tests',
    'provide fakes.',
    '',
    ...implementationList(machine),
    '',
  ];
}

function renderFile(entry: MachineFile): string {
  const lines = [
    `# ${title(entry.stem)} machine`,
    '',
    entry.description || `No description: add a module header comment to \`${entry.file}\`.`,
    '',
    `Source: [\`${entry.file}\`](../../${entry.file}). Generated by \`npm run docs:machines\`; do not edit by hand.`,
    '',
  ];
  for (const { exportName, machine } of entry.machines) lines.push(...renderMachine(exportName, machine));
  lines.push(
    '## Open in the Stately editor',
    '',
    `The config is plain data: every action, guard, actor and delay is named in \`setup()\` and referred to by name, so`,
    'the editor shows the machine as it runs. Two ways to open it:',
    '',
    `- **As JSON**: [\`${jsonFileOf(entry)}\`](${path.basename(jsonFileOf(entry))}) is the machine's config through`,
    '  `JSON.stringify`, generated with this page. Open it with the Stately VS Code extension ("Stately: Open Visual',
    '  Editor"), or import it in Stately Studio. `tests/machines/round-trip.test.ts` proves that a machine rebuilt from',
    '  it with the same implementations takes the same states and runs the same named actions.',
    `- **As TypeScript**: open [\`${entry.file}\`](../../${entry.file}) with the same command, or paste its`,
    '  `setup({ ... }).createMachine({ ... })` into Stately Studio\'s code import.',
    '',
    'JSON leaves out what only code can hold: the functions that compute an invoked actor\'s input (and a finished',
    'machine\'s output). They decide what a call receives, never which state or action comes next.',
    '',
  );
  return lines.join('\n');
}

/** The JSON a machine file's page links to: its (first) machine's config, repository-relative. */
function jsonFileOf(entry: MachineFile): string {
  return `${docsDir}/${entry.stem}.machine.json`;
}

/** The machine's config through JSON, as the Stately editor imports it. */
export function machineJson(machine: AnyStateMachine): string {
  return `${JSON.stringify(machine.config, null, 2)}\n`;
}

/** The index's word on /dev/inspect (scripts/dev-inspector.ts), which draws these same diagrams live. */
const liveInspectionSection = [
  '## Live inspection',
  '',
  '`npm run dev` serves a developer page, http://localhost:3000/dev/inspect (on `DEV_PORT` when set). Open the shop in',
  'another tab of the same dev server: every actor the app starts is listed there with its current state, tab by tab:',
  "each flow's machine that a page creates, the promises it invokes beneath it, and the session root actor once the",
  'app first needs it (after a signed-in call is refused). Select one to see its machine drawn from its diagram on',
  'these pages, with the states it is in marked, its context and the events it was sent; the event log below lists',
  "every actor's events, latest first. A page opened after the app still lists what the open tabs started.",
  '',
  "No internet is needed: under `npm run dev` every actor is created with `src/app/inspection.ts`'s `inspect` option,",
  "which sends @statelyai/inspect's events over the dev server's WebSocket to the page. The built app holds none of",
  'it. With internet, `VITE_INSPECTOR=stately npm run dev` sends them to Stately\'s hosted inspector instead, which',
  'the app opens in a pop-up window when it starts (allow pop-ups for the dev server).',
  '',
  '![/dev/inspect beside a signed-in bag: two 401s at once joined one refresh of the session root actor](inspector.png)',
  '',
];

function renderIndex(entries: MachineFile[]): string {
  return [
    '# State machines',
    '',
    'Every flow of the shop is an XState machine in `machines/` (DESIGN.md §3). These pages are generated from the',
    'machine definitions by `npm run docs:machines`; `npm test` fails when they are stale. Each page says how to open',
    'its machine in the Stately editor, from the `.machine.json` beside it or from its TypeScript source.',
    '',
    '| Machine | What it does |',
    '|---|---|',
    ...entries.map((entry) => `| [${title(entry.stem)}](${entry.stem}.md) | ${cell(entry.description)} |`),
    '',
    ...liveInspectionSection,
  ].join('\n');
}

async function loadMachineFiles(): Promise<MachineFile[]> {
  const names = (await readdir(machinesDir)).filter((name) => name.endsWith('.machine.ts')).sort();
  const entries: MachineFile[] = [];
  for (const name of names) {
    const absolute = path.join(machinesDir, name);
    const module = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
    const machines = Object.keys(module)
      .sort()
      .flatMap((exportName) => {
        const value = module[exportName];
        return isMachine(value) ? [{ exportName, machine: value }] : [];
      });
    if (!machines.length) continue;
    entries.push({
      stem: name.replace(/\.machine\.ts$/, ''),
      file: `machines/${name}`,
      description: moduleHeader(await readFile(absolute, 'utf8')),
      machines,
    });
  }
  return entries;
}

/** Every generated file, keyed by its repository-relative path, in a stable order. */
export async function renderMachineDocs(): Promise<Map<string, string>> {
  const entries = await loadMachineFiles();
  const docs = new Map<string, string>();
  for (const entry of entries) {
    docs.set(`${docsDir}/${entry.stem}.md`, renderFile(entry));
    docs.set(jsonFileOf(entry), machineJson(entry.machines[0]!.machine));
  }
  docs.set(`${docsDir}/README.md`, renderIndex(entries));
  return docs;
}

async function committedDocs(): Promise<Map<string, string>> {
  const dir = path.join(root, docsDir);
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.md') || name.endsWith('.machine.json'))
    .sort();
  const files = new Map<string, string>();
  for (const name of names) files.set(`${docsDir}/${name}`, await readFile(path.join(dir, name), 'utf8'));
  return files;
}

/** Paths whose committed content differs from what the machines generate (missing, changed or left over). */
export async function staleMachineDocs(): Promise<string[]> {
  const [expected, actual] = await Promise.all([renderMachineDocs(), committedDocs()]);
  const paths = new Set([...expected.keys(), ...actual.keys()]);
  return [...paths].filter((file) => expected.get(file) !== actual.get(file)).sort();
}

async function main(): Promise<void> {
  if (process.argv.includes('--check')) {
    const stale = await staleMachineDocs();
    if (stale.length) {
      console.error(`${staleMessage}\n${stale.map((file) => `  ${file}`).join('\n')}`);
      process.exitCode = 1;
    } else console.log('docs/machines is up to date');
    return;
  }
  const docs = await renderMachineDocs();
  await mkdir(path.join(root, docsDir), { recursive: true });
  for (const file of (await committedDocs()).keys()) {
    if (!docs.has(file)) await rm(path.join(root, file));
  }
  for (const [file, content] of docs) await writeFile(path.join(root, file), content);
  console.log(`wrote ${[...docs.keys()].join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
