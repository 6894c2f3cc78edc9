import { z } from 'zod/mini';
import { rowIdOf } from './fields';
import { pincodeEntry, pincodeText } from './pincode';

/**
 * Service areas (issue 40): where the shop's own people deliver by hand, as pincode lists and ranges
 * ("600001-600130, 603103"), each with an optional extra fee in paise. Courier delivery reaches any known pincode.
 */
export const serviceAreaTexts = {
  idInvalid: 'id must be a delivery area id',
  nameRequired: 'Area name is required!',
  nameTooLong: 'Area name cannot exceed 60 characters!',
  nameFormat: "Area name may hold letters, digits, spaces and . , ' ( ) - only.",
  pincodesRequired: 'Pincodes are required!',
  pincodesTooLong: 'Pincodes cannot exceed 2000 characters!',
  pincodesFormat: 'Pincodes must be 6-digit pincodes or ranges like 600001-600130, separated by commas.',
  rangeBackwards: (range: string) => `The range ${range} ends before it starts.`,
  feeInvalid: 'Extra fee must be a whole number of paise from 0 to 10,00,000.',
  /** The admin form takes the fee in whole rupees, as the other admin money fields do. */
  feeRupees: 'Extra fee should be whole rupees, digits only, at most Rs. 10,000',
  activeInvalid: 'active must be true or false',
  notFound: 'Delivery area not found',
  nameTaken: 'A delivery area with this name already exists.',
} as const;

export const maxAreaFeePaise = 1_000_000;

export type PincodeRange = readonly [from: number, to: number];

/** "600001-600130, 603103" → [[600001, 600130], [603103, 603103]]; null when any piece is not a pincode or range. */
export function parsePincodeRanges(text: string): PincodeRange[] | null {
  const pieces = text.split(/[,\s]+/).filter(Boolean);
  if (pieces.length === 0) return null;
  const ranges: PincodeRange[] = [];
  for (const piece of pieces) {
    const match = /^([1-9]\d{5})(?:-([1-9]\d{5}))?$/.exec(piece);
    if (!match) return null;
    ranges.push([Number(match[1]), Number(match[2] ?? match[1])]);
  }
  return ranges;
}

/** The first range that ends before it starts, as typed, or undefined. */
export function backwardsRange(ranges: readonly PincodeRange[]): string | undefined {
  const backwards = ranges.find(([from, to]) => to < from);
  return backwards && `${backwards[0]}-${backwards[1]}`;
}

/** The canonical spelling of a pincode list: ranges and single pincodes in order, ", " between. */
export function formatPincodeRanges(ranges: readonly PincodeRange[]): string {
  return [...ranges]
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([from, to]) => (from === to ? String(from) : `${from}-${to}`))
    .join(', ');
}

export function rangesInclude(ranges: readonly PincodeRange[], pincode: string): boolean {
  const code = Number(pincode);
  return ranges.some(([from, to]) => code >= from && code <= to);
}

const pincodeList = z.string({ error: serviceAreaTexts.pincodesRequired }).check(
  z.trim(),
  z.minLength(1, { error: serviceAreaTexts.pincodesRequired }),
  z.maxLength(2000, { error: serviceAreaTexts.pincodesTooLong }),
  z.refine((value: string) => parsePincodeRanges(value) !== null, { error: serviceAreaTexts.pincodesFormat, abort: true }),
  z.superRefine((value: string, ctx) => {
    const backwards = backwardsRange(parsePincodeRanges(value) ?? []);
    if (backwards) ctx.addIssue({ code: 'custom', message: serviceAreaTexts.rangeBackwards(backwards), input: value });
  }),
);

/** `POST admin/delivery-areas`, `PUT admin/delivery-areas/{id}` */
export const serviceAreaRequest = z.object({
  name: z.string({ error: serviceAreaTexts.nameRequired }).check(
    z.trim(),
    z.minLength(1, { error: serviceAreaTexts.nameRequired }),
    z.maxLength(60, { error: serviceAreaTexts.nameTooLong }),
    z.regex(/^[A-Za-z0-9 .,'()-]+$/, { error: serviceAreaTexts.nameFormat }),
  ),
  pincodes: pincodeList,
  extraFeePaise: z
    .number({ error: serviceAreaTexts.feeInvalid })
    .check(z.int({ error: serviceAreaTexts.feeInvalid }), z.minimum(0, { error: serviceAreaTexts.feeInvalid }), z.maximum(maxAreaFeePaise, { error: serviceAreaTexts.feeInvalid })),
  active: z.boolean({ error: serviceAreaTexts.activeInvalid }),
});
export type ServiceAreaRequest = z.infer<typeof serviceAreaRequest>;

export const serviceAreaIdParams = z.object({ id: rowIdOf(serviceAreaTexts.idInvalid) });

/** `GET admin/delivery-areas` item; `pincodes` in its canonical spelling. */
export const serviceArea = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  pincodes: z.string(),
  extraFeePaise: z.number().check(z.int()),
  active: z.boolean(),
});
export type ServiceArea = z.infer<typeof serviceArea>;
export const serviceAreas = z.array(serviceArea);

/** `GET delivery/reach?pincode=` */
export const reachQuery = z.object({ pincode: pincodeText });

/** How the shop can deliver to a pincode: by hand inside an active service area (with its fee), by courier anywhere known. */
export const deliveryReach = z.object({
  pincode: pincodeEntry,
  hand: z.nullable(z.object({ area: z.string(), extraFeePaise: z.number().check(z.int()) })),
  courier: z.boolean(),
});
export type DeliveryReach = z.infer<typeof deliveryReach>;
