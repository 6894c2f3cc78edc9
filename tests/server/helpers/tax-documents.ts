/**
 * Fixture GST documents for the PDF renderer's tests and scripts/document-screens.ts: one of each kind, figures made
 * with the shop's own tax arithmetic (domain/gst.ts) so that lines and totals agree to the paisa as the builder's do.
 */
import { rupeesInWords } from '../../../domain/amount-in-words';
import { lineTax } from '../../../domain/gst';
import type { Paise } from '../../../domain/money';
import { documentTotals } from '../../../domain/tax-document';
import type { DocumentLine, DocumentParty, DocumentSupplier, TaxDocument } from '../../../domain/tax-document';

export const aSupplier = (): DocumentSupplier => ({
  legalName: 'Petal and Stem Florists Private Limited',
  tradeName: 'Petal & Stem',
  addressLines: ['No. 14, Pantheon Road, Egmore', 'Chennai 600008, Tamil Nadu'],
  state: { name: 'Tamil Nadu', code: '33' },
  gstin: '33AABCP1234C1Z5',
  signatory: 'Meena Raghavan',
});

export const aBuyer = (overrides: Partial<DocumentParty> = {}): DocumentParty => ({
  name: 'Arjun Krishnan',
  addressLines: ['Flat 3B, Lotus Apartments, 22 Habibullah Road', 'T. Nagar, Chennai 600017'],
  state: { name: 'Tamil Nadu', code: '33' },
  phone: '+91 98400 12345',
  ...overrides,
});

export interface LineSpec {
  description: string;
  hsn: string;
  quantity: number;
  unit?: string;
  unitPricePaise: Paise;
  /** The CGST (= SGST) rate in basis points, as categories hold it; 0 for exempt goods. */
  rateBp: number;
  /** The line's share of a coupon's discount (issue 42): taxed is what is left. */
  discountPaise?: Paise;
}

/** A document line as the builder makes it: tax per line on the tax-inclusive total. */
export function aLine(spec: LineSpec, intraState: boolean): DocumentLine {
  const totalPaise = spec.unitPricePaise * spec.quantity - (spec.discountPaise ?? 0);
  const tax = lineTax(totalPaise, spec.rateBp, intraState ? null : 'Karnataka');
  const taxed = spec.rateBp > 0;
  return {
    hsn: spec.hsn,
    description: spec.description,
    quantity: spec.quantity,
    unit: spec.unit ?? 'pcs',
    unitPricePaise: spec.unitPricePaise,
    ...(spec.discountPaise ? { discountPaise: spec.discountPaise } : {}),
    ...tax,
    cgstRateBp: taxed && intraState ? spec.rateBp : 0,
    sgstRateBp: taxed && intraState ? spec.rateBp : 0,
    igstRateBp: taxed && !intraState ? 2 * spec.rateBp : 0,
    totalPaise,
  };
}

export function aTaxDocument(overrides: Partial<TaxDocument> & { specs?: LineSpec[] } = {}): TaxDocument {
  const { specs = taxedSpecs, ...rest } = overrides;
  const intraState = rest.intraState ?? true;
  const lines = rest.lines ?? specs.map((spec) => aLine(spec, intraState));
  const totals = documentTotals(lines);
  return {
    kind: 'tax_invoice',
    number: 'PS/2026-27/000123',
    issuedOn: '2026-12-03',
    orderNumber: 'FS-20261203-0042',
    supplier: aSupplier(),
    buyer: aBuyer(),
    deliveryAddress: null,
    placeOfSupply: { name: 'Tamil Nadu', code: '33' },
    intraState,
    reverseCharge: false,
    lines,
    totals,
    totalInWords: rupeesInWords(totals.totalPaise),
    against: null,
    ...rest,
  };
}

