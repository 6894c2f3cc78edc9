/**
 * The same-run ceiling: a bare Fastify process that serves one precomputed response (the real server's catalogue
 * bytes, already compressed the way the real server would) with nothing in front of it — no database, no validation,
 * no security headers. What the machine reaches for this payload is the reference the shop's routes are judged by.
 *
 * Env: PORT, HOST, CEILING_BODY (a file holding the JSON bytes; optional: without it only /ready answers).
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { compression } from '../../server/compression';

const app = Fastify({ logger: false });
app.get('/ready', async () => ({ status: 'ok' }));

const bodyFile = process.env.CEILING_BODY;
if (bodyFile) {
  const identity = readFileSync(bodyFile);
  // Precomputed once: the real server's own choice (server/compression.ts) without its per-request cost.
  const br = brotliCompressSync(identity, { params: compression.brotliParams });
  const gzip = gzipSync(identity);
  const etag = process.env.CEILING_ETAG ?? '"ceiling"';
  app.get('/catalogue', async (request, reply) => {
    const accepted = request.headers['accept-encoding'] ?? '';
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding');
    if (identity.length < compression.threshold) return reply.send(identity);
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzip);
    return reply.send(identity);
  });
}

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
