/**
 * Draws GST documents on a thread of their own, started at the first document and kept: laying out a PDF is CPU work
 * that would otherwise hold the event loop, and every order confirmation carries one. A thread that fails or exits
 * fails the documents it was drawing (their mails are retried) and the next document starts a new one.
 */
import type { Worker } from 'node:worker_threads';
import type { TaxDocument } from '../../../domain/tax-document';
import { startThread } from '../../worker-thread';
import type { DrawAnswer, DrawRequest } from './document-pdf.thread';

interface Drawing {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

let thread: Worker | undefined;
const drawing = new Map<number, Drawing>();
let lastId = 0;

function drawingThread(): Worker {
  if (thread) return thread;
  // Unless the command line sets the young generation for every thread (embedded-server.ts says so too).
  const started = startThread('document-pdf.thread', import.meta.url, { resourceLimits: { maxYoungGenerationSizeMb: 8 } });
  started.on('message', (answer: DrawAnswer) => {
    const waiting = drawing.get(answer.id);
    drawing.delete(answer.id);
    if ('pdf' in answer) waiting?.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else waiting?.reject(new Error(`The document could not be drawn: ${answer.failure}`));
  });
  const stopped = (error: Error) => {
    if (thread === started) thread = undefined;
    for (const waiting of drawing.values()) waiting.reject(error);
    drawing.clear();
  };
  started.on('error', stopped);
  started.on('exit', (code) => stopped(new Error(`The document drawing thread stopped (exit code ${code}).`)));
  // An idle thread keeps no process alive; one drawing a document keeps it until the answer (ref while drawing).
  started.unref();
  thread = started;
  return started;
}

/** The document as a PDF, drawn on the drawing thread. */
export function drawTaxDocument(doc: TaxDocument): Promise<Buffer> {
  const worker = drawingThread();
  const id = (lastId += 1);
  return new Promise<Buffer>((resolve, reject) => {
    if (drawing.size === 0) worker.ref();
    drawing.set(id, { resolve, reject });
    worker.postMessage({ id, doc } satisfies DrawRequest);
  }).finally(() => {
    if (drawing.size === 0 && thread === worker) worker.unref();
  });
}
