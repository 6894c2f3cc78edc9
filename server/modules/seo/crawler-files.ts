/**
 * The files crawlers read first: robots.txt (which pages to leave alone, and where the sitemap is) and the sitemap
 * (every page worth listing). Both hold absolute addresses built from the shop's public base URL.
 */
import { adminPagePaths, infoPagePaths, pagePaths, privatePagePaths } from '../../../domain/page-paths';
import { flowerImagePath } from '../../../domain/product-images';
import { heroPicture, siteImagePath } from '../../../domain/site-images';
import type { Database } from '../../db/client';
import { cachedDocument } from '../catalog/catalog.cache';
import type { Site } from './site';
import { absoluteUrl } from './site';
import { selectSitemapRows } from './seo.queries';

export const sitemapPath = '/sitemap.xml';
export const robotsPath = '/robots.txt';

/**
 * Each rule is a prefix (RFC 9309): "/admin" also covers /adminmail, /admindeliveries…; "/account" covers
 * /account/orders. The API is left alone but for the pictures, which link previews and image search fetch (the more
 * specific Allow wins).
 */
function disallowedPrefixes(): string[] {
  const admin = Object.values(adminPagePaths).filter((path) => !path.startsWith('/admin'));
  const prefixes = ['/admin', ...admin, ...Object.values(privatePagePaths), '/api/'];
  // A prefix that another one already covers says nothing more.
  return [...new Set(prefixes)].filter((path, _index, all) => !all.some((other) => other !== path && path.startsWith(other))).sort();
}

/** The routes of the catalogue's pictures, as the pages name them (`/api/flowerimage`, `/api/heroimage`). */
const allowedApiPaths = [flowerImagePath('x'), siteImagePath(heroPicture.desktop)].map((path) => `/api/${path.split('?')[0]!}`);

export function robotsTxt(site: Pick<Site, 'baseUrl'>): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...allowedApiPaths.map((path) => `Allow: ${path}`),
    ...disallowedPrefixes().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(site, sitemapPath)}`,
    '',
  ].join('\n');
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

function sitemapXml(site: Pick<Site, 'baseUrl'>, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(absoluteUrl(site, path))}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap: home, every sub-category page (a category has no page of its own), every product not removed, and the
 * information pages. Kept with the catalogue's cache and forgotten with it, so a removed product leaves at once. One
 * file holds up to 50,000 addresses (sitemaps.org); a catalogue that outgrows it needs a sitemap index.
 */
export function sitemap(db: Database, site: Pick<Site, 'baseUrl'>): Promise<string> {
  return cachedDocument(db, `sitemap:${site.baseUrl}`, async () => {
    const rows = await selectSitemapRows(db);
    return sitemapXml(site, [
      { path: pagePaths.home },
      ...rows.subCategories.map((row) => ({ path: pagePaths.category(row.categoryName, row.subCategoryName), lastModified: row.updatedAt })),
      ...rows.products.map((row) => ({ path: pagePaths.flower(row.externalId), lastModified: row.updatedAt })),
      ...Object.values(infoPagePaths).map((path) => ({ path })),
    ]);
  });
}
