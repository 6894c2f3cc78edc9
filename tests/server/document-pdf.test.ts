import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatDocumentPaise } from '../../domain/money';
import type { DocumentLine, DocumentParty, TaxDocument } from '../../domain/tax-document';
import { renderTaxDocument } from '../../server/modules/documents/document-pdf';
import { drawTaxDocument } from '../../server/modules/documents/document-pdf-thread';
import { aTaxDocument, fixtureDocuments } from './helpers/tax-documents';

/** The PDF's text as a reader's copy-paste gets it, each page with its line breaks made single spaces. */
async function readBack(doc: TaxDocument): Promise<{ pdf: Buffer; pages: string[]; all: string }> {
  const pdf = await renderTaxDocument(doc);
  const { totalPages, text } = await extractText(new Uint8Array(pdf));
  const pages = text.map((page) => page.replace(/\s+/g, ' ').trim());
  expect(pages).toHaveLength(totalPages);
  return { pdf, pages, all: pages.join(' ') };
}

const money = formatDocumentPaise;
const percent = (rateBp: number) => `${rateBp / 100}%`;

/** A line's row as read across the table, so that every figure is checked in its own row and column. */
function row(doc: TaxDocument, line: DocumentLine, index: number): string {
  const discounts = doc.lines.some((l) => (l.discountPaise ?? 0) > 0);
  const discount = discounts ? [line.discountPaise ? `-${money(line.discountPaise)}` : ''].filter(Boolean) : [];
  const lead = [index + 1, line.description, line.hsn, line.quantity, line.unit, money(line.unitPricePaise), ...discount];
  if (doc.kind === 'bill_of_supply') return [...lead, money(line.totalPaise)].join(' ');
  const tax = doc.intraState
    ? [percent(line.cgstRateBp), money(line.cgstPaise), percent(line.sgstRateBp), money(line.sgstPaise)]
    : [percent(line.igstRateBp), money(line.igstPaise)];
  return [...lead, money(line.taxablePaise), ...tax, money(line.totalPaise)].join(' ');
}

const datesInWords: Record<string, string> = { '2026-12-03': '3 December 2026', '2026-12-05': '5 December 2026' };

const partyText = (party: DocumentParty) =>
  [party.name, ...party.addressLines, `State: ${party.state.name} (state code ${party.state.code})`, ...(party.phone ? [`Phone: ${party.phone}`] : [])].join(' ');

/** What rule 46 / 49 / 53 asks of every kind: supplier, particulars, buyer, totals in figures and words, signatory. */
function expectMandatoryFields(text: string, doc: TaxDocument, title: string, numberLabel: string): void {
  const { supplier } = doc;
  expect(text.startsWith(title)).toBe(true);
  expect(text).toContain(supplier.tradeName);
  expect(text).toContain(`Legal name: ${supplier.legalName}`);
  expect(text).toContain(supplier.addressLines.join(' '));
  expect(text).toContain(`GSTIN: ${supplier.gstin}`);
  expect(text).toContain(`State: ${supplier.state.name} (state code ${supplier.state.code})`);
  expect(text).toContain(`${numberLabel} ${doc.number}`);
  expect(text).toContain(`Date ${datesInWords[doc.issuedOn]}`);
  expect(text).toContain(`Order No. ${doc.orderNumber}`);
  expect(text).toContain(`Place of supply ${doc.placeOfSupply.name} (state code ${doc.placeOfSupply.code})`);
  expect(text).toContain('Reverse charge No');
  expect(text).toContain(`BILL TO (BUYER) ${partyText(doc.buyer)}`);
  expect(text).toContain(`DELIVER TO ${doc.deliveryAddress ? partyText(doc.deliveryAddress) : "Same as the buyer's address"}`);
  doc.lines.forEach((line, index) => expect(text).toContain(row(doc, line, index)));
  expect(text).toContain(`AMOUNT IN WORDS ${doc.totalInWords}`);
  expect(text).toContain(`For ${supplier.legalName} ${supplier.signatory} Authorised signatory`);
}

