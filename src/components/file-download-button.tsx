// A Download button (issue 41: the reports' CSV files, an order's GST documents): the file-download machine fetches
// the file for the query the screen gives and the browser saves it; a refusal or failure is said under the button.
import { Button, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { fileDownloadMachine } from '../../machines/file-download.machine';
import type { FileQuery } from '../../machines/file-download.machine';
import type { DownloadedFile } from '../api/file-download';
import { appActorOptions } from '../app/inspection';
import { saveFile } from '../app/save-file';

export interface FileDownloadButtonProps<Query extends FileQuery> {
  label: string;
  /** The button's accessible name when the label alone is not enough ("Download invoice PS/26-27/000001"). */
  ariaLabel?: string;
  query: Query;
  fetchFile: (query: Query) => Promise<DownloadedFile>;
  /** A small outlined button, as in an order's card; a full one for a report. */
  compact?: boolean;
}

export function FileDownloadButton<Query extends FileQuery>({ label, ariaLabel, query, fetchFile, compact = false }: FileDownloadButtonProps<Query>) {
  const [snapshot, send] = useActor(
    fileDownloadMachine.provide({
      actors: {
        downloadFile: fromPromise<void, FileQuery>(async ({ input }) => {
          // The machine holds the query the screen gave it: the same type as it went in.
          const file = await fetchFile(input as Query);
          saveFile(file.name, file.content);
        }),
      },
    }),
    appActorOptions,
  );
  const busy = snapshot.matches('downloading');
  return (
    <Stack gap="1.5" align={compact ? 'flex-start' : { base: 'stretch', sm: 'flex-start' }}>
      <Button
        colorPalette="leaf"
        rounded="full"
        {...(compact ? { size: 'sm', variant: 'outline' } : {})}
        aria-label={ariaLabel}
        loading={busy}
        loadingText="Downloading…"
        onClick={() => send({ type: 'file.download', query })}
      >
        {label}
      </Button>
      {snapshot.context.refusal ? (
        <Text role="alert" fontSize="sm" color="red.700">
          {snapshot.context.refusal}
        </Text>
      ) : null}
    </Stack>
  );
}
