// /admingstreport (issue 41): a month's GST figures (?month=YYYY-MM, last month by default) as the accountant files the
// return from them: taxed sales by rate, intra-state (CGST + SGST) and inter-state (IGST), the B2C table by place of
// supply and rate, exempt sales apart; and the same as CSV (docs/operations.md "GST report").
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Field, Flex, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { indiaDateOf } from '../../../domain/india-time';
import { formatPaise } from '../../../domain/money';
import { gstReportQuery } from '../../../domain/reports';
import type { GstReport } from '../../../domain/reports';
import { getGstCsv, getGstReport } from '../../api/reports';
import { useRemote } from '../../app/use-remote';
import { AdminListLoad } from './admin-list';
import { AdminPage } from './admin-page';
import { FileDownloadButton } from '../../components/file-download-button';

const title = 'GST report';

/** The month before today's in India: the one whose return is due. */
function lastMonth(): string {
  const [year, month] = indiaDateOf(new Date()).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

const supplyLabels = { intra: 'Intra-state (CGST + SGST)', inter: 'Inter-state (IGST)' } as const;

export function GstReportPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = gstReportQuery.safeParse({ month: asked }).success ? asked : lastMonth();
  // Retry is a new attempt: a new key makes useRemote load again.
  const [attempt, setAttempt] = useState(0);
  const report = useRemote(`gst-report:${month}:${attempt}`, () => getGstReport(month));
  return (
    <AdminPage title={title}>
      <Stack gap="6">
        <Flex gap="4" justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} direction={{ base: 'column', md: 'row' }}>
          <Field.Root w={{ base: 'full', md: '52' }}>
            <Field.Label>Month</Field.Label>
            <Input type="month" value={month} onChange={(event) => event.target.value && setParams({ month: event.target.value })} />
          </Field.Root>
          <FileDownloadButton label="Download CSV" query={{ month }} fetchFile={({ month: asked }) => getGstCsv(asked)} />
        </Flex>
        <AdminListLoad
          status={report.status === 'error' ? 'failed' : report.status}
          loadingLabel="Loading the GST figures…"
          onRetry={() => setAttempt((count) => count + 1)}
        >
          {report.status === 'ready' ? <Report report={report.data} /> : null}
        </AdminListLoad>
      </Stack>
    </AdminPage>
  );
}

function Section({ title: heading, note, children }: { title: string; note: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2">
      <Heading as="h2" fontFamily="body" fontSize="sm" fontWeight="bold" letterSpacing="widest" color="brand.ink">
        {heading}
      </Heading>
      <Text fontSize="xs" color="brand.muted">
        {note}
      </Text>
      <Box overflowX="auto">{children}</Box>
    </Stack>
  );
}

/** The four amounts of a row: taxable value, CGST, SGST, IGST. */
const taxCells = (row: GstReport['taxed']) => (
  <>
    {amount(row.taxablePaise)}
    {amount(row.cgstPaise)}
    {amount(row.sgstPaise)}
    {amount(row.igstPaise)}
  </>
);

function amount(paise: number) {
  return (
    <Table.Cell textAlign="end" whiteSpace="nowrap">
      {formatPaise(paise)}
    </Table.Cell>
  );
}

function TaxHeader({ first }: { first: readonly string[] }) {
  return (
    <Table.Header>
      <Table.Row>
        {first.map((header) => (
          <Table.ColumnHeader key={header}>{header}</Table.ColumnHeader>
        ))}
        {['Taxable value', 'CGST', 'SGST', 'IGST'].map((header) => (
          <Table.ColumnHeader key={header} textAlign="end">
            {header}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}

function Report({ report }: { report: GstReport }) {
  const exemptTotal = report.exempt.intraPaise + report.exempt.interPaise;
  return (
    <Stack gap="8">
      <Text fontSize="sm" color="brand.muted">
        {report.orders} paid {report.orders === 1 ? 'order' : 'orders'} from {report.from} to {report.to} (India days of payment), delivery fees at their own rate.
      </Text>
      <Section title="TAX BY RATE" note="GSTR-3B 3.1(a): outward taxable supplies, by rate and by intra- or inter-state supply.">
        <Table.Root size="sm" aria-label="Tax by rate">
          <TaxHeader first={['Rate', 'Supply']} />
          <Table.Body>
            {report.byRate.map((row) => (
              <Table.Row key={`${row.ratePercent}-${row.supply}`}>
                <Table.Cell>{row.ratePercent}%</Table.Cell>
                <Table.Cell>{supplyLabels[row.supply]}</Table.Cell>
                {taxCells(row)}
              </Table.Row>
            ))}
            <Table.Row fontWeight="semibold">
              <Table.Cell colSpan={2}>Total taxed</Table.Cell>
              {taxCells(report.taxed)}
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Section>
      <Section title="B2C BY STATE" note="GSTR-1 table 7 (B2C small): sales to unregistered buyers by place of supply and rate.">
        <Table.Root size="sm" aria-label="B2C by state">
          <TaxHeader first={['Place of supply', 'Rate']} />
          <Table.Body>
            {report.byState.map((row) => (
              <Table.Row key={`${row.state}-${row.ratePercent}`}>
                <Table.Cell>
                  {row.stateCode}-{row.state}
                </Table.Cell>
                <Table.Cell>{row.ratePercent}%</Table.Cell>
                {taxCells(row)}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Section>
      <Section title="NIL RATED AND EXEMPT" note="GSTR-1 table 8 and GSTR-3B 3.1(c): fresh and dried flowers (HSN 0603) and their exempt delivery fees.">
        <Table.Root size="sm" aria-label="Nil rated and exempt">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Supplies to unregistered persons</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Value</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            <Table.Row>
              <Table.Cell>Intra-state</Table.Cell>
              {amount(report.exempt.intraPaise)}
            </Table.Row>
            <Table.Row>
              <Table.Cell>Inter-state</Table.Cell>
              {amount(report.exempt.interPaise)}
            </Table.Row>
            <Table.Row fontWeight="semibold">
              <Table.Cell>Total exempt</Table.Cell>
              {amount(exemptTotal)}
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Section>
    </Stack>
  );
}
