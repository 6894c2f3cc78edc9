/**
 * How the shop compresses answers, in one place: the app's compression plugin (app.ts), the catalogue's bytes that are
 * compressed once per cache entry (catalog-bytes.ts) and the bench's ceiling server all follow it.
 */
import { constants as zlib } from 'node:zlib';

export const compression = {
  encodings: ['br', 'gzip'] as const,
  /** Bytes below which an answer goes uncompressed. */
  threshold: 1024,
  // On-the-fly brotli at the default quality 11 costs far more CPU than it saves bytes.
  brotliParams: { [zlib.BROTLI_PARAM_QUALITY]: 4 },
};
