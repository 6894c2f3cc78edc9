// How docs/machines' Mermaid diagrams name a state (scripts/docs-machines.ts), which /dev/inspect's diagram marks too.

/** Mermaid identifiers allow letters, digits and underscores only; the path keeps nested names unique. */
export function mermaidStateId(path: readonly string[]): string {
  return path.map((part) => part.replace(/[^A-Za-z0-9]/g, '_')).join('__') || 'root';
}
