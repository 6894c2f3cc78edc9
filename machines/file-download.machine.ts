// A file's download for a query (issue 41: the reports' CSV files, an order's GST documents): one download at a time,
// with the query it was asked with; a refusal shows the server's words by the button, a failure a retry hint.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorOf } from './actor-events';
import { failureOf } from './call-failure';

export const fileDownloadTexts = {
  failed: 'The file could not be downloaded. Please try again.',
} as const;

export type FileQuery = Record<string, string>;

export interface FileDownloadContext {
  query: FileQuery | null;
  /** Why the last download did not happen; null when it did (or none was asked for). */
  refusal: string | null;
}

export type FileDownloadEvent = { type: 'file.download'; query: FileQuery };

export const fileDownloadMachine = setup({
  types: {} as { context: FileDownloadContext; events: FileDownloadEvent },
  actors: {
    /** Fetches the file for the query and hands it to the browser to save. */
    downloadFile: fromPromise<void, FileQuery>(() => Promise.reject(new Error('provided by the view'))),
  },
  actions: {
    startDownload: assign(({ event }) => {
      assertEvent(event, 'file.download');
      return { query: event.query, refusal: null };
    }),
    keepFailure: assign({
      refusal: ({ event }) => {
        const failure = failureOf(errorOf(event, 'downloadFile'));
        return failure.status !== null && failure.status < 500 && failure.serverMessage ? failure.serverMessage : fileDownloadTexts.failed;
      },
    }),
  },
}).createMachine({
  id: 'fileDownload',
  context: { query: null, refusal: null },
  initial: 'ready',
  states: {
    // The Download button enabled.
    ready: {
      on: { 'file.download': { target: 'downloading', actions: 'startDownload' } },
    },
    // The button busy until the file is saved or refused.
    downloading: {
      invoke: {
        id: 'downloadFile',
        src: 'downloadFile',
        input: ({ context }) => context.query ?? {},
        onDone: { target: 'ready' },
        onError: { target: 'ready', actions: 'keepFailure' },
      },
    },
  },
});
