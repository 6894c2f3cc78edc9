/**
 * What every answer of the fuzz run must satisfy: no 5xx; every refusal JSON `{ message, code }` (a HEAD answer has no
 * body, so only its type); and no row written by a refusal, unless its target names the rule that requires the write.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { FuzzTarget } from './fuzz-targets';
import type { Write } from './write-detector';

/** What is wrong with an answer; empty when nothing is. */
export function problemsOf(target: FuzzTarget, method: string, res: LightMyRequestResponse, writes: readonly Write[]): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) problems.push(`answered ${status}: ${clip(decoded(res))}`);
  if (status < 400) return problems;

  const refusal = refusalBody(res, method === 'HEAD');
  if (typeof refusal === 'string') problems.push(`refusal ${status} is not JSON { message, code }: ${refusal}`);
  const code = typeof refusal === 'string' ? undefined : refusal.code;
  if (writes.length > 0 && !requiredWrites(target, status, code, writes)) {
    problems.push(`refusal ${status} ${code ?? ''} wrote ${writes.map((w) => `${w.operation} ${w.table}`).join(', ')}`);
  }
  return problems;
}

/** The refusal's `{ message, code }`, or what is wrong with it. */
function refusalBody(res: LightMyRequestResponse, head: boolean): { message: string; code: string } | string {
  const type = String(res.headers['content-type'] ?? '');
  const text = decoded(res);
  if (!type.startsWith('application/json')) return `content-type '${type}', body ${clip(text)}`;
  if (head) return { message: '', code: '' };
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string' && typeof body.code === 'string') return { message: body.message, code: body.code };
  } catch {
    // reported below
  }
  return `body ${clip(text)}`;
}

/** Whether the writes are exactly what the spec requires of this refusal (a wrong code's counted try, a revoked family). */
function requiredWrites(target: FuzzTarget, status: number, code: string | undefined, writes: readonly Write[]): boolean {
  const rule = target.refusalWrites;
  if (!rule || rule.status !== status || code === undefined || !rule.codes.includes(code)) return false;
  return writes.every((write) => write.operation === 'UPDATE' && rule.tables.includes(write.table));
}

/** The body as text, uncompressed when the client accepted (and got) br, gzip or deflate. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = String(res.headers['content-encoding'] ?? '');
  try {
    if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
    if (encoding === 'deflate') return inflateSync(res.rawPayload).toString('utf8');
  } catch {
    return `<a ${encoding} body that does not decompress: ${res.rawPayload.length} bytes>`;
  }
  return res.body;
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
