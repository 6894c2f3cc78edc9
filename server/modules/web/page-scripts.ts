/**
 * The product page's code is a lazy chunk of the browser app (src/app/router.tsx), so that a category page's first
 * script does not carry it (nor XState, which only its Add To Cart needs there). A product page the server sends names
 * that chunk, and the chunks it imports, in a <meta> (domain/page-data.ts): src/start-app.ts fetches them beside the
 * app's script, once the largest picture has painted, instead of after that script has run. The chunks are read from
 * the build's manifest (vite.config.ts writes it).
 */
import type { CatalogRoute } from '../catalog/catalog-page';
import { builtFileReader } from './built-file';

/** The source module of each catalogue page that is a lazy page of src/app/router.tsx. */
export const lazyCatalogModules: Partial<Record<CatalogRoute['page'], string>> = {
  flower: 'src/features/catalog/flower-detail-page.tsx',
};

/** What vite's manifest says of a chunk: its file, whether it is an entry, and the chunks it imports. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const isManifest = (value: unknown): value is Manifest =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((chunk: unknown) => typeof chunk === 'object' && chunk !== null && typeof (chunk as ManifestChunk).file === 'string');

/** The build's manifest, read again only when a new build replaced it; null while there is none or it cannot be read. */
export function builtManifestReader(file: string): () => Manifest | null {
  const reader = builtFileReader(file, (text): Manifest | null => {
    try {
      const parsed: unknown = JSON.parse(text);
      return isManifest(parsed) ? parsed : null;
    } catch {
      // A manifest being written, or not one: the page goes out without the hints, which only speed it up.
      return null;
    }
  });
  return () => reader() ?? null;
}

/** The addresses of `module`'s chunk and of every chunk it imports, the entry's excepted (the page loads that anyway). */
export function lazyModuleFiles(manifest: Manifest, module: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return [...files];
}
