/**
 * A new embedded database (a first start on an empty DATA_DIR, every test's in-memory database) is unpacked from a
 * template instead of running initdb: initdb is 2.5–3 s of WebAssembly, unpacking about 0.6 s. The template is
 * initdb's output before any migration, so it depends on PGlite's version alone, which names the file. It is kept
 * with the other tools' caches in node_modules/.cache and written by the first in-memory database created without it
 * (the server's build makes one, so that `npm start` finds it; so does the first test). Never from a data directory:
 * PGlite's dump holds every file there, the shop's JWT secret among them. Without a template, or where it cannot be
 * written, PGlite runs initdb as before.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { projectRoot } from '../project-root';

function pgliteVersion(): string {
  // The package's exports do not include its package.json: read it beside the resolved entry (dist/index.js).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

export const defaultTemplateFile = join(projectRoot, 'node_modules', '.cache', 'flower-shop', `pglite-${pgliteVersion()}-initdb.tar.gz`);

/** A database directory PGlite has not been initialised in yet (null: in memory, always new). */
export function isNewDatabase(dataDir: string | null): boolean {
  return dataDir === null || !existsSync(join(dataDir, 'PG_VERSION'));
}

/** The template's bytes (a gzipped tarball of the data directory), or null when there is none yet. */
export function readTemplate(file: string): Uint8Array<ArrayBuffer> | null {
  try {
    return new Uint8Array(readFileSync(file));
  } catch {
    return null;
  }
}

/**
 * Keeps a freshly initialised cluster's dump as the template. Written to a temporary name and renamed, so a process
 * reading it (another test worker, a second server) never sees half a file; a failure to write costs nothing but speed.
 */
export function saveTemplate(file: string, dump: Uint8Array): void {
  const partial = `${file}.${process.pid}.partial`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(partial, dump);
    renameSync(partial, file);
  } catch {
    rmSync(partial, { force: true });
  }
}

/** A template PGlite could not start from is dropped, so that the next new database runs initdb and makes a new one. */
export function discardTemplate(file: string): void {
  rmSync(file, { force: true });
}
