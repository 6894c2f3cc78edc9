/** The GST documents' drawing thread (document-pdf-thread.ts): draws each document it is sent and sends the PDF back. */
import { parentPort } from 'node:worker_threads';
import type { TaxDocument } from '../../../domain/tax-document';
import { renderTaxDocument } from './document-pdf';

export interface DrawRequest {
  id: number;
  doc: TaxDocument;
}

export type DrawAnswer = { id: number; pdf: Uint8Array } | { id: number; failure: string };

parentPort?.on('message', ({ id, doc }: DrawRequest) => {
  renderTaxDocument(doc).then(
    (pdf) => parentPort?.postMessage({ id, pdf } satisfies DrawAnswer),
    (error: unknown) => parentPort?.postMessage({ id, failure: error instanceof Error ? error.message : String(error) } satisfies DrawAnswer),
  );
});
