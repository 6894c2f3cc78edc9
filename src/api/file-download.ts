// A file fetched with the caller's token (a plain link would carry none): the reports' CSV files and an order's GST
// documents, named as the server's Content-Disposition names them. The view hands it to the browser (app/save-file.ts).
import { toCallError } from './call-error';
import { api } from './client';

export interface DownloadedFile {
  name: string;
  content: Blob;
}

/** An order's GST document series: its tax invoice (or bill of supply), or its credit note. */
export type DocumentSeries = 'invoice' | 'credit_note';

/** GETs `path` as a file; a refusal or failure comes back as a call error with the server's words. */
export async function downloadedFile(path: string, searchParams: Record<string, string | number>, fallbackName: string): Promise<DownloadedFile> {
  try {
    const response = await api.get(path, { searchParams });
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
    return { name, content: await response.blob() };
  } catch (error) {
    throw await toCallError(error);
  }
}
