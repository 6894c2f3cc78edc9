// The download of an order's GST document (issue 41): fetched with the caller's token (a plain link would carry
// none), then handed to the browser as a file named as the server names it.
import type { KyResponse } from 'ky';

export type DocumentSeries = 'invoice' | 'credit_note';

/** Saves the PDF answer as the file its Content-Disposition names. */
export async function saveDocument(response: KyResponse): Promise<void> {
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'document.pdf';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
