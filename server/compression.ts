/**
 * How the shop compresses answers, in one place: the app's compression plugin (app.ts) and the bench's ceiling server
 * both follow it.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export const compression = {
  encodings: ['br', 'gzip'] as const,
  /** Bytes below which an answer goes uncompressed. */
  threshold: 1024,
  // On-the-fly brotli at the default quality 11 costs far more CPU than it saves bytes.
  brotliParams: { [zlib.BROTLI_PARAM_QUALITY]: 4 },
};

export type Encoding = (typeof compression.encodings)[number];

/** The first of the shop's encodings (br before gzip) that an Accept-Encoding header allows (a q of 0 refuses one). */
export function acceptedEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const allowed = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return compression.encodings.find((encoding) => allowed.has(encoding));
}

/** `text` compressed once, ahead of many answers: brotli at its best quality, which costs little done only once. */
export function compressedOnce(text: string, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(text) : gzipSync(text, { level: 9 });
}
