// The diagrams /dev/inspect draws: the Mermaid text of docs/machines (generated from machines/ by
// `npm run docs:machines`, and checked fresh by the tests), with the states an actor is in marked.
import type { StateValue } from 'xstate';
import { mermaidStateId } from './mermaid-state-id';
import { activeStatePaths } from './inspection-log';

const machineSection = /^## `\w+` \(id `([^`]+)`\)\n\n```mermaid\n([\s\S]*?)\n```/gm;

/** Each machine's diagram by its id, from the pages of docs/machines. */
export function diagramsByMachineId(pages: readonly string[]): Map<string, string> {
  return new Map(pages.flatMap((page) => [...page.matchAll(machineSection)].map(([, id, diagram]) => [id!, diagram!] as const)));
}

export const currentStateClass = 'current';

/** The diagram with the deepest states the actor is in drawn in the current-state style. */
export function markedDiagram(diagram: string, value: StateValue | undefined): string {
  const marks = activeStatePaths(value).map((path) => `  class ${mermaidStateId(path)} ${currentStateClass}`);
  if (!marks.length) return diagram;
  return [diagram, `  classDef ${currentStateClass} fill:#f9d3df,stroke:#a3224d,stroke-width:3px,color:#3b0a1c,font-weight:bold`, ...marks].join('\n');
}
