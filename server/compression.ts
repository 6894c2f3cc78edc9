/**
 * How the shop compresses answers, in one place: the app's compression plugin (app.ts) and the bench's ceiling server
 * both follow it.
 */
import { constants as zlib } from 'node:zlib';

export const compression = {
  encodings: ['br', 'gzip'] as const,
  /** Bytes below which an answer goes uncompressed. */
  threshold: 1024,
  // On-the-fly brotli at the default quality 11 costs far more CPU than it saves bytes.
  brotliParams: { [zlib.BROTLI_PARAM_QUALITY]: 4 },
};
