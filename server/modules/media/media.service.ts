/**
 * Images, addressed by the SHA-256 of their bytes: the original as uploaded plus WebP variants for `srcset`.
 * Content is checked by its bytes (not by a file name or a declared type); identical bytes are stored once.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import { imageWidths } from '../../../domain/product-images';
import type { SiteImageSlot } from '../../../domain/site-images';
import type { Database, Transaction } from '../../db/client';
import { media, productImages, products, siteImages } from '../../db/schema';
import { refusal } from '../../errors';
import { loadSharp } from './sharp';

export type ImageWidth = (typeof imageWidths)[number];
/** 'original', or a width variant such as 'w640'. */
export type Variant = 'original' | `w${ImageWidth}`;

const accepted = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;
export type AcceptedFormat = keyof typeof accepted;

/** Guards against decompression bombs: a 300 KB upload must not expand to gigabytes of pixels. */
const maxInputPixels = 40_000_000;
const largestWidth = Math.max(...imageWidths) as ImageWidth;

export const UnsupportedImage = refusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'Please upload a PNG, JPEG or WebP image.');

export interface MediaRow {
  contentHash: string;
  variant: Variant;
  contentType: string;
  width: number;
  height: number;
  byteSize: number;
  data: Buffer;
}

export interface PreparedImage {
  hash: string;
  rows: MediaRow[];
}

export interface PrepareOptions {
  /** Make the w320/w640/w960 WebP variants (default true). */
  variants?: boolean;
  /** WebP encoder effort 0–6; the seed trades a little size for speed. */
  effort?: number;
  /** The decoded pixels, when the caller has them already (the seed renders them): saves decoding the bytes again. */
  pixels?: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  /** The formats this upload may be (every accepted one by default), and what a refusal says. */
  only?: { formats: readonly AcceptedFormat[]; refusal: string };
}

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Checks and processes an image without touching the database, so callers can do it outside a transaction. */
export async function prepareImage(bytes: Buffer, options: PrepareOptions = {}): Promise<PreparedImage> {
  const { format, width, height } = await inspect(bytes, options.only);
  const hash = contentHash(bytes);
  const rows: MediaRow[] = [
    { contentHash: hash, variant: 'original', contentType: accepted[format], width, height, byteSize: bytes.length, data: bytes },
  ];
  const wanted = options.variants === false ? [] : imageWidths.filter((w) => width > w || (w === largestWidth && format !== 'webp'));
  // An upload is decoded whole even without variants: a file whose header reads well but whose pixels do not (cut
  // short, corrupt) is refused here rather than stored and served broken.
  if (wanted.length === 0 && (options.pixels || !options.only)) return { hash, rows };
  // Decode once (turned upright), then resize the pixels for every variant.
  const pixels = options.pixels ?? (await decode(bytes, options.only?.refusal));
  if (wanted.length === 0) return { hash, rows };
  const sharp = await loadSharp();
  const made = await Promise.all(
    wanted.map(async (w) => {
      const { data, info } = await sharp(pixels.data, { raw: pixels.info })
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80, effort: options.effort ?? 4 })
        .toBuffer({ resolveWithObject: true });
      return { contentHash: hash, variant: `w${w}` as Variant, contentType: 'image/webp', width: info.width, height: info.height, byteSize: data.length, data };
    }),
  );
  return { hash, rows: [...rows, ...made] };
}

async function decode(bytes: Buffer, refusal?: string) {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: maxInputPixels }).rotate().raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new UnsupportedImage(refusal);
  }
}

/** The format by the bytes themselves (never the name or the declared type), and the upright size. */
async function inspect(bytes: Buffer, only?: PrepareOptions['only']): Promise<{ format: AcceptedFormat; width: number; height: number }> {
  if (bytes.length === 0) throw new UnsupportedImage('Please upload an image');
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
  } catch {
    throw new UnsupportedImage(only?.refusal);
  }
  const format = metadata.format;
  const allowed: readonly string[] = only?.formats ?? Object.keys(accepted);
  if (!format || !allowed.includes(format) || !metadata.width || !metadata.height) throw new UnsupportedImage(only?.refusal);
  if (metadata.width * metadata.height > maxInputPixels) throw new UnsupportedImage('This image is too large. Please upload a smaller one.');
  // EXIF orientations 5–8 swap the sides once the image is turned upright.
  const turned = (metadata.orientation ?? 1) >= 5;
  return {
    format: format as AcceptedFormat,
    width: turned ? metadata.height : metadata.width,
    height: turned ? metadata.width : metadata.height,
  };
}

