/**
 * The reports' CSV files (issue 41), streamed: rows go through csv-stringify as they are read, never built whole.
 * A UTF-8 byte order mark first, so that spreadsheet programs read ₹ and Indian names right; times in IST; amounts
 * in rupees with two decimals; text that a spreadsheet would run as a formula is defused with a leading quote.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Stringifier } from 'csv-stringify';
import { indiaOffsetMs } from '../../../domain/india-time';
import type { Paise } from '../../../domain/money';

/** "1250.00": what a spreadsheet reads as a number. */
export const csvRupees = (paise: Paise): string => (paise / 100).toFixed(2);

/** "2026-12-02 16:05:09", the wall clock in India. */
export const csvIndiaTime = (at: Date | null): string => (at === null ? '' : new Date(at.getTime() + indiaOffsetMs).toISOString().slice(0, 19).replace('T', ' '));

/** A cell beginning with = + - @ (or a tab or return) would be a formula in a spreadsheet (CSV injection). */
export const csvText = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * A CSV stream of the rows an async source yields, with a header row and a BOM. A failure after the first bytes
 * can only end the stream: `onError` is told (for the log), the client gets a cut file.
 */
export function csvStream<T>(header: readonly string[], rows: AsyncIterable<T>, toCells: (row: T) => readonly string[], onError: (error: unknown) => void): Stringifier {
  const csv = stringify({ bom: true, header: true, columns: [...header], record_delimiter: 'windows' });
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield toCells(row);
    })(),
  );
  pipeline(records, csv).catch(onError);
  return csv;
}

export const csvHeaders = (fileName: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});
