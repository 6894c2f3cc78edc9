// The orders export on the Purchase Order List (issue 41): a period of India days (the last 30 by default) and a
// status, downloaded as CSV with each order's GST split (docs/api.md "Reports").
import { useState } from 'react';
import { Field, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { addIndiaDays, indiaDateOf } from '../../../domain/india-time';
import { dashboardDefaultDays, exportStatuses } from '../../../domain/reports';
import type { ExportStatus } from '../../../domain/reports';
import { getOrdersCsv } from '../../api/reports';
import { FileDownloadButton } from '../../components/file-download-button';

const statusLabels: Record<ExportStatus, string> = {
  all: 'Every status',
  created: 'Created',
  Dispatched: 'Dispatched',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};

export function OrdersExport() {
  const [to, setTo] = useState(() => indiaDateOf(new Date()));
  const [from, setFrom] = useState(() => addIndiaDays(indiaDateOf(new Date()), -(dashboardDefaultDays - 1)));
  const [status, setStatus] = useState<ExportStatus>('all');
  return (
    <Stack as="section" aria-labelledby="orders-export" gap="3" mb="6" pb="6" borderBottomWidth="1px" borderColor="brand.line">
      <Heading as="h2" id="orders-export" fontFamily="body" fontSize="sm" fontWeight="bold" letterSpacing="widest">
        EXPORT ORDERS
      </Heading>
      <Text fontSize="sm" color="brand.muted">
        Paid orders of a period as a spreadsheet (CSV): times in IST, taxable value, CGST, SGST, IGST and place of supply.
      </Text>
      <Flex gap="3" align={{ base: 'stretch', md: 'flex-end' }} direction={{ base: 'column', md: 'row' }} wrap="wrap">
        <Field.Root w={{ base: 'full', md: '44' }}>
          <Field.Label>Paid from</Field.Label>
          <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </Field.Root>
        <Field.Root w={{ base: 'full', md: '44' }}>
          <Field.Label>Paid to</Field.Label>
          <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </Field.Root>
        <Field.Root w={{ base: 'full', md: '48' }}>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={status} onChange={(event) => setStatus(event.target.value as ExportStatus)}>
              {exportStatuses.map((value) => (
                <option key={value} value={value}>
                  {statusLabels[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <FileDownloadButton label="Download CSV" query={{ from, to, status }} fetchFile={getOrdersCsv} />
      </Flex>
    </Stack>
  );
}
