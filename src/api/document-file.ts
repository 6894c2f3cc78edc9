// The download of an order's GST document (issue 41): fetched with the caller's token (a plain link would carry
// none), then handed to the browser as a file named as the server names it.
import type { KyResponse } from 'ky';
import { saveFile } from '../app/save-file';

export type DocumentSeries = 'invoice' | 'credit_note';

/** Saves the PDF answer as the file its Content-Disposition names. */
export async function saveDocument(response: KyResponse): Promise<void> {
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'document.pdf';
  saveFile(filename, await response.blob());
}
