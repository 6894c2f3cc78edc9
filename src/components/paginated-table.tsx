// The admin lists' table (SPEC.md §2 "Admin screens"): paginated on the client with page sizes 5, 10, 15, 20, 25,
// 50, 75, 100 (default 5), "No records found" when empty, N/A for missing values, and rows that open their record.
// A row is a link for the keyboard and for screen readers too: its first cell holds the anchor.
import { useId, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Box, Button, HStack, NativeSelect, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { adminPageSizes, defaultAdminPageSize } from '../../domain/limits';

export const notAvailable = 'N/A';
export const noRecordsFound = 'No records found';

export interface Column<Row> {
  header: string;
  /** The cell; null, undefined and '' show N/A. */
  cell: (row: Row) => ReactNode;
  /** Long texts wrap within this width… */
  maxW?: string;
  /** …but never narrower than this (by default 10rem for wrapping columns), so a phone's scroll keeps them legible. */
  minW?: string;
  numeric?: boolean;
}

export interface PaginatedTableProps<Row> {
  /** The table's accessible name (its caption). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Where a row leads, if rows open a record. */
  rowHref?: (row: Row) => string;
  /** The row link's accessible name, e.g. "Open category 3". */
  rowLabel?: (row: Row) => string;
}

const interactiveElements = 'a, button, input, select, textarea, label';

const shown = (value: ReactNode): ReactNode => (value === null || value === undefined || value === '' ? notAvailable : value);

export function PaginatedTable<Row>({ caption, columns, rows, rowKey, rowHref, rowLabel }: PaginatedTableProps<Row>) {
  const navigate = useNavigate();
  const [pageSize, setPageSize] = useState<number>(defaultAdminPageSize);
  const [page, setPage] = useState(0);
  const pageSizeId = useId();
  const captionId = useId();
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pageCount - 1);
  const visible = rows.slice(current * pageSize, current * pageSize + pageSize);
  const first = rows.length === 0 ? 0 : current * pageSize + 1;
  const last = current * pageSize + visible.length;

  // A click on a link or control inside the row (the row's own link, a tracking link) is theirs, and a drag that
  // selected text (copying an e-mail) is not a request to leave the page.
  const openRow = (event: MouseEvent<HTMLElement>, href: string) => {
    if (event.target instanceof Element && event.target.closest(interactiveElements)) return;
    if (!(window.getSelection()?.isCollapsed ?? true)) return;
    navigate(href);
  };

  return (
    <Box>
      {/* On a phone the table scrolls sideways: a named, focusable region lets the keyboard scroll it too, also when no
          row holds a link to focus (WCAG 2.1.1). */}
      <Table.ScrollArea
        borderWidth="1px"
        borderColor="brand.line"
        rounded="lg"
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.leaf', outlineOffset: '2px' }}
      >
        <Table.Root size="sm" interactive={Boolean(rowHref)} stickyHeader fontVariantNumeric="normal">
          <Table.Caption id={captionId} captionSide="top" textAlign="left" srOnly>
            {caption}
          </Table.Caption>
          <Table.Header>
            <Table.Row bg="brand.leafSoft">
              {columns.map((column) => (
                <Table.ColumnHeader key={column.header} color="brand.ink" fontWeight="semibold" whiteSpace="nowrap" textAlign={column.numeric ? 'end' : 'start'}>
                  {column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {visible.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={columns.length} textAlign="center" py="10" color="brand.muted">
                  {noRecordsFound}
                </Table.Cell>
              </Table.Row>
            ) : (
              visible.map((row) => {
                const href = rowHref?.(row);
                return (
                  <Table.Row
                    key={rowKey(row)}
                    cursor={href ? 'pointer' : undefined}
                    onClick={href ? (event) => openRow(event, href) : undefined}
                    verticalAlign="top"
                  >
                    {columns.map((column, index) => (
                      <Table.Cell
                        key={column.header}
                        maxW={column.maxW}
                        minW={column.minW ?? (column.maxW ? '40' : undefined)}
                        textAlign={column.numeric ? 'end' : 'start'}
                        fontVariantNumeric={column.numeric ? 'tabular-nums' : undefined}
                        whiteSpace={column.maxW ? 'normal' : 'nowrap'}
                        overflowWrap="anywhere"
                      >
                        {href && index === 0 ? (
                          <RouterLink to={href} aria-label={rowLabel?.(row)}>
                            {shown(column.cell(row))}
                          </RouterLink>
                        ) : (
                          shown(column.cell(row))
                        )}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>

      <HStack justify="space-between" mt="4" gap="3" wrap="wrap">
        <HStack gap="2">
          <Text asChild fontSize="sm" color="brand.muted" whiteSpace="nowrap">
            <label htmlFor={pageSizeId}>Rows per page</label>
          </Text>
          <NativeSelect.Root size="sm" width="20">
            <NativeSelect.Field
              id={pageSizeId}
              bg="white"
              value={pageSize}
              onChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
            >
              {adminPageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <HStack gap="3">
          <Text fontSize="sm" color="brand.muted" aria-live="polite">
            {first}–{last} of {rows.length}
          </Text>
          <Button size="sm" variant="outline" colorPalette="leaf" rounded="full" onClick={() => setPage(current - 1)} disabled={current === 0} aria-label="Previous page">
            ‹ Prev
          </Button>
          <Button size="sm" variant="outline" colorPalette="leaf" rounded="full" onClick={() => setPage(current + 1)} disabled={current >= pageCount - 1} aria-label="Next page">
            Next ›
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
