/**
 * What a page's <head> tells search engines and link previews (issue 42): for the home, category and product pages a
 * title and description of their own, the canonical address, Open Graph and Twitter card tags, and JSON-LD
 * (structured-data.ts); for the shopper's own pages and the admin's, `noindex`. web.ts writes it into the page it sends.
 */
import type { AllFlowersReply, FlowerDetail } from '../../../domain/catalog';
import { findCategory, productsOf } from '../../../domain/catalog-selectors';
import {
  categoryPageDescription,
  categoryPageTitle,
  homePageDescription,
  homePageTitle,
  productPageDescription,
  productPageTitle,
} from '../../../domain/page-meta';
import { infoPagePaths, pagePaths } from '../../../domain/page-paths';
import { flowerImagePath, imageWidths } from '../../../domain/product-images';
import { heroPicture, siteImagePath } from '../../../domain/site-images';
import type { Site } from './site';
import { absoluteUrl } from './site';
import type { ProductRating } from './structured-data';
import { breadcrumbJsonLd, jsonLdScript, productJsonLd, shopJsonLd } from './structured-data';

/** The API's address as the pictures are served from it. */
const apiBase = '/api';

export interface PageMeta {
  title: string;
  description: string;
  /** The page's one address: absolute, in the catalogue's own spelling, without a query. */
  canonicalUrl: string;
  ogType: 'website' | 'product';
  /** The page's picture, absolute. */
  image: string;
  /** Product pages: the price for Open Graph's product tags. */
  price?: { amount: string; currency: 'INR' };
  jsonLd: Record<string, unknown>[];
  /** The shop's name, for og:site_name. */
  siteName: string;
}

/** What web.ts puts into a page's <head>: a title to replace the built one (and its description), and tags to add. */
export interface PageHead {
  title: string | null;
  tags: string;
}

/** A page no search engine should list (the shopper's own pages, the admin's, an unknown product). */
export const noindexHead: PageHead = { title: null, tags: '<meta name="robots" content="noindex">' };

/** A product picture at its largest variant, absolute: link previews show it large. */
const productImageUrl = (site: Site, itemCode: string) => absoluteUrl(site, `${apiBase}/${flowerImagePath(itemCode, imageWidths[imageWidths.length - 1])}`);

export function homePageMeta(site: Site, catalogue: AllFlowersReply): PageMeta {
  return {
    title: homePageTitle(site.name),
    description: homePageDescription(site.name, catalogue.products.map((category) => category.categoryName)),
    canonicalUrl: absoluteUrl(site, pagePaths.home),
    ogType: 'website',
    image: absoluteUrl(site, `${apiBase}/${siteImagePath(heroPicture.desktop)}`),
    jsonLd: shopJsonLd(site),
    siteName: site.name,
  };
}

/**
 * A category page, named as the catalogue spells it (the browser's route matches names exactly, so does this); null
 * when the catalogue has no such category or sub-category: no page of its own, nothing to list.
 */
export function categoryPageMeta(site: Site, catalogue: AllFlowersReply, categoryName: string, subCategoryName: string): PageMeta | null {
  const category = findCategory(catalogue.products, categoryName);
  const sub = category?.SubProductCategories.find((candidate) => candidate.subCategoryName === subCategoryName);
  if (!category || !sub) return null;
  const products = productsOf(category, subCategoryName);
  const canonicalUrl = absoluteUrl(site, pagePaths.category(category.categoryName, sub.subCategoryName));
  const prices = products.map((product) => product.sellingPrice);
  return {
    title: categoryPageTitle(category.categoryName, sub.subCategoryName, site.name),
    description: categoryPageDescription(category.categoryName, sub.subCategoryName, {
      productNames: products.map((product) => product.productName),
      lowestPrice: prices.length ? Math.min(...prices) : null,
    }),
    canonicalUrl,
    ogType: 'website',
    image: products[0] ? productImageUrl(site, products[0].itemCode) : site.logoUrl,
    jsonLd: [
      breadcrumbJsonLd([
        { name: site.name, url: absoluteUrl(site, pagePaths.home) },
        { name: `${sub.subCategoryName} · ${category.categoryName}`, url: canonicalUrl },
      ]),
    ],
    siteName: site.name,
  };
}

/** A product's page; `rating` (its reviews' average and count) adds the stars to its JSON-LD. */
export function productPageMeta(site: Site, flower: FlowerDetail, rating?: ProductRating): PageMeta {
  const canonicalUrl = absoluteUrl(site, pagePaths.flower(flower.externalId));
  const image = productImageUrl(site, flower.itemCode);
  const product = productJsonLd(
    {
      name: flower.productName,
      description: flower.description,
      sku: flower.itemCode,
      productId: flower.externalId,
      category: `${flower.flowerCategoryName} > ${flower.flowerSubCategoryName}`,
      url: canonicalUrl,
      image,
      sellingPrice: flower.sellingPrice,
      inStock: flower.quantity > 0,
      shopName: site.name,
    },
    rating,
  );
  return {
    title: productPageTitle(flower.productName, flower.sellingPrice, site.name),
    description: productPageDescription(flower.productName, flower.sellingPrice, flower.description),
    canonicalUrl,
    ogType: 'product',
    image,
    price: { amount: (product.offers as { price: string }).price, currency: 'INR' },
    jsonLd: [
      product,
      breadcrumbJsonLd([
        { name: site.name, url: absoluteUrl(site, pagePaths.home) },
        {
          name: `${flower.flowerSubCategoryName} · ${flower.flowerCategoryName}`,
          url: absoluteUrl(site, pagePaths.category(flower.flowerCategoryName, flower.flowerSubCategoryName)),
        },
        { name: flower.productName, url: canonicalUrl },
      ]),
    ],
    siteName: site.name,
  };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const metaTag = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeAttribute(content)}">`;

/** The tags of a page that search engines may list. */
export function pageHeadOf(meta: PageMeta): PageHead {
  const tags = [
    metaTag('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeAttribute(meta.canonicalUrl)}">`,
    metaTag('property', 'og:type', meta.ogType),
    metaTag('property', 'og:title', meta.title),
    metaTag('property', 'og:description', meta.description),
    metaTag('property', 'og:url', meta.canonicalUrl),
    metaTag('property', 'og:image', meta.image),
    metaTag('property', 'og:site_name', meta.siteName),
    metaTag('property', 'og:locale', 'en_IN'),
    ...(meta.price
      ? [metaTag('property', 'product:price:amount', meta.price.amount), metaTag('property', 'product:price:currency', meta.price.currency)]
      : []),
    metaTag('name', 'twitter:card', 'summary_large_image'),
    metaTag('name', 'twitter:title', meta.title),
    metaTag('name', 'twitter:description', meta.description),
    metaTag('name', 'twitter:image', meta.image),
    ...meta.jsonLd.map((data) => jsonLdScript(data)),
  ];
  return { title: meta.title, tags: tags.join('') };
}

/** The pages that are the same for everyone and worth listing, besides the catalogue's (which say so themselves). */
const infoPages = new Set<string>(Object.values(infoPagePaths));

/**
 * Whether a page that is not a catalogue page may be listed: the shop's information pages. Every other address (the
 * shopper's own pages, the admin's, the search results, an address no page answers) carries noindex.
 */
export function isIndexableInfoPage(pathname: string): boolean {
  return infoPages.has(pathname.toLowerCase().replace(/\/+$/, '') || '/');
}
