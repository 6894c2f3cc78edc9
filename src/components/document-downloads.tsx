// The buttons that download an order's GST documents (issue 41), in My Account's orders and the admin's order page:
// each a file-download button, which says under it why a download was refused or failed.
import { HStack } from '@chakra-ui/react';
import type { OrderDocumentNumbers } from '../../domain/document-numbers';
import type { DocumentSeries, DownloadedFile } from '../api/file-download';
import { FileDownloadButton } from './file-download-button';

export function DocumentDownloads({
  documents,
  fetchDocument,
}: {
  documents: OrderDocumentNumbers | undefined;
  fetchDocument: (series: DocumentSeries) => Promise<DownloadedFile>;
}) {
  if (!documents?.invoice && !documents?.creditNote) return null;
  const fetchFile = ({ series }: { series: DocumentSeries }) => fetchDocument(series);
  return (
    <HStack gap="2" wrap="wrap" align="flex-start">
      {documents.invoice ? (
        <FileDownloadButton compact label="Download invoice" ariaLabel={`Download invoice ${documents.invoice}`} query={{ series: 'invoice' }} fetchFile={fetchFile} />
      ) : null}
      {documents.creditNote ? (
        <FileDownloadButton
          compact
          label="Download credit note"
          ariaLabel={`Download credit note ${documents.creditNote}`}
          query={{ series: 'credit_note' }}
          fetchFile={fetchFile}
        />
      ) : null}
    </HStack>
  );
}
