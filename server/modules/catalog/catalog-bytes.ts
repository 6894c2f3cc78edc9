/**
 * The cached catalogue as bytes: serialized (checked against the route's reply schema, as the serializer would) once
 * per cache entry, and compressed once per encoding, instead of on every request. Profiling the catalogue under load
 * showed per-request JSON serialization and brotli as the bulk of its cost; the entry is public, so its bytes are too.
 * Remembered per cache entry object, so whatever forgets the entry (catalog.cache.ts) forgets its bytes with it. Once
 * made, they can be had without waiting (`readyCatalogBytes`), for an answer given before the route's handler runs.
 */
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { compression } from '../../compression';
import type { Cached } from './catalog.cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const encoders = {
  br: (bytes: Buffer) => brotli(bytes, { params: compression.brotliParams }),
  gzip: (bytes: Buffer) => gzipAsync(bytes),
} as const;
type Encoding = keyof typeof encoders;

interface Encoded {
  identity: Buffer;
  /** Being compressed (a promise), then compressed (the bytes themselves). */
  compressed: Partial<Record<Encoding, Promise<Buffer> | Buffer>>;
}

/** What a catalogue request is answered with: the entry's bytes, compressed with `encoding` unless it is null. */
export interface CatalogBytes {
  body: Buffer;
  encoding: Encoding | null;
}

const encodedEntries = new WeakMap<object, Encoded>();

function encodedOf(entry: object, serialize: () => unknown): Encoded {
  let encoded = encodedEntries.get(entry);
  if (!encoded) {
    encoded = { identity: Buffer.from(JSON.stringify(serialize())), compressed: {} };
    encodedEntries.set(entry, encoded);
  }
  return encoded;
}

/**
 * Clients send one of a few Accept-Encoding values, request after request; each is parsed once (2.7 % of the
 * catalogue's CPU under load when parsed every time). Bounded in number and length, as the header is the client's.
 */
const chosenEncodings = new Map<string, Encoding | null>();
const rememberedChoices = { count: 64, length: 256 } as const;

/** The encoding to answer with: br, then gzip (compression.encodings), when the client accepts it (a `;q=0` refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const remembered = chosenEncodings.get(acceptEncoding);
  if (remembered !== undefined) return remembered;
  const chosen = parseAcceptEncoding(acceptEncoding);
  if (acceptEncoding.length <= rememberedChoices.length) {
    if (chosenEncodings.size >= rememberedChoices.count) chosenEncodings.clear();
    chosenEncodings.set(acceptEncoding, chosen);
  }
  return chosen;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding | null {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  if (accepted.has('*')) return 'br';
  return null;
}

function encodingFor(request: FastifyRequest, encoded: Encoded): Encoding | null {
  return encoded.identity.length >= compression.threshold ? chooseEncoding(request.headers['accept-encoding']) : null;
}

/**
 * The bytes of `shape` (built from the cached entry) for this request's Accept-Encoding, made now and kept with the
 * entry if they are not yet. `schema` is the route's 200 reply schema: the shape is checked against it once, where the
 * serializer would check every time.
 */
export async function catalogBytes<T>(
  request: FastifyRequest,
  entry: Cached<T>,
  schema: z.ZodMiniType,
  shape: (value: T) => unknown,
): Promise<CatalogBytes> {
  const encoded = encodedOf(entry, () => schema.parse(shape(entry.value)));
  const encoding = encodingFor(request, encoded);
  if (!encoding) return { body: encoded.identity, encoding };
  const body = await (encoded.compressed[encoding] ??= encoders[encoding](encoded.identity).then(
    (bytes) => (encoded.compressed[encoding] = bytes),
  ));
  return { body, encoding };
}

/** The same bytes without waiting: undefined until `catalogBytes` has made them for this entry and encoding. */
export function readyCatalogBytes(request: FastifyRequest, entry: object): CatalogBytes | undefined {
  const encoded = encodedEntries.get(entry);
  if (!encoded) return undefined;
  const encoding = encodingFor(request, encoded);
  if (!encoding) return { body: encoded.identity, encoding };
  const body = encoded.compressed[encoding];
  return Buffer.isBuffer(body) ? { body, encoding } : undefined;
}

export function sendCatalogBytes(reply: FastifyReply, bytes: CatalogBytes): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (bytes.encoding) reply.header('content-encoding', bytes.encoding);
  return reply.send(bytes.body);
}
