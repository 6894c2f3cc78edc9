/**
 * STUB (wip-docs41 only): the real renderer comes from the PDF helper's branch (wip-pdf41) and replaces this file at
 * merge. It returns a tiny PDF naming the document, deterministic like the real one must be (a retried mail carries
 * the same bytes).
 */
import type { TaxDocument } from '../../../domain/tax-document';

export async function renderTaxDocument(doc: TaxDocument): Promise<Buffer> {
  return Buffer.from(`%PDF-1.4\n% ${doc.kind} ${doc.number} ${doc.totals.totalPaise}\n%%EOF\n`, 'utf8');
}
