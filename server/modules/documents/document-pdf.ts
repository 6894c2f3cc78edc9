/**
 * Draws a GST document (domain/tax-document.ts) as an A4 PDF: a tax invoice, a bill of supply or a credit note. It
 * computes nothing but layout; every figure and word comes from the document as built.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import * as fontkit from 'fontkit';
import { indiaDateParts } from '../../../domain/india-time';
import { formatDocumentPaise } from '../../../domain/money';
import { type DocumentLine, type DocumentParty, type DocumentState, type TaxDocument, type TaxDocumentKind, taxDocumentTitles } from '../../../domain/tax-document';

/**
 * DejaVu Sans Condensed: it has the ₹ sign, which the standard PDF fonts lack, and is narrow enough for eleven
 * columns on A4. Read from the npm package (node_modules, as the server bundle leaves every package external), never
 * from the system; pdfkit embeds only the glyphs used.
 *
 * Parsed by fontkit once per process and handed to every document (pdfkit takes a fontkit font as well as a file):
 * from a file, each document would parse the font and its layout tables again, which was most of its drawing time.
 */
const fontFiles = { regular: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' } as const;
type FontName = keyof typeof fontFiles;
/** pdfkit's types list only files and buffers as font sources; its code takes a parsed fontkit font too. */
type ParsedFont = PDFKit.Mixins.PDFFontSource;
let fontData: Record<FontName, ParsedFont> | undefined;
function fonts(): Record<FontName, ParsedFont> {
  const require = createRequire(import.meta.url);
  const read = (file: string) => fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as unknown as ParsedFont;
  fontData ??= { regular: read(fontFiles.regular), bold: read(fontFiles.bold) };
  return fontData;
}

const page = { width: 595.28, height: 841.89, margin: 36 } as const;
const contentWidth = page.width - 2 * page.margin;
/** Below the content: the page footer ("Page 1 of 2"). */
const contentBottom = page.height - page.margin - 14;
const ink = '#111111';
const muted = '#555555';
const rule = '#9a9a9a';
const headerFill = '#ececec';
const size = { title: 17, heading: 8.5, body: 8.5, table: 7.5, small: 7 } as const;
const cellPad = 3;

type Doc = PDFKit.PDFDocument;

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: DocumentLine, index: number) => string;
}

const percent = (rateBp: number) => `${Number((rateBp / 100).toFixed(2))}%`;
const amount = formatDocumentPaise;

/** "3 December 2026": the month in words, so that no reader takes 03-12 for 12 March. */
function dateText(date: string): string {
  const { day, month } = indiaDateParts(date);
  return `${day} ${month} ${date.slice(0, 4)}`;
}

const stateText = (state: DocumentState) => `${state.name} (state code ${state.code})`;

/** Tax columns for any taxed document; a bill of supply (and a credit note for one) has none. */
function showsTax(doc: TaxDocument): boolean {
  if (doc.kind === 'tax_invoice') return true;
  if (doc.kind === 'bill_of_supply') return false;
  return doc.lines.some((line) => line.cgstRateBp + line.sgstRateBp + line.igstRateBp > 0);
}

/** What a document without tax columns says instead (rule 49 for a bill of supply). */
const exemptNote: Record<TaxDocumentKind, string> = {
  tax_invoice: '',
  bill_of_supply: 'Supply of goods exempt from GST: no tax is charged. Bill of supply under rule 49 of the CGST Rules, 2017.',
  credit_note: 'The goods credited were exempt from GST: no tax was charged and none is credited.',
};

function columnsFor(doc: TaxDocument): Column[] {
  const lead: Column[] = [
    { header: '#', width: 16, align: 'right', cell: (_, index) => String(index + 1) },
    { header: 'Description', width: 0, align: 'left', cell: (line) => line.description },
    { header: 'HSN', width: 32, align: 'left', cell: (line) => line.hsn },
    { header: 'Qty', width: 24, align: 'right', cell: (line) => String(line.quantity) },
    { header: 'Unit', width: 32, align: 'left', cell: (line) => line.unit },
    { header: 'Unit price (incl. tax)', width: 52, align: 'right', cell: (line) => amount(line.unitPricePaise) },
    // Only on a document with a discounted line: the discount shown on the invoice is what GST is not charged on.
    ...(doc.lines.some((line) => (line.discountPaise ?? 0) > 0)
      ? [{ header: 'Discount', width: 44, align: 'right' as const, cell: (line: DocumentLine) => ((line.discountPaise ?? 0) > 0 ? `-${amount(line.discountPaise!)}` : '') }]
      : []),
  ];
  const money = (header: string, width: number, cell: (line: DocumentLine) => string): Column => ({ header, width, align: 'right', cell });
  const tail: Column[] = !showsTax(doc)
    ? [money('Value of supply', 62, (line) => amount(line.totalPaise))]
    : [
        money('Taxable value', 56, (line) => amount(line.taxablePaise)),
        ...(doc.intraState
          ? [
              money('CGST rate', 26, (line) => percent(line.cgstRateBp)),
              money('CGST amount', 48, (line) => amount(line.cgstPaise)),
              money('SGST rate', 26, (line) => percent(line.sgstRateBp)),
              money('SGST amount', 48, (line) => amount(line.sgstPaise)),
            ]
          : [money('IGST rate', 28, (line) => percent(line.igstRateBp)), money('IGST amount', 52, (line) => amount(line.igstPaise))]),
        money('Total', 56, (line) => amount(line.totalPaise)),
      ];
  const columns = [...lead, ...tail];
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  columns[1]!.width = contentWidth - fixed;
  return columns;
}

