/**
 * The repository root, found by walking up from this module to the nearest package.json: the same answer whether the
 * server runs from its sources (server/, through tsx) or from its bundle (dist-server/server.mjs, `npm start`).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}: the server cannot find its project.`);
  }
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
