// A report's CSV download (issue 41: the orders export, the month's GST report): one download at a time, with the
// query it was asked with; a refusal shows the server's words by the button, a failure a retry hint.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorOf } from './actor-events';
import { failureOf } from './call-failure';

export const reportDownloadTexts = {
  failed: 'The file could not be downloaded. Please try again.',
} as const;

export type ReportQuery = Record<string, string>;

export interface ReportDownloadContext {
  query: ReportQuery | null;
  /** Why the last download did not happen; null when it did (or none was asked for). */
  refusal: string | null;
}

export type ReportDownloadEvent = { type: 'file.download'; query: ReportQuery };

export const reportDownloadMachine = setup({
  types: {} as { context: ReportDownloadContext; events: ReportDownloadEvent },
  actors: {
    /** Fetches the file for the query and hands it to the browser to save. */
    downloadFile: fromPromise<void, ReportQuery>(() => Promise.reject(new Error('provided by the view'))),
  },
  actions: {
    startDownload: assign(({ event }) => {
      assertEvent(event, 'file.download');
      return { query: event.query, refusal: null };
    }),
    keepFailure: assign({
      refusal: ({ event }) => {
        const failure = failureOf(errorOf(event, 'downloadFile'));
        return failure.status !== null && failure.status < 500 && failure.serverMessage ? failure.serverMessage : reportDownloadTexts.failed;
      },
    }),
  },
}).createMachine({
  id: 'reportDownload',
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