function font(pdf: Doc, name: FontName, points: number, color = ink): Doc {
  return pdf.font(name).fontSize(points).fillColor(color);
}

/** Writes lines of text top-down from (x, y) within a width and returns the y below them. */
function textBlock(pdf: Doc, lines: { text: string; bold?: boolean; points?: number; color?: string }[], x: number, y: number, width: number): number {
  let at = y;
  for (const line of lines) {
    font(pdf, line.bold ? 'bold' : 'regular', line.points ?? size.body, line.color);
    pdf.text(line.text, x, at, { width });
    at += pdf.heightOfString(line.text, { width }) + 1;
  }
  return at;
}

/** The document's head on the first page: title, supplier, the document's particulars. */
function drawHead(pdf: Doc, doc: TaxDocument): number {
  const { supplier } = doc;
  const top = page.margin;
  const leftWidth = contentWidth * 0.56;
  font(pdf, 'bold', size.title).text(taxDocumentTitles[doc.kind], page.margin, top, { width: leftWidth });
  const supplierLines = [
    { text: supplier.tradeName, bold: true, points: 11 },
    ...(supplier.legalName === supplier.tradeName ? [] : [{ text: `Legal name: ${supplier.legalName}` }]),
    ...supplier.addressLines.map((text) => ({ text })),
    { text: `GSTIN: ${supplier.gstin}`, bold: true },
    { text: `State: ${stateText(supplier.state)}` },
  ];
  const leftBottom = textBlock(pdf, supplierLines, page.margin, top + 26, leftWidth);

  const numberLabel = { tax_invoice: 'Invoice No.', bill_of_supply: 'Bill No.', credit_note: 'Credit Note No.' }[doc.kind];
  const particulars: [string, string][] = [
    [numberLabel, doc.number],
    ['Date', dateText(doc.issuedOn)],
    ['Order No.', doc.orderNumber],
    ...(doc.against ? ([[showsTax(doc) ? 'Against invoice' : 'Against bill', `${doc.against.number} dated ${dateText(doc.against.issuedOn)}`]] as [string, string][]) : []),
    ['Place of supply', stateText(doc.placeOfSupply)],
    ['Reverse charge', doc.reverseCharge ? 'Yes' : 'No'],
  ];
  const boxX = page.margin + leftWidth + 12;
  const boxWidth = page.margin + contentWidth - boxX;
  const labelWidth = 72;
  font(pdf, 'regular', size.small, muted).text('Original for recipient', boxX, top + 4, { width: boxWidth, align: 'right' });
  let y = top + 26;
  for (const [label, value] of particulars) {
    font(pdf, 'regular', size.body, muted).text(label, boxX + cellPad, y + cellPad, { width: labelWidth });
    font(pdf, 'bold', size.body).text(value, boxX + cellPad + labelWidth, y + cellPad, { width: boxWidth - labelWidth - 2 * cellPad });
    y += Math.max(pdf.heightOfString(value, { width: boxWidth - labelWidth - 2 * cellPad }), 10) + 3;
  }
  pdf.lineWidth(0.6).strokeColor(rule).rect(boxX, top + 24, boxWidth, y - top - 24 + cellPad).stroke();
  return Math.max(leftBottom, y + cellPad) + 10;
}

function partyLines(heading: string, party: DocumentParty | null, fallback: string) {
  const head = { text: heading, bold: true, points: size.small, color: muted };
  if (!party) return [head, { text: fallback, color: muted }];
  return [
    head,
    { text: party.name, bold: true },
    ...party.addressLines.map((text) => ({ text })),
    { text: `State: ${stateText(party.state)}` },
    ...(party.phone ? [{ text: `Phone: ${party.phone}` }] : []),
  ];
}

