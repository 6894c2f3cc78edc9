/**
 * The demo catalogue's pictures: one per product and the four site images. The server's build paints them once and
 * keeps them beside the server bundle (`writePaintedArt`), so that a first start on an empty DATA_DIR reads them in
 * milliseconds instead of painting them for 4–6 s of CPU. Run from the sources (tests, `npm run dev`) there is no such
 * file beside this module, and they are painted, all at once (sharp works on a thread pool, so painting in parallel
 * uses every core). Either way they are remembered for the life of the process, so a test file that seeds several
 * databases paints them once.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { SiteImageSlot } from '../../../domain/site-images';
import { siteImageSlots } from '../../../domain/site-images';
import { prepareImage, type PreparedImage } from '../../modules/media/media.service';
import { bannerSvg } from './art/banner-art';
import { giftSvg } from './art/gift-art';
import { productSvg } from './art/product-art';
import { renderSvg } from './art/render';
import { demoProducts } from './demo-catalog';

export interface DemoArt {
  products: Map<string, PreparedImage>;
  sites: Map<SiteImageSlot, PreparedImage>;
}

/** Product originals are 960 px square; the seed favours encoding speed (effort 2) to keep cold starts short. */
export const productImagePixels = 960;
const effort = 2;

/** Beside the module that runs: dist-server/ for the bundle, which the build wrote it to; never there for the sources. */
const paintedArtFile = join(dirname(fileURLToPath(import.meta.url)), 'demo-art.bin');

let rendering: Promise<DemoArt> | undefined;

export function renderDemoArt(): Promise<DemoArt> {
  rendering ??= (async () => readPaintedArt(paintedArtFile) ?? (await paint()))().catch((error: unknown) => {
    rendering = undefined;
    throw error;
  });
  return rendering;
}

/** Paints the pictures into `file`, for the bundle beside it to read (scripts/build-server.ts). */
export async function writePaintedArt(file: string): Promise<void> {
  const art = await paint();
  writeFileSync(file, serialize({ products: [...art.products], sites: [...art.sites] }));
}

/** The build's pictures, or null when there is no such file (or it cannot be read: then they are painted). */
export function readPaintedArt(file: string): DemoArt | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  try {
    const { products, sites } = deserialize(bytes) as { products: [string, PreparedImage][]; sites: [SiteImageSlot, PreparedImage][] };
    return { products: new Map(products), sites: new Map(sites) };
  } catch {
    return null;
  }
}

async function paint(): Promise<DemoArt> {
  const [products, sites] = await Promise.all([
    Promise.all(
      demoProducts.map(async (product) => {
        const { art } = product;
        const svg = 'gift' in art ? giftSvg({ seed: product.itemCode, gift: art.gift }, productImagePixels) : productSvg({ seed: product.itemCode, ...art }, productImagePixels);
        const { webp, pixels } = await renderSvg(svg, effort);
        return [product.itemCode, await prepareImage(webp, { effort, pixels })] as const;
      }),
    ),
    Promise.all(
      siteImageSlots.map(async (slot) => {
        const { webp } = await renderSvg(bannerSvg(slot), effort);
        // Served as they are (wider than any variant), so no variants to make.
        return [slot, await prepareImage(webp, { variants: false })] as const;
      }),
    ),
  ]);
  return { products: new Map(products), sites: new Map(sites) };
}
