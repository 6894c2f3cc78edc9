import { z } from 'zod/mini';
import { addressMessages } from './address';
import { patterns } from './fields';
import { indianStates, type IndianState } from './indian-states';

/** India's pincode directory as the shop answers it (issue 40), and the address rules built on it. */
export const pincodeMessages = {
  unknown: (pincode: string) => `We could not find pincode ${pincode}.`,
  wrongState: (pincode: string, actual: IndianState, chosen: string) => `Pincode ${pincode} is in ${actual}, not ${chosen}.`,
} as const;

export const pincodeText = z.string({ error: addressMessages.pincodeFormat }).check(
  z.regex(patterns.sixDigits, { error: addressMessages.pincodeFormat }),
);

/** `GET /api/pincodes/:pincode` */
export const pincodeParams = z.object({ pincode: pincodeText });

/** One pincode: its main post office locality, district, state and GST state code. */
export const pincodeEntry = z.object({
  pincode: z.string(),
  locality: z.string(),
  district: z.string(),
  state: z.enum(indianStates),
  stateCode: z.string(),
  /** The other states a pincode straddling a border reaches (a few dozen of India's 19,000 do); usually empty. */
  alsoIn: z.array(z.enum(indianStates)),
});
export type PincodeEntry = z.infer<typeof pincodeEntry>;

/** The directory's answer for one pincode as the browser keeps it: `entry` null when it has none. */
export interface PincodeLookup {
  pincode: string;
  entry: PincodeEntry | null;
}

/**
 * Why an address's pincode and state do not go together, or undefined when they do. `entry` is the directory's answer
 * for the pincode (null when it has none). The browser and the server both ask this, with the same wording.
 */
export function pincodeProblem(pincode: string, state: string, entry: PincodeEntry | null): string | undefined {
  if (!entry) return pincodeMessages.unknown(pincode);
  if (!state || entry.state === state || (entry.alsoIn as string[]).includes(state)) return undefined;
  return pincodeMessages.wrongState(pincode, entry.state, state);
}
