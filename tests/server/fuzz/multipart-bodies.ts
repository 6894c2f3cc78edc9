/**
 * Multipart bodies for the admin uploads: the text fields as given, and `files` parts that are real pictures, cut-off
 * pictures, garbage, other formats (PDF, GIF, an SVG with a script), empty or one byte over the limit, under odd part
 * names and file names; sometimes with broken framing (cut in half, no or the wrong boundary, no closing line, too many
 * fields, JSON instead, nothing at all).
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { FuzzWorld } from './fuzz-world';
import { asText, MISSING, toJson } from './schema-arbitraries';

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export type Framing = 'ok' | 'truncated' | 'noBoundary' | 'wrongBoundary' | 'noClosing' | 'tooManyFields' | 'asJson' | 'empty';

export const framingArbitrary = fc.oneof(
  { weight: 14, arbitrary: fc.constant<Framing>('ok') },
  { weight: 1, arbitrary: fc.constantFrom<Framing>('truncated', 'noBoundary', 'wrongBoundary', 'noClosing', 'tooManyFields', 'asJson', 'empty') },
);

const oversized = new Map<number, Buffer>();

export function filesArbitrary(world: Pick<FuzzWorld, 'png' | 'jpeg'>, maxFileBytes: number): fc.Arbitrary<FilePart[]> {
  const { png, jpeg } = world;
  const tooLarge = oversized.get(maxFileBytes) ?? Buffer.concat([png, Buffer.alloc(maxFileBytes + 1 - png.length)]);
  oversized.set(maxFileBytes, tooLarge);
  const goodPicture = fc.constantFrom(png, jpeg);
  const badBytes = fc.oneof(
    fc.nat({ max: png.length - 1 }).map((n) => png.subarray(0, n)),
    fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF'),
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.concat([png.subarray(0, 24), Buffer.from('garbage after a real header')]),
      Buffer.alloc(0),
      tooLarge,
    ),
  );
  const part = (bytes: fc.Arbitrary<Buffer>) =>
    fc.record({
      name: fc.oneof({ weight: 8, arbitrary: fc.constant('files') }, { weight: 1, arbitrary: fc.constantFrom('file', 'files[]', '__proto__', '') }),
      filename: fc.constantFrom('flower.png', 'flower.jpg', '../../etc/passwd', '🌸.png', 'a'.repeat(300), ''),
      contentType: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/plain', 'image/svg+xml'),
      bytes,
    });
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(part(goodPicture), { minLength: 1, maxLength: 2 }) },
    { weight: 3, arbitrary: fc.array(part(fc.oneof(goodPicture, badBytes)), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constant<FilePart[]>([]) },
  );
}

const boundary = '----fuzz-boundary-7MA4YWxkTrZu0gW';

export function multipartPayload(fields: readonly (readonly [string, unknown])[], files: readonly FilePart[], framing: Framing): Partial<InjectOptions> {
  const textFields = fields.filter(([, value]) => value !== MISSING).map(([name, value]) => [name, asText(value)] as const);
  if (framing === 'asJson') return { headers: { 'content-type': 'application/json' }, payload: toJson(Object.fromEntries(textFields)) };
  const chunks: Buffer[] = [];
  const all = framing === 'tooManyFields' ? [...textFields, ...Array.from({ length: 40 }, (_, i) => [`extra${i}`, 'x'] as const)] : textFields;
  for (const [name, value] of all) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  if (framing !== 'noClosing') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = framing === 'empty' ? Buffer.alloc(0) : Buffer.concat(chunks);
  if (framing === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const contentType =
    framing === 'noBoundary' ? 'multipart/form-data' : framing === 'wrongBoundary' ? 'multipart/form-data; boundary=not-the-one' : `multipart/form-data; boundary=${boundary}`;
  return { headers: { 'content-type': contentType }, payload };
}
