// A file's download (a report's CSV, an order's GST document), model-based: every state and transition walked with
// held calls, checking that the download asks for the query it was given, one at a time, and that a refusal says the
// server's words and a failure the retry hint.
import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { EventFrom } from 'xstate';
import { fileDownloadMachine, fileDownloadTexts } from '../../machines/file-download.machine';
import type { FileQuery } from '../../machines/file-download.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof fileDownloadMachine>;

const november = { from: '2026-11-01', to: '2026-11-30', status: 'all' };
const refused = { status: 400, code: 'BAD_REQUEST', serverMessage: 'from must be on or before to' };

const modelEvents = [
  { type: 'file.download', query: november },
  { type: 'xstate.done.actor.downloadFile', output: undefined },
  { type: 'xstate.error.actor.downloadFile', error: refused },
  { type: 'xstate.error.actor.downloadFile', error: new TypeError('Failed to fetch') },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

function harness() {
  const calls = { downloads: [] as FileQuery[] };
  const { holding, settle } = heldCalls();
  const actor = createActor(fileDownloadMachine.provide({ actors: { downloadFile: holding<void, FileQuery>('downloadFile', calls.downloads) } }), {
    inspect: coverage.inspect,
  });
  actor.start();
  return { actor, calls, settle };
}

walkModel('file-download machine (model-based)', {
  machine: fileDownloadMachine,
  coverage,
  events: modelEvents,
  harness,
  steps: (h) => ({
    'file.download': () => {
      const downloads = h.calls.downloads.length;
      h.actor.send({ type: 'file.download', query: november });
      expect(h.calls.downloads).toHaveLength(downloads + 1);
      expect(h.calls.downloads.at(-1)).toEqual(november);
      expect(h.actor.getSnapshot().context.refusal).toBeNull();
    },
    'xstate.done.actor.downloadFile': async ({ event }) => {
      await h.settle(event);
      expect(h.actor.getSnapshot().context.refusal).toBeNull();
    },
    'xstate.error.actor.downloadFile': async ({ event }) => {
      await h.settle(event);
      const expected = (event.error as { status?: number }).status === 400 ? refused.serverMessage : fileDownloadTexts.failed;
      expect(h.actor.getSnapshot().context.refusal).toBe(expected);
    },
  }),
});
