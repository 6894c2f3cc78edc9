import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase, type OpenDatabase } from '../../server/db/client';
import { media } from '../../server/db/schema';
import { chooseVariant, contentHash, storeImage, UnsupportedImage } from '../../server/modules/media/media.service';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const png = (width: number, height: number, colour = '#1F4D3A') =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

async function rowsOf(hash: string) {
  return database.db.select().from(media).where(eq(media.contentHash, hash));
}

describe('storeImage', () => {
  it('keeps the original and makes 320, 640 and 960 px WebP variants, in proportion', async () => {
    const bytes = await png(1500, 1000);
    const hash = await database.db.transaction((tx) => storeImage(tx, bytes));
    expect(hash).toBe(contentHash(bytes));
    const rows = new Map((await rowsOf(hash)).map((r) => [r.variant, r]));
    expect([...rows.keys()].sort()).toEqual(['original', 'w320', 'w640', 'w960']);
    expect(rows.get('original')).toMatchObject({ contentType: 'image/png', width: 1500, height: 1000, byteSize: bytes.length });
    expect(Buffer.compare(rows.get('original')!.data, bytes)).toBe(0);
    for (const [variant, width, height] of [['w320', 320, 213], ['w640', 640, 427], ['w960', 960, 640]] as const) {
      const meta = await sharp(rows.get(variant)!.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
  });

  it('stores identical bytes once', async () => {
    const bytes = await png(700, 700, '#C9A227');
    const first = await storeImage(database.db, bytes);
    const [before] = await database.db.select({ n: count() }).from(media);
    const second = await storeImage(database.db, bytes);
    const [after] = await database.db.select({ n: count() }).from(media);
    expect(second).toBe(first);
    expect(after).toEqual(before);
  });

  it('never enlarges a small image, but still offers it as WebP', async () => {
    const hash = await storeImage(database.db, await png(200, 100));
    const rows = await rowsOf(hash);
    expect(rows.map((r) => r.variant).sort()).toEqual(['original', 'w960']);
    const webp = rows.find((r) => r.variant === 'w960')!;
    expect([webp.contentType, webp.width, webp.height]).toEqual(['image/webp', 200, 100]);
  });

  it('accepts JPEG and WebP as well', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#D98C8C' } }).jpeg().toBuffer();
    const webp = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#FBF7F2' } }).webp().toBuffer();
    const [jpegRow] = await rowsOf(await storeImage(database.db, jpeg));
    expect(jpegRow).toBeDefined();
    const webpRows = await rowsOf(await storeImage(database.db, webp));
    expect(webpRows.find((r) => r.variant === 'original')?.contentType).toBe('image/webp');
    // A WebP no wider than 640 needs no w960 copy: the original is served.
    expect(webpRows.map((r) => r.variant).sort()).toEqual(['original', 'w320']);
  });

  it('refuses bytes that are not a PNG, JPEG or WebP image, whatever they claim to be', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    const cases = [
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF'),
      Buffer.from('just some text, not a picture'),
      svg,
      gif,
      Buffer.alloc(0),
    ];
    const [before] = await database.db.select({ n: count() }).from(media);
    for (const bytes of cases) {
      const refusal = await storeImage(database.db, bytes).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(UnsupportedImage);
      expect(refusal).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect((refusal as Error).message).toMatch(/image/i);
    }
    const [after] = await database.db.select({ n: count() }).from(media);
    expect(after).toEqual(before);
  });

  it('refuses a truncated image', async () => {
    const bytes = await png(300, 300);
    const refusal = await storeImage(database.db, bytes.subarray(0, 40)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnsupportedImage);
  });
});

describe('chooseVariant', () => {
  const webp = 'image/webp';
  const all = [
    { variant: 'original' as const, contentType: 'image/png' },
    { variant: 'w320' as const, contentType: webp },
    { variant: 'w640' as const, contentType: webp },
    { variant: 'w960' as const, contentType: webp },
  ];

  it('prefers the w960 WebP when no width is asked, and the original when there is none', () => {
    expect(chooseVariant(all, undefined)?.variant).toBe('w960');
    expect(chooseVariant(all.slice(0, 3), undefined)?.variant).toBe('original');
  });

  it('takes the asked width, else the next larger one, else the original', () => {
    expect(chooseVariant(all, 640)?.variant).toBe('w640');
    expect(chooseVariant([all[0]!, all[1]!, all[3]!], 640)?.variant).toBe('w960');
    expect(chooseVariant([all[0]!, all[1]!], 960)?.variant).toBe('original');
    expect(chooseVariant([], 320)).toBeNull();
  });
});
