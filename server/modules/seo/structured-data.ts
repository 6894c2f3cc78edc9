/**
 * The schema.org JSON-LD of the catalogue pages (https://schema.org, Google's "Product snippets" and "Merchant listing"
 * rules): a product with its offer in INR and, when buyers have rated it, its aggregate rating; the shop itself on the
 * home page; breadcrumbs on category and product pages. Plain objects here; jsonLdScript writes one into the page.
 */
import { rupeesToPaise } from '../../../domain/money';
import { infoPagePaths, pagePaths, privatePagePaths } from '../../../domain/page-paths';
import type { Site } from './site';
import { absoluteUrl } from './site';
import type { ProductRating } from '../../../domain/reviews';

type JsonLd = Record<string, unknown>;

const context = 'https://schema.org';

/** What a product's JSON-LD says: the product page's facts, its addresses already absolute. */
export interface ProductFacts {
  name: string;
  description: string | null;
  /** The shop's item code. */
  sku: string;
  /** The product's public id, as its address has it. */
  productId: string;
  /** "Category > Sub-category". */
  category: string;
  /** The product page's canonical URL. */
  url: string;
  /** The product's picture, absolute. */
  image: string;
  /** The selling price in rupees (the wire's unit: at most two decimals). */
  sellingPrice: number;
  inStock: boolean;
  /** The shop: the brand and the seller. */
  shopName: string;
}

/** Buyers' ratings of a product (issue 42's reviews): the average of 1 to 5 stars, and how many reviews it is of. */
export type { ProductRating } from '../../../domain/reviews';

/** "1250.00": the price as schema.org wants it, a decimal string, from paise so that no rupee float shows through. */
export function offerPrice(sellingPrice: number): string {
  const paise = rupeesToPaise(sellingPrice);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** A product with its offer; `rating` adds AggregateRating only when someone has rated it (Google refuses a 0 count). */
export function productJsonLd(product: ProductFacts, rating?: ProductRating): JsonLd {
  const brand = { '@type': 'Brand', name: product.shopName };
  return {
    '@context': context,
    '@type': 'Product',
    name: product.name,
    ...(product.description?.trim() ? { description: product.description.trim() } : {}),
    image: [product.image],
    sku: product.sku,
    productID: product.productId,
    category: product.category,
    url: product.url,
    brand,
    offers: {
      '@type': 'Offer',
      url: product.url,
      price: offerPrice(product.sellingPrice),
      priceCurrency: 'INR',
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: product.shopName },
    },
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average.toFixed(1),
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** A trail of pages from the home page, each with its name and absolute URL. */
export function breadcrumbJsonLd(trail: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/**
 * The home page's: the shop as an organisation, the web site with its search (the results page's address), and, when
 * the shop has a street address, the shop as a florist there (a LocalBusiness).
 */
export function shopJsonLd(site: Site): JsonLd[] {
  const home = absoluteUrl(site, pagePaths.home);
  const organization = {
    '@context': context,
    '@type': 'Organization',
    name: site.name,
    url: home,
    logo: site.logoUrl,
    ...(site.email ? { email: site.email } : {}),
    ...(site.phone ? { telephone: site.phone } : {}),
  };
  const webSite = {
    '@context': context,
    '@type': 'WebSite',
    name: site.name,
    url: home,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(site, privatePagePaths.search)}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
  if (!site.address) return [organization, webSite];
  const florist = {
    '@context': context,
    '@type': 'Florist',
    name: site.name,
    url: home,
    image: site.logoUrl,
    ...(site.phone ? { telephone: site.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address,
      ...(site.region ? { addressRegion: site.region } : {}),
      addressCountry: 'IN',
    },
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', url: absoluteUrl(site, infoPagePaths.contactUs) },
  };
  return [organization, webSite, florist];
}

/**
 * One JSON-LD block for <head>. Text inside <script> ends at the first "</script", and "<!--" changes how the rest is
 * read, whatever the JSON says: so '<', '>' and '&' go as JSON escapes (\u003c…), which JSON.parse reads back as the
 * very same characters, and so do U+2028/U+2029 for the older JavaScript parsers that took them for line ends.
 */
export function jsonLdScript(data: JsonLd | JsonLd[]): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}
