// India's pincode directory (GET /api/pincodes/:pincode), parsed at the edge: entry null when India Post has no such pincode.
import { HTTPError } from 'ky';
import { pincodeEntry } from '../../domain/pincode';
import type { PincodeLookup } from '../../domain/pincode';
import { api } from './client';

export async function lookupPincode(pincode: string): Promise<PincodeLookup> {
  try {
    return { pincode, entry: pincodeEntry.parse(await api.get(`pincodes/${encodeURIComponent(pincode)}`).json()) };
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return { pincode, entry: null };
    throw error;
  }
}
