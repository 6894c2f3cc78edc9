/**
 * Renders the demo catalogue's pictures: one per product and the four site images, all at once (sharp works on a
 * thread pool, so rendering in parallel uses every core). Remembered for the life of the process, so a test file that
 * seeds several databases paints them once.
 */
import type { SiteImageSlot } from '../../../domain/site-images';
import { siteImageSlots } from '../../../domain/site-images';
import { prepareImage, type PreparedImage } from '../../modules/media/media.service';
import { bannerSvg } from './art/banner-art';
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

let rendering: Promise<DemoArt> | undefined;

export function renderDemoArt(): Promise<DemoArt> {
  rendering ??= paint().catch((error: unknown) => {
    rendering = undefined;
    throw error;
  });
  return rendering;
}

async function paint(): Promise<DemoArt> {
  const [products, sites] = await Promise.all([
    Promise.all(
      demoProducts.map(async (product) => {
        const svg = productSvg({ seed: product.itemCode, ...product.art }, productImagePixels);
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
