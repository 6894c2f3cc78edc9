/**
 * Every state and union territory of India with its GST state code (the first two characters of a GSTIN), in one
 * alphabetical list for the address form. SPEC.md §5 listed 28 states plus Delhi; issue 40 needs every place a
 * pincode can be (a Leh pincode is Ladakh), so the other union territories are here too, spelled as India Post and
 * the GST portal spell them today.
 */
export const indianStateCodes = {
  'Andaman and Nicobar Islands': '35',
  'Andhra Pradesh': '37',
  'Arunachal Pradesh': '12',
  Assam: '18',
  Bihar: '10',
  Chandigarh: '04',
  Chhattisgarh: '22',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Delhi: '07',
  Goa: '30',
  Gujarat: '24',
  Haryana: '06',
  'Himachal Pradesh': '02',
  'Jammu and Kashmir': '01',
  Jharkhand: '20',
  Karnataka: '29',
  Kerala: '32',
  Ladakh: '38',
  Lakshadweep: '31',
  'Madhya Pradesh': '23',
  Maharashtra: '27',
  Manipur: '14',
  Meghalaya: '17',
  Mizoram: '15',
  Nagaland: '13',
  Odisha: '21',
  Puducherry: '34',
  Punjab: '03',
  Rajasthan: '08',
  Sikkim: '11',
  'Tamil Nadu': '33',
  Telangana: '36',
  Tripura: '16',
  'Uttar Pradesh': '09',
  Uttarakhand: '05',
  'West Bengal': '19',
} as const;

export type IndianState = keyof typeof indianStateCodes;
export type GstStateCode = (typeof indianStateCodes)[IndianState];

export const indianStates = Object.keys(indianStateCodes) as [IndianState, ...IndianState[]];

const stateByCode = new Map<string, IndianState>(indianStates.map((state) => [indianStateCodes[state], state]));

/** A state's GST state code, as printed beside its name ("33" for Tamil Nadu); empty for a name not in the list. */
export function gstCodeOf(state: string): string {
  return indianStateCodes[state as IndianState] ?? '';
}

/** The state or union territory a GST state code names, or undefined. */
export function stateOfGstCode(code: string): IndianState | undefined {
  return stateByCode.get(code);
}

export const countries = ['India'] as const;

/** The shop's own state: CGST + SGST apply inside it, IGST outside (DESIGN.md §7). */
export const shopState: IndianState = 'Tamil Nadu';
