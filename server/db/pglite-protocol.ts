/**
 * What the server's thread (pglite-proxy.ts) and the database thread (pglite-worker.ts) say to each other. Only
 * structured-cloneable data crosses: no functions, so type parsers go by name, and errors as their fields.
 */
import { types } from '@electric-sql/pglite';

export interface WorkerStart {
  dataDir: string | null;
  startParams: string[];
  /**
   * Set for a database not created yet: unpacked from `template` (pglite-template.ts), or made by initdb when it is null
   * and then, with `dumpAsTemplate`, sent back as the next new database's template.
   */
  newDatabase?: { template: Uint8Array<ArrayBuffer> | null; dumpAsTemplate: boolean };
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

/**
 * Drizzle's PGlite driver keeps dates, times, intervals and numeric arrays as PostgreSQL's text (its column types
 * parse them): the parsers it passes with every query are the identity for these types.
 */
export const parserSets = {
  drizzle: [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182],
} satisfies Record<string, number[]>;
export type ParserSet = keyof typeof parserSets;

interface Statement {
  id: number;
  /** The open transaction the statement belongs to; none runs it on its own, after any open transaction ends. */
  transaction?: number;
  sql: string;
  rowMode?: 'array' | 'object';
  parsers?: ParserSet;
}

export type ToWorker =
  | (Statement & { op: 'query'; params: unknown[] })
  | (Statement & { op: 'exec' })
  | { op: 'begin'; id: number; transaction: number }
  | { op: 'commit' | 'rollback'; id: number; transaction: number }
  | { op: 'close'; id: number };

export type FromWorker =
  /** `template`: the dump of a database initdb has just created, before anything else ran in it. */
  | { kind: 'ready'; template?: Uint8Array }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'answer'; id: number; result?: unknown }
  | { kind: 'refusal'; id: number; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** PostgreSQL's error (pg-protocol's DatabaseError), to be rebuilt as one. */
  fromPostgres: boolean;
  /** The error's own fields: code, constraint, detail, table, column, query, params… */
  fields: Record<string, unknown>;
}
