// A report's Download CSV button (issue 41): the report-download machine fetches the file for the query the screen
// gives and saves it; a refusal shows the server's words under the button.
import { Button, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { reportDownloadMachine } from '../../../machines/report-download.machine';
import type { ReportQuery } from '../../../machines/report-download.machine';
import type { ReportFile } from '../../api/reports';
import { appActorOptions } from '../../app/inspection';
import { saveFile } from '../../app/save-file';

export interface ReportDownloadButtonProps<Query extends ReportQuery> {
  label: string;
  query: Query;
  fetchFile: (query: Query) => Promise<ReportFile>;
}

export function ReportDownloadButton<Query extends ReportQuery>({ label, query, fetchFile }: ReportDownloadButtonProps<Query>) {
  const [snapshot, send] = useActor(
    reportDownloadMachine.provide({
      actors: {
        downloadFile: fromPromise<void, ReportQuery>(async ({ input }) => {
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
    <Stack gap="1.5" align={{ base: 'stretch', sm: 'flex-start' }}>
      <Button colorPalette="leaf" rounded="full" loading={busy} loadingText="Downloading…" onClick={() => send({ type: 'file.download', query })}>
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