/** Buyer and delivery address side by side in two boxes of equal height. */
function drawParties(pdf: Doc, doc: TaxDocument, top: number): number {
  const gap = 12;
  const width = (contentWidth - gap) / 2;
  const blocks = [
    partyLines('BILL TO (BUYER)', doc.buyer, ''),
    partyLines('DELIVER TO', doc.deliveryAddress, "Same as the buyer's address"),
  ];
  const bottoms = blocks.map((lines, index) => textBlock(pdf, lines, page.margin + index * (width + gap) + cellPad + 1, top + cellPad + 1, width - 2 * cellPad - 2));
  const bottom = Math.max(...bottoms) + cellPad;
  pdf.lineWidth(0.6).strokeColor(rule);
  for (const index of [0, 1]) pdf.rect(page.margin + index * (width + gap), top, width, bottom - top).stroke();
  return bottom + 12;
}

/**
 * The size to draw a figure at so that it stays on one line: an amount in crores too wide for its column is drawn
 * smaller rather than broken over two lines, where it would no longer read as one number.
 */
function fittedPoints(pdf: Doc, name: FontName, text: string, width: number, points: number): number {
  font(pdf, name, points);
  const fits = width / pdf.widthOfString(text);
  return fits >= 1 ? points : Math.floor(points * fits * 10) / 10;
}

/** Figures (right-aligned cells) fit their column; words and headers wrap at the table's size. */
function cellPoints(pdf: Doc, text: string, column: Column, header: boolean): number {
  if (header) return size.small;
  if (column.align === 'left') return size.table;
  return fittedPoints(pdf, 'regular', text, column.width - 2 * cellPad, size.table);
}

function rowHeight(pdf: Doc, texts: string[], columns: Column[], header: boolean): number {
  const heights = texts.map((text, index) => {
    const column = columns[index]!;
    font(pdf, header ? 'bold' : 'regular', cellPoints(pdf, text, column, header));
    return pdf.heightOfString(text, { width: column.width - 2 * cellPad });
  });
  return Math.max(...heights) + 2 * cellPad;
}

function drawRow(pdf: Doc, texts: string[], columns: Column[], y: number, height: number, header: boolean): void {
  if (header) pdf.rect(page.margin, y, contentWidth, height).fill(headerFill);
  let x = page.margin;
  texts.forEach((text, index) => {
    const column = columns[index]!;
    const points = cellPoints(pdf, text, column, header);
    font(pdf, header ? 'bold' : 'regular', points);
    pdf.text(text, x + cellPad, y + cellPad, { width: column.width - 2 * cellPad, align: column.align });
    x += column.width;
  });
  pdf.lineWidth(0.4).strokeColor(rule).moveTo(page.margin, y + height).lineTo(page.margin + contentWidth, y + height).stroke();
}

function drawTableFrame(pdf: Doc, columns: Column[], top: number, bottom: number): void {
  pdf.lineWidth(0.6).strokeColor(rule).rect(page.margin, top, contentWidth, bottom - top).stroke();
  let x = page.margin;
  for (const column of columns.slice(0, -1)) {
    x += column.width;
    pdf.lineWidth(0.4).moveTo(x, top).lineTo(x, bottom).stroke();
  }
}

/** A page after the first starts with a line naming the document, then the table's header again. */
function continuationHead(pdf: Doc, doc: TaxDocument): number {
  pdf.addPage();
  font(pdf, 'bold', size.heading).text(`${taxDocumentTitles[doc.kind]} ${doc.number} (continued)`, page.margin, page.margin, { width: contentWidth });
  return page.margin + 18;
}

/** The lines table, continued on further pages with its header repeated; returns the y below it. */
function drawLines(pdf: Doc, doc: TaxDocument, top: number): number {
  const columns = columnsFor(doc);
  const headers = columns.map((column) => column.header);
  const headerHeight = rowHeight(pdf, headers, columns, true);
  let tableTop = top;
  let y = top;
  const startTable = () => {
    drawRow(pdf, headers, columns, y, headerHeight, true);
    y += headerHeight;
  };
  startTable();
  doc.lines.forEach((line, index) => {
    const texts = columns.map((column) => column.cell(line, index));
    const height = rowHeight(pdf, texts, columns, false);
    if (y + height > contentBottom) {
      drawTableFrame(pdf, columns, tableTop, y);
      y = tableTop = continuationHead(pdf, doc);
      startTable();
    }
    drawRow(pdf, texts, columns, y, height, false);
    y += height;
  });
  drawTableFrame(pdf, columns, tableTop, y);
  return y;
}

