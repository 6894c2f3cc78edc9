/**
 * India's pincode directory (issue 40), loaded on first use from the compact table scripts/build-pincodes.ts writes
 * (about 19,000 pincodes, 150 KB gzipped) into one Map that lives as long as the process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { stateOfGstCode } from '../../../domain/indian-states';
import { pincodeProblem, type PincodeEntry } from '../../../domain/pincode';
import { BadRequest } from '../../errors';
import { projectRoot } from '../../project-root';

const tableFile = join(projectRoot, 'server', 'db', 'seed', 'pincodes.tsv.gz');

let directory: Map<string, PincodeEntry> | undefined;

export function parsePincodeTable(text: string): Map<string, PincodeEntry> {
  const entries = new Map<string, PincodeEntry>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const [pincode = '', locality = '', district = '', stateCode = '', ...otherCodes] = line.split('\t');
    const state = stateOfGstCode(stateCode);
    if (!state) throw new Error(`Pincode table: unknown state code ${stateCode} for ${pincode}`);
    const alsoIn = otherCodes.map((code) => stateOfGstCode(code)).filter((other) => other !== undefined);
    entries.set(pincode, { pincode, locality, district, state, stateCode, alsoIn });
  }
  return entries;
}

function loadDirectory(): Map<string, PincodeEntry> {
  directory ??= parsePincodeTable(gunzipSync(readFileSync(tableFile)).toString('utf8'));
  return directory;
}

/** The directory's entry for a pincode, or null. Anything but six digits finds nothing. */
export function findPincode(pincode: string): PincodeEntry | null {
  return loadDirectory().get(pincode) ?? null;
}

/** Refuses an address whose pincode is unknown or lies in another state than the one chosen. */
export function assertPincodeInState(pincode: string, state: string): void {
  const problem = pincodeProblem(pincode, state, findPincode(pincode));
  if (problem) throw new BadRequest(problem);
}