describe('renderTaxDocument', () => {
  it('draws an intra-state tax invoice with CGST and SGST per line, totals in figures and words, on one A4 page', async () => {
    const doc = fixtureDocuments.intraState();
    const { pdf, pages, all } = await readBack(doc);
    expect(pages).toHaveLength(1);
    expectMandatoryFields(all, doc, 'Tax Invoice', 'Invoice No.');
    expect(all).toContain('# Description HSN Qty Unit Unit price (incl. tax) Taxable value CGST rate CGST amount SGST rate SGST amount Total');
    expect(all).not.toContain('IGST');
    expect(all).toContain('Taxable value ₹10,26,777.83 CGST ₹91,961.33 SGST ₹91,961.34 Total ₹12,10,700.50');
    expect(all).toContain('Rupees Twelve Lakh Ten Thousand Seven Hundred and Fifty Paise Only');
    // The figures are the document's own: the lines add up to the totals printed.
    expect(doc.totals.taxablePaise + doc.totals.cgstPaise + doc.totals.sgstPaise).toBe(doc.totals.totalPaise);
    expect(all).toContain('Page 1 of 1');
    // A4 in points, and the rupee sign drawn with the bundled font, never a standard PDF font.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(pdf.toString('latin1')).toContain('DejaVuSansCondensed');
    expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it("shows a coupon's discount per line in its own column, the line's taxable value and total after it (issue 42)", async () => {
    const doc = fixtureDocuments.discounted();
    const { pages, all } = await readBack(doc);
    expect(pages).toHaveLength(1);
    expectMandatoryFields(all, doc, 'Tax Invoice', 'Invoice No.');
    expect(all).toContain('# Description HSN Qty Unit Unit price (incl. tax) Discount Taxable value CGST rate');
    expect(doc.lines.reduce((sum, line) => sum + line.totalPaise, 0)).toBe(2 * 149_900 + 124_950 + 9_900 - 30_000);
    expect(doc.totals.totalPaise).toBe(doc.lines.reduce((sum, line) => sum + line.totalPaise, 0));
  });

  it('draws an inter-state tax invoice with IGST only, the place of supply and a long delivery address wrapped whole', async () => {
    const doc = fixtureDocuments.interState();
    const { pages, all } = await readBack(doc);
    expect(pages).toHaveLength(1);
    expectMandatoryFields(all, doc, 'Tax Invoice', 'Invoice No.');
    expect(all).toContain('Place of supply Karnataka (state code 29)');
    expect(all).toContain('Taxable value IGST rate IGST amount Total');
    expect(all).not.toMatch(/CGST|SGST/);
    expect(all).toContain('Taxable value ₹10,26,777.83 IGST ₹1,83,922.67 Total ₹12,10,700.50');
    expect(doc.deliveryAddress!.addressLines[0]!.length).toBeGreaterThan(100);
  });

  it('draws a bill of supply without tax columns and says why no tax is charged (rule 49)', async () => {
    const doc = fixtureDocuments.billOfSupply();
    const { pages, all } = await readBack(doc);
    expect(pages).toHaveLength(1);
    expectMandatoryFields(all, doc, 'Bill of Supply', 'Bill No.');
    expect(all).toContain('# Description HSN Qty Unit Unit price (incl. tax) Value of supply');
    // No tax column nor tax total; "CGST Rules" in the note is the law's name.
    expect(all).not.toMatch(/\b[CSI]GST\b(?! Rules)|Taxable value/);
    expect(all).toContain('Total ₹2,898.00');
    expect(all).toContain('Rupees Two Thousand Eight Hundred Ninety Eight Only');
    expect(all).toContain('Supply of goods exempt from GST: no tax is charged. Bill of supply under rule 49 of the CGST Rules, 2017.');
  });

  it('draws a credit note naming the invoice it credits and the total credited', async () => {
    const doc = fixtureDocuments.creditNote();
    const { pages, all } = await readBack(doc);
    expect(pages).toHaveLength(1);
    expectMandatoryFields(all, doc, 'Credit Note', 'Credit Note No.');
    expect(all).toContain('Date 5 December 2026');
    expect(all).toContain('Against invoice PS/2026-27/000123 dated 3 December 2026');
    expect(all).toContain('Total credited ₹12,10,700.50');
  });

  it('continues forty lines on a second page with the table header repeated and the totals after the last line', async () => {
    const doc = fixtureDocuments.fortyLines();
    const { pages, all } = await readBack(doc);
    expect(pages).toHaveLength(2);
    expectMandatoryFields(all, doc, 'Tax Invoice', 'Invoice No.');
    const header = '# Description HSN Qty Unit Unit price (incl. tax) Taxable value CGST rate';
    expect(pages[0]).toContain(header);
    expect(pages[1]).toMatch(new RegExp(`^Tax Invoice PS/2026-27/000125 \\(continued\\) ${header.replace(/[()]/g, '\\$&')}`));
    expect(pages[0]).toContain('Page 1 of 2');
    expect(pages[1]).toContain('Page 2 of 2');
    // Every line once, in order, none cut between pages; the totals only where the lines end.
    const positions = doc.lines.map((line, index) => all.indexOf(row(doc, line, index)));
    expect(positions.every((at, index) => at >= 0 && (index === 0 || at > positions[index - 1]!))).toBe(true);
    expect(pages.filter((page) => page.includes(row(doc, doc.lines[39]!, 39)))).toHaveLength(1);
    expect(pages[0]).not.toContain('AMOUNT IN WORDS');
    expect(pages[1]).toContain(`Total ${money(doc.totals.totalPaise)}`);
  });

  it('gives the same bytes for the same document at another moment, so a mail sent again carries the PDF downloaded', async () => {
    const first = await renderTaxDocument(aTaxDocument());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await renderTaxDocument(aTaxDocument())).equals(first)).toBe(true);
  });

  it('prints the name once when the shop trades under its legal name', async () => {
    const doc = fixtureDocuments.billOfSupply();
    const sameName = { ...doc, supplier: { ...doc.supplier, tradeName: doc.supplier.legalName } };
    const { all } = await readBack(sameName);
    expect(all).not.toContain('Legal name:');
    expect(all).toContain(`Bill of Supply ${doc.supplier.legalName} ${doc.supplier.addressLines[0]}`);
  });

  it('keeps an amount in crores on one line of its cell, drawn smaller, so that it still reads as one number', async () => {
    const doc = aTaxDocument({
      specs: [{ description: 'Temple festival decoration, season contract', hsn: '6702', quantity: 1000, unitPricePaise: 99_99_99_999, rateBp: 900 }],
    });
    const { pages, all } = await readBack(doc);
    expect(pages).toHaveLength(1);
    expect(all).toContain('1 Temple festival decoration, season contract 6702 1000 pcs ₹99,99,999.99 ₹8,47,45,76,262.71 9% ₹76,27,11,863.64 9% ₹76,27,11,863.65 ₹9,99,99,99,990.00');
    expect(all).toContain('Total ₹9,99,99,99,990.00 AMOUNT IN WORDS Rupees Nine Hundred Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Only');
  });
});

describe('drawTaxDocument (the drawing thread)', () => {
  it('answers each of several documents drawn at once with its own PDF, the same bytes as drawn here', async () => {
    const docs = [fixtureDocuments.intraState(), fixtureDocuments.interState(), fixtureDocuments.intraState()].map((doc, index) => ({
      ...doc,
      number: `PS/26-27/00000${index + 1}`,
    }));
    const drawn = await Promise.all(docs.map((doc) => drawTaxDocument(doc)));
    for (const [index, doc] of docs.entries()) expect(drawn[index]!.equals(await renderTaxDocument(doc))).toBe(true);
  });
});