/** Totals in figures (right), in words and the document's notes (left), then the signatory. */
function drawTotals(pdf: Doc, doc: TaxDocument, top: number): void {
  const { totals } = doc;
  const taxed = showsTax(doc);
  const figures: [string, number][] = taxed
    ? [
        ['Taxable value', totals.taxablePaise],
        ...(doc.intraState
          ? ([['CGST', totals.cgstPaise], ['SGST', totals.sgstPaise]] as [string, number][])
          : ([['IGST', totals.igstPaise]] as [string, number][])),
      ]
    : [];
  const totalLabel = doc.kind === 'credit_note' ? 'Total credited' : 'Total';
  const notes = taxed ? [] : [exemptNote[doc.kind]];
  const signatureHeight = 62;
  const figuresWidth = 190;
  const wordsWidth = contentWidth - figuresWidth - 16;
  const measure = () => {
    font(pdf, 'bold', size.body);
    const words = pdf.heightOfString(doc.totalInWords, { width: wordsWidth }) + 14;
    const noteHeight = notes.reduce((sum, note) => sum + pdf.heightOfString(note, { width: wordsWidth }) + 4, 0);
    return Math.max(words + noteHeight, (figures.length + 1) * 14 + 6) + signatureHeight + 16;
  };
  let y = top + 8;
  if (y + measure() > contentBottom) y = continuationHead(pdf, doc);

  const figuresX = page.margin + contentWidth - figuresWidth;
  const figureWidth = figuresWidth - 90 - cellPad;
  const figure = (text: string, name: FontName, points: number, at: number) => {
    font(pdf, name, fittedPoints(pdf, name, text, figureWidth, points)).text(text, figuresX + 90, at, { width: figureWidth, align: 'right' });
  };
  let fy = y;
  for (const [label, paise] of figures) {
    font(pdf, 'regular', size.body, muted).text(label, figuresX, fy, { width: 90 });
    figure(amount(paise), 'regular', size.body, fy);
    fy += 14;
  }
  pdf.rect(figuresX - cellPad, fy - 3, figuresWidth + cellPad, 18).fill(headerFill);
  font(pdf, 'bold', 10).text(totalLabel, figuresX, fy, { width: 90 });
  figure(amount(totals.totalPaise), 'bold', 10, fy);
  fy += 20;

  let wy = textBlock(
    pdf,
    [
      { text: 'AMOUNT IN WORDS', bold: true, points: size.small, color: muted },
      { text: doc.totalInWords, bold: true },
    ],
    page.margin,
    y,
    wordsWidth,
  );
  wy = textBlock(pdf, notes.map((text) => ({ text, color: muted })), page.margin, wy + 6, wordsWidth);

  const signatureTop = Math.max(fy, wy) + 16;
  const signatureWidth = 200;
  const signatureX = page.margin + contentWidth - signatureWidth;
  font(pdf, 'bold', size.body).text(`For ${doc.supplier.legalName}`, signatureX, signatureTop, { width: signatureWidth, align: 'right' });
  font(pdf, 'regular', size.body).text(doc.supplier.signatory, signatureX, signatureTop + 34, { width: signatureWidth, align: 'right' });
  font(pdf, 'regular', size.small, muted).text('Authorised signatory', signatureX, signatureTop + 46, { width: signatureWidth, align: 'right' });
}

/** "Page 1 of 2" and the document's number at the foot of every page, written once all pages exist. */
function drawFooters(pdf: Doc, doc: TaxDocument): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    // Writing below the bottom margin would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    const y = page.height - page.margin - 8;
    font(pdf, 'regular', size.small, muted).text(`${taxDocumentTitles[doc.kind]} ${doc.number}`, page.margin, y, { width: contentWidth / 2, lineBreak: false });
    pdf.text(`Page ${index + 1} of ${count}`, page.margin + contentWidth / 2, y, { width: contentWidth / 2, align: 'right', lineBreak: false });
  }
}

export function renderTaxDocument(doc: TaxDocument): Promise<Buffer> {
  const { regular, bold } = fonts();
  const pdf = new PDFDocument({
    size: 'A4',
    // The default font, instead of Helvetica, whose metrics pdfkit would otherwise load for every document.
    font: regular as unknown as string,
    margins: { top: page.margin, bottom: page.margin, left: page.margin, right: page.margin },
    bufferPages: true,
    // Dated by the document, not the clock: a mail sent again, or a download, must carry the same bytes.
    info: { Title: `${taxDocumentTitles[doc.kind]} ${doc.number}`, Author: doc.supplier.legalName, CreationDate: new Date(`${doc.issuedOn}T00:00:00+05:30`) },
  });
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const afterHead = drawHead(pdf, doc);
  const afterParties = drawParties(pdf, doc, afterHead);
  const afterLines = drawLines(pdf, doc, afterParties);
  drawTotals(pdf, doc, afterLines);
  drawFooters(pdf, doc);
  pdf.end();
  return done;
}
