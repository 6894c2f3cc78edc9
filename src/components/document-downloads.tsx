// The buttons that download an order's GST documents (issue 41), in My Account's orders and the admin's order page.
// A failed download is reported in a notice; nothing else on the page changes.
import { Button, HStack } from '@chakra-ui/react';
import type { OrderDocumentNumbers } from '../../domain/document-numbers';
import type { DocumentSeries } from '../api/document-file';
import { toastDurations } from '../../domain/limits';
import { showNotice } from '../app/show-notice';

export function DocumentDownloads({ documents, download }: { documents: OrderDocumentNumbers | undefined; download: (series: DocumentSeries) => Promise<void> }) {
  if (!documents?.invoice && !documents?.creditNote) return null;
  const save = (series: DocumentSeries) => () => {
    download(series).catch((error: unknown) => {
      console.error('document download failed', error);
      showNotice({ kind: 'error', message: 'The document could not be downloaded just now. Please try again.', duration: toastDurations.default });
    });
  };
  return (
    <HStack gap="2" wrap="wrap">
      {documents.invoice ? (
        <Button size="sm" variant="outline" colorPalette="leaf" rounded="full" onClick={save('invoice')} aria-label={`Download invoice ${documents.invoice}`}>
          Download invoice
        </Button>
      ) : null}
      {documents.creditNote ? (
        <Button size="sm" variant="outline" colorPalette="leaf" rounded="full" onClick={save('credit_note')} aria-label={`Download credit note ${documents.creditNote}`}>
          Download credit note
        </Button>
      ) : null}
    </HStack>
  );
}