/** Taxed and exempt goods in one sale, with a line in lakhs: a tax invoice. */
export const taxedSpecs: LineSpec[] = [
  { description: 'Wedding stage arrangement, everlasting dried flowers and pampas grass, 12 ft backdrop', hsn: '6702', quantity: 10, unitPricePaise: 12_050_050, rateBp: 900 },
  { description: 'Belgian dark chocolate truffles, box of 16', hsn: '1806', quantity: 2, unitPricePaise: 89_900, rateBp: 250 },
  { description: 'Red roses, bunch of 24', hsn: '0603', quantity: 3, unit: 'bunch', unitPricePaise: 124_950, rateBp: 0 },
  { description: 'Delivery, Chennai, 6 pm to 9 pm', hsn: '6702', quantity: 1, unit: 'service', unitPricePaise: 14_900, rateBp: 900 },
];

/** Fresh flowers only: every line exempt, so a bill of supply. */
export const exemptSpecs: LineSpec[] = [
  { description: 'Red roses, bunch of 24', hsn: '0603', quantity: 2, unit: 'bunch', unitPricePaise: 124_950, rateBp: 0 },
  { description: 'Jasmine string (malligai poo), 2 m', hsn: '0603', quantity: 5, unit: 'string', unitPricePaise: 6_000, rateBp: 0 },
  { description: 'Delivery, Chennai, 9 am to 12 noon', hsn: '0603', quantity: 1, unit: 'service', unitPricePaise: 9_900, rateBp: 0 },
];

const giftAddress: DocumentParty = {
  name: 'Lakshmi Narayanan',
  addressLines: [
    'Door 7, Second Floor, Sri Venkateswara Residency, 45th Cross, 9th Main Road, Jayanagar 4th Block (opposite the temple gate, ring the bell twice)',
    'Bengaluru 560011, Karnataka',
  ],
  state: { name: 'Karnataka', code: '29' },
  phone: '+91 99000 54321',
};

/** One fixture of each case the renderer must draw, by name (also the PNG names in docs/screens). */
export const fixtureDocuments = {
  intraState: () => aTaxDocument({ deliveryAddress: { ...aBuyer(), name: 'Priya Krishnan', addressLines: ['12 Luz Church Road, Mylapore', 'Chennai 600004'], phone: null } }),
  interState: () =>
    aTaxDocument({
      intraState: false,
      number: 'PS/2026-27/000124',
      deliveryAddress: giftAddress,
      placeOfSupply: giftAddress.state,
    }),
  billOfSupply: () => aTaxDocument({ kind: 'bill_of_supply', number: 'BS/2026-27/000031', specs: exemptSpecs }),
  creditNote: () =>
    aTaxDocument({
      kind: 'credit_note',
      number: 'CN/2026-27/000007',
      issuedOn: '2026-12-05',
      against: { number: 'PS/2026-27/000123', issuedOn: '2026-12-03' },
    }),
  /** A coupon's Rs. 300 spread over the goods (issue 42); the delivery fee is never discounted. */
  discounted: () =>
    aTaxDocument({
      number: 'PS/2026-27/000126',
      specs: [
        { description: 'Everlasting lavender bouquet', hsn: '6702', quantity: 2, unitPricePaise: 149_900, rateBp: 900, discountPaise: 23_093 },
        { description: 'Red roses, bunch of 24', hsn: '0603', quantity: 1, unitPricePaise: 124_950, rateBp: 0, discountPaise: 6_907 },
        { description: 'Delivery by courier', hsn: '6702', quantity: 1, unit: 'service', unitPricePaise: 9_900, rateBp: 900 },
      ],
    }),
  fortyLines: () =>
    aTaxDocument({
      number: 'PS/2026-27/000125',
      specs: Array.from({ length: 40 }, (_, index) => ({
        description: `Everlasting bouquet no. ${index + 1}${index % 7 === 3 ? ', dried lavender, bunny tails and golden wheat in a kraft wrap with a handwritten card' : ''}`,
        hsn: index % 5 === 0 ? '0603' : '6702',
        quantity: 1 + (index % 3),
        unitPricePaise: 99_900 + index * 1_001,
        rateBp: index % 5 === 0 ? 0 : 900,
      })),
    }),
} satisfies Record<string, () => TaxDocument>;
