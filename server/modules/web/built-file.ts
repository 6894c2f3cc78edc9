/** A file of the build (index.html, the manifest), read again only when a new build replaced it. */
import { existsSync, readFileSync, statSync } from 'node:fs';

/** `read` turns the file's text into what the caller keeps; the reader answers null while there is no such file. */
export function builtFileReader<T>(file: string, read: (text: string) => T): () => T | null {
  let cached: { mtimeMs: number; value: T } | null = null;
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: read(readFileSync(file, 'utf8')) };
    return cached.value;
  };
}
