/**
 * Numbering and storing a GST document (issue 41). The number is taken from the series' counter row for the financial
 * year with `insert … on conflict do update … returning`, in the statement (and so the transaction) that causes the
 * document: concurrent issuers, on one database or across instances, queue on that row; one that rolls back gives its
 * number back. So numbers are consecutive, without gaps or duplicates, on PGlite and PostgreSQL alike.
 */
import { eq, and, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { financialYearOf, sequenceDigits } from '../../../domain/shop-settings';
import type { ShopSettings } from '../../../domain/shop-settings';
import type { TaxDocument, TaxDocumentKind } from '../../../domain/tax-document';
import type { Database, Transaction } from '../../db/client';
import { taxDocuments } from '../../db/schema';
import type { DocumentBody } from './document-body';

export type DocumentSeries = 'invoice' | 'credit_note';

/** Tax invoices and bills of supply share the invoice series; credit notes have their own (rule 46, rule 49). */
export const seriesOf = (kind: TaxDocumentKind): DocumentSeries => (kind === 'credit_note' ? 'credit_note' : 'invoice');

const prefixOf = (series: DocumentSeries, settings: ShopSettings) => (series === 'invoice' ? settings.invoicePrefix : settings.creditNotePrefix);

/**
 * Two `with` entries, `numbered` and `issued`, that number and store `body` for the order id `orderIds` returns (none
 * or one): for a statement that decides in itself whether the document is due (the settling statement's `paid`).
 */
export function issueDocumentCtes(body: DocumentBody, settings: ShopSettings, orderIds: SQL, at: Date): SQL {
  const series = seriesOf(body.kind);
  const year = financialYearOf(body.issuedOn);
  // The number's shape is domain/shop-settings.ts documentNumber's, spelled in SQL as the sequence is known only here.
  const number = sql`${prefixOf(series, settings)}::text || '/' || ${year}::text || '/' || lpad(numbered.last_sequence::text, ${sequenceDigits}, '0')`;
  return sql`numbered as (
      insert into document_counters (series, financial_year, last_sequence)
      select ${series}::text, ${year}::text, 1 from (${orderIds}) as issuing
      on conflict (series, financial_year) do update set last_sequence = document_counters.last_sequence + 1
      returning last_sequence
    ), issued as (
      insert into tax_documents (order_id, kind, series, financial_year, sequence, number, issued_at, body)
      select issuing.id, ${body.kind}::text, ${series}::text, ${year}::text, numbered.last_sequence, ${number},
        ${at.toISOString()}::timestamptz, ${JSON.stringify(body)}::jsonb
      from (${orderIds}) as issuing, numbered
      returning id, number
    )`;
}

/** The numbers of an order's documents, as columns of a select over `orders` (the orders lists' download buttons). */
export const documentNumberColumns = {
  // "orders"."id" spelled out: Drizzle writes a one-table select's columns unqualified, and a bare "id" inside the
  // subquery would be the document's own id.
  invoiceNumber: sql<string | null>`(select d.number from tax_documents d where d.order_id = "orders"."id" and d.series = 'invoice')`,
  creditNoteNumber: sql<string | null>`(select d.number from tax_documents d where d.order_id = "orders"."id" and d.series = 'credit_note')`,
};

/** Issues `body` for order `orderId` in the caller's transaction; its number. */
export async function issueDocument(tx: Database | Transaction, body: DocumentBody, settings: ShopSettings, orderId: number, at: Date): Promise<string> {
  const result = await tx.execute(
    sql`with ${issueDocumentCtes(body, settings, sql`select ${orderId}::integer as id`, at)} select number from issued`,
  );
  return (result as unknown as { rows: { number: string }[] }).rows[0]!.number;
}

/** The order's stored document of a series, as issued; undefined when it has none. */
export async function storedDocument(db: Database | Transaction, orderId: number, series: DocumentSeries): Promise<TaxDocument | undefined> {
  const [row] = await db
    .select({ number: taxDocuments.number, body: taxDocuments.body })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.series, series)))
    .limit(1);
  return row ? { ...(row.body as DocumentBody), number: row.number } : undefined;
}