/** Inserts prepared rows; rows already there (same hash and variant) are left as they are. */
export async function saveImage(tx: Transaction | Database, prepared: PreparedImage): Promise<string> {
  if (prepared.rows.length > 0) await tx.insert(media).values(prepared.rows).onConflictDoNothing();
  return prepared.hash;
}

/** Checks, processes and stores an image; returns its content hash. The same bytes twice make no new rows. */
export async function storeImage(tx: Transaction | Database, bytes: Buffer, options: PrepareOptions = {}): Promise<string> {
  const hash = contentHash(bytes);
  const [known] = await tx
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.contentHash, hash), eq(media.variant, 'original')))
    .limit(1);
  if (known) return hash;
  return saveImage(tx, await prepareImage(bytes, options));
}

export async function attachProductImage(tx: Transaction | Database, productId: number, hash: string, position = 0): Promise<void> {
  await tx.insert(productImages).values({ productId, contentHash: hash, position });
}

/** Replaces all of a product's images with these, in order. */
export async function replaceProductImages(tx: Transaction | Database, productId: number, hashes: readonly string[]): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (hashes.length > 0) {
    await tx.insert(productImages).values(hashes.map((contentHash, position) => ({ productId, contentHash, position })));
  }
}

export async function setSiteImage(tx: Transaction | Database, slot: SiteImageSlot, hash: string): Promise<void> {
  await tx
    .insert(siteImages)
    .values({ slot, contentHash: hash })
    .onConflictDoUpdate({ target: siteImages.slot, set: { contentHash: hash, updatedAt: sql`now()` } });
}

/** The first image of a storefront product, by item code (case-insensitive); null when none or removed. */
export async function findProductImageHash(db: Database, itemCode: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: productImages.contentHash })
    .from(products)
    .innerJoin(productImages, eq(productImages.productId, products.id))
    .where(and(sql`lower(${products.itemCode}) = lower(${itemCode})`, eq(products.isRemoved, false)))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .limit(1);
  return row?.hash ?? null;
}

export async function findSiteImageHash(db: Database, slot: SiteImageSlot): Promise<string | null> {
  const [row] = await db.select({ hash: siteImages.contentHash }).from(siteImages).where(eq(siteImages.slot, slot)).limit(1);
  return row?.hash ?? null;
}

export interface VariantInfo {
  variant: Variant;
  contentType: string;
}

export async function listVariants(db: Database, hash: string): Promise<VariantInfo[]> {
  const rows = await db
    .select({ variant: media.variant, contentType: media.contentType })
    .from(media)
    .where(eq(media.contentHash, hash));
  return rows.map((row) => ({ variant: row.variant as Variant, contentType: row.contentType }));
}

/**
 * Which stored variant answers a request: the asked width, else the next larger one, else the original. Without a
 * width, the w960 WebP variant (smaller than most originals), else the original.
 */
export function chooseVariant(available: readonly VariantInfo[], width: ImageWidth | undefined): VariantInfo | null {
  const byName = new Map(available.map((v) => [v.variant, v]));
  const ordered = width === undefined ? [largestWidth] : imageWidths.filter((w) => w >= width);
  for (const w of ordered) {
    const hit = byName.get(`w${w}`);
    if (hit) return hit;
  }
  return byName.get('original') ?? null;
}

export async function readVariant(db: Database, hash: string, variant: Variant): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: media.data })
    .from(media)
    .where(and(eq(media.contentHash, hash), eq(media.variant, variant)))
    .limit(1);
  return row?.data ?? null;
}
