/**
 * `npm run screenshots:documents [outDir]`: renders the first page of each GST document kind from the fixture
 * documents (tests/server/helpers/tax-documents.ts) to PNG in docs/screens/ (tax-invoice.png, bill-of-supply.png,
 * credit-note.png), to look at the layout. Needs pdftoppm (Debian's poppler-utils), a developer's tool only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { renderTaxDocument } from '../server/modules/documents/document-pdf';
import { fixtureDocuments } from '../tests/server/helpers/tax-documents';

const outDir = resolve(process.argv[2] ?? 'docs/screens');
const screens = { 'tax-invoice': fixtureDocuments.intraState, 'bill-of-supply': fixtureDocuments.billOfSupply, 'credit-note': fixtureDocuments.creditNote };

const work = mkdtempSync(join(tmpdir(), 'document-screens-'));
try {
  for (const [name, fixture] of Object.entries(screens)) {
    const pdfPath = join(work, `${name}.pdf`);
    writeFileSync(pdfPath, await renderTaxDocument(fixture()));
    // 110 dpi: an A4 page 910 px wide, small print still legible.
    execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', '-singlefile', pdfPath, join(outDir, name)]);
    console.log(`${join(outDir, name)}.png`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
