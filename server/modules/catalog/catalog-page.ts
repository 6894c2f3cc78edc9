/**
 * What the server adds to a catalogue page it sends (home, a category, a product): the API replies its first render
 * needs (domain/page-data.ts), its largest picture as a preload, so that the browser fetches that picture as soon as
 * it reads the page's <head>, and what search engines read of it (modules/seo/page-meta.ts). Other pages, and pages
 * whose data cannot be read (an unknown product), go out as built.
 */
import { allFlowersQuery, externalIdParam } from '../../../domain/catalog';
import { firstProductOf } from '../../../domain/catalog-selectors';
import { pageDataKeys } from '../../../domain/page-data';
import type { PageReplies } from '../../../domain/page-data';
import { defaultImageWidth, flowerImagePath, productImageSizes, productImageSrcSet } from '../../../domain/product-images';
import { desktopPictureMedia, heroPicture, siteImagePath } from '../../../domain/site-images';
import type { Database } from '../../db/client';
import { NotFound } from '../../errors';
import { unstorable } from '../../text-guard';
import { categoryPageMeta, homePageMeta, productPageMeta } from '../seo/page-meta';
import type { PageMeta } from '../seo/page-meta';
import type { Site } from '../seo/site';
import { flowerDetailBody, getAllFlowers, getCategoryHeader, getFlowerDetail } from './catalog.service';

/** The API's address as the browser app uses it (its default VITE_API_BASE). */
const apiBase = '/api';

/** A `<link rel="preload" as="image">`: a product picture's sizes, or one of a <picture>'s sources by its media. */
export interface ImagePreload {
  href: string;
  srcSet?: string;
  sizes?: string;
  media?: string;
}

export interface CatalogPage {
  /** Which catalogue page this is. */
  kind: CatalogRoute['page'];
  replies: PageReplies;
  /** The page's largest picture: one preload, or one per source of a <picture>. */
  lcpImages?: ImagePreload[];
  /**
   * Whether the server draws the page (modules/web/page-renderer.ts): not for an unknown product, nor a category or
   * sub-category without products, whose views the browser draws; so only the catalogue's own pages are ever drawn.
   */
  serverRender: boolean;
  /** Its title, description, canonical address, link preview and JSON-LD; null when it is no live page (noindex). */
  meta: PageMeta | null;
  /** A product that is not (or no longer) sold: the page answers 404, so search engines drop it; the app still says so. */
  notFound?: boolean;
}

export type CatalogRoute =
  | { page: 'home' }
  /** `categoryName` as the address has it (the browser's key), `lookupName` as the API reads it (trimmed). */
  | { page: 'category'; categoryName: string; lookupName: string; subCategoryName: string }
  | { page: 'flower'; flowerExtId: string };

/** The storefront routes of src/app/router.tsx that show catalogue data; like the browser router, case-insensitive. */
export function matchCatalogRoute(pathname: string): CatalogRoute | null {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  } catch {
    return null; // A malformed escape: the browser router shows its not-found page.
  }
  // What the API would refuse is not looked up: the page asks the API itself and shows its refusal.
  if (segments.some(unstorable)) return null;
  const [first, ...rest] = segments;
  const head = first?.toLowerCase();
  if (head === 'home' && rest.length === 0) return { page: 'home' };
  const query = head === 'category' && rest.length === 2 ? allFlowersQuery.safeParse({ category_name: rest[0] }) : undefined;
  if (query?.success && query.data.category_name) {
    return { page: 'category', categoryName: rest[0]!, lookupName: query.data.category_name, subCategoryName: rest[1]! };
  }
  if (head === 'flower' && rest.length === 1 && externalIdParam.safeParse(rest[0]).success) return { page: 'flower', flowerExtId: rest[0]! };
  return null;
}

function productPicture(itemCode: string, sizes: string): ImagePreload {
  return { href: `${apiBase}/${flowerImagePath(itemCode, defaultImageWidth)}`, srcSet: productImageSrcSet(apiBase, itemCode), sizes };
}

/** `siteOf`: the shop's public address and name, for what search engines read of the page; asked of catalogue pages only. */
export async function catalogPage(db: Database, pathname: string, siteOf: () => Promise<Site>): Promise<CatalogPage | null> {
  const route = matchCatalogRoute(pathname);
  if (!route) return null;
  const site = await siteOf();
  const header = (await getCategoryHeader(db)).value;
  const replies: PageReplies = { [pageDataKeys.categoryHeader]: header };

  if (route.page === 'home') {
    const catalogue = (await getAllFlowers(db)).value;
    replies[pageDataKeys.allFlowers()] = catalogue;
    // The hero: its phone picture below the desktop breakpoint, its desktop picture from there up.
    const lcpImages = [
      { href: `${apiBase}/${siteImagePath(heroPicture.mobile)}`, media: `not all and ${desktopPictureMedia}` },
      { href: `${apiBase}/${siteImagePath(heroPicture.desktop)}`, media: desktopPictureMedia },
    ];
    return { kind: 'home', replies, lcpImages, serverRender: true, meta: homePageMeta(site, catalogue) };
  }

  if (route.page === 'category') {
    const catalogue = (await getAllFlowers(db, route.lookupName)).value;
    replies[pageDataKeys.allFlowers(route.categoryName)] = catalogue;
    // The category page's first product, found the way the page finds it.
    const first = firstProductOf(catalogue.products, route.categoryName, route.subCategoryName);
    return {
      kind: 'category',
      replies,
      ...(first ? { lcpImages: [productPicture(first.itemCode, productImageSizes.card)] } : {}),
      serverRender: first !== undefined,
      meta: categoryPageMeta(site, catalogue, route.categoryName, route.subCategoryName),
    };
  }

  try {
    const flower = await getFlowerDetail(db, route.flowerExtId);
    replies[pageDataKeys.flowerDetail(route.flowerExtId)] = flowerDetailBody(flower);
    return {
      kind: 'flower',
      replies,
      lcpImages: [productPicture(flower.itemCode, productImageSizes.detail)],
      serverRender: true,
      meta: productPageMeta(site, flower, flower.rating),
    };
  } catch (error) {
    // An unknown product: the page asks the API itself and shows its not-found view.
    // A removed product is unknown here too: no live page, so not one a search engine should list.
    if (error instanceof NotFound) return { kind: 'flower', replies, serverRender: false, meta: null, notFound: true };
    throw error;
  }
}
