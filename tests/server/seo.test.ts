// What search engines read (issue 42): a catalogue page's title, description, canonical address, link preview and
// JSON-LD in the HTML the server sends; noindex on the shopper's own pages; /sitemap.xml and /robots.txt.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths';
import { products } from '../../server/db/schema';
import { invalidateCatalogCache } from '../../server/modules/catalog/catalog.cache';
import { productJsonLd } from '../../server/modules/seo/structured-data';
import type { ProductFacts } from '../../server/modules/seo/structured-data';
import type { ProductRow } from './helpers/factories';
import { aCategory, aProduct, aSubCategory } from './helpers/factories';
import { buildTestApp } from './helpers/app';

const base = 'https://petals.example.in';
const indexHtml = `<!doctype html><html><head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Petals &amp; Stems — Fresh &amp; Everlasting Flowers</title>
    <meta
      name="description"
      content="The built description."
    />
  </head><body><div id="root"></div></body></html>`;
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The page's <head> as a crawler reads it. */
function headOf(body: string) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(body)![1]!;
  const meta = (attribute: string, key: string) =>
    [...head.matchAll(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`, 'g'))].map((match) => decodeEntities(match[1]!));
  return {
    titles: [...head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((match) => decodeEntities(match[1]!)),
    descriptions: meta('name', 'description'),
    canonical: [...head.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map((match) => decodeEntities(match[1]!)),
    og: (key: string) => meta('property', `og:${key}`),
    twitter: (key: string) => meta('name', `twitter:${key}`),
    robots: meta('name', 'robots'),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>),
    scripts: [...head.matchAll(/<script\b/g)].length,
  };
}

const decodeEntities = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('pages that search engines read', () => {
  let dist: string;
  let app: FastifyInstance;
  let rose: ProductRow;
  let hostile: ProductRow;
  let soldOut: ProductRow;
  let removed: ProductRow;
  const categoryName = 'Fresh Flowers';
  const subName = 'Roses & Lilies';

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'fs-dist-'));
    writeFileSync(join(dist, 'index.html'), indexHtml);
    app = await buildTestApp({ distDir: dist, publicBaseUrl: base });
    const category = await aCategory(app.db, { name: categoryName });
    const sub = await aSubCategory(app.db, { categoryId: category.id, name: subName });
    rose = await aProduct(app.db, {
      subCategory: sub,
      name: 'Red Rose Bouquet',
      itemCode: 'FF-ROSE-12',
      sellingPricePaise: 124_950,
      description: 'Twelve red roses, hand tied with seasonal greens. Delivered fresh in Chennai.',
      stock: 4,
    });
    hostile = await aProduct(app.db, {
      subCategory: sub,
      name: 'Lily </script><script>alert(1)</script> <!-- Vase',
      itemCode: 'FF-LILY-01',
      description: 'White lilies </script><script>alert(2)</script> & "quotes"',
    });
    soldOut = await aProduct(app.db, { subCategory: sub, name: 'Sold Out Tulips', itemCode: 'FF-TUL-01', stock: 0 });
    removed = await aProduct(app.db, { subCategory: sub, name: 'Removed Orchid', itemCode: 'FF-ORC-01', isRemoved: true });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = async (url: string, status = 200) => {
    const res = await app.inject({ method: 'GET', url, headers: html });
    expect(res.statusCode, url).toBe(status);
    return res.body;
  };

  it('a product page: its own title and description, its canonical address, its picture for link previews', async () => {
    const head = headOf(await page(`/flower/${rose.externalId}?utm_source=newsletter`));
    expect(head.titles).toEqual([`Red Rose Bouquet — Rs. 1,249.50 | Petals & Stems`]);
    expect(head.descriptions).toEqual(['Red Rose Bouquet, Rs. 1,249.50. Twelve red roses, hand tied with seasonal greens.']);
    // No query: the newsletter's link and the page's own address are one page.
    expect(head.canonical).toEqual([`${base}/flower/${rose.externalId}`]);
    expect(head.og('type')).toEqual(['product']);
    expect(head.og('url')).toEqual([`${base}/flower/${rose.externalId}`]);
    expect(head.og('image')).toEqual([`${base}/api/flowerimage?sys_name=FF-ROSE-12&w=960`]);
    expect(head.og('title')).toEqual(head.titles);
    expect(head.og('site_name')).toEqual(['Petals & Stems']);
    expect(head.og('locale')).toEqual(['en_IN']);
    expect(head.twitter('card')).toEqual(['summary_large_image']);
    expect(head.twitter('image')).toEqual(head.og('image'));
    expect(head.robots).toEqual([]);
  });

  it('a product page: JSON-LD that parses, with the price in INR as a decimal string and the stock as availability', async () => {
    const [product, breadcrumbs] = headOf(await page(`/flower/${rose.externalId}`)).jsonLd;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Red Rose Bouquet',
      sku: 'FF-ROSE-12',
      productID: rose.externalId,
      category: `${categoryName} > ${subName}`,
      image: [`${base}/api/flowerimage?sys_name=FF-ROSE-12&w=960`],
      brand: { '@type': 'Brand', name: 'Petals & Stems' },
      offers: {
        '@type': 'Offer',
        price: '1249.50',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        url: `${base}/flower/${rose.externalId}`,
        seller: { '@type': 'Organization', name: 'Petals & Stems' },
      },
    });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((breadcrumbs!.itemListElement as { item: string }[]).map((crumb) => crumb.item)).toEqual([
      `${base}/home`,
      `${base}/category/Fresh%20Flowers/Roses%20%26%20Lilies`,
      `${base}/flower/${rose.externalId}`,
    ]);

    const [outOfStock] = headOf(await page(`/flower/${soldOut.externalId}`)).jsonLd;
    expect(outOfStock).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock', price: '1250.00' } });
  });

  it('a product named with </script><script> stays inside its JSON: no script of its own, the name read back whole', async () => {
    const body = await page(`/flower/${hostile.externalId}`);
    const head = headOf(body);
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('<!-- Vase');
    // The JSON-LD blocks are the only scripts in <head>.
    expect(head.scripts).toBe(head.jsonLd.length);
    expect(head.jsonLd[0]).toMatchObject({
      name: 'Lily </script><script>alert(1)</script> <!-- Vase',
      description: 'White lilies </script><script>alert(2)</script> & "quotes"',
    });
    expect(head.titles).toEqual(['Lily </script><script>alert(1)</script> <!-- Vase — Rs. 1,250 | Petals & Stems']);
    expect(head.og('description')[0]).toContain('alert(2)');
  });

  it('productJsonLd adds the buyers\' stars only when someone rated it, to one decimal', () => {
    const facts: ProductFacts = {
      name: 'Rose',
      description: null,
      sku: 'R-1',
      productId: 'prod-r',
      category: 'Fresh > Roses',
      url: `${base}/flower/prod-r`,
      image: `${base}/api/flowerimage?sys_name=R-1&w=960`,
      sellingPrice: 999,
      inStock: true,
      shopName: 'Petals & Stems',
    };
    expect(productJsonLd(facts, { average: 4.25, count: 8 }).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.3',
      reviewCount: 8,
      bestRating: 5,
      worstRating: 1,
    });
    expect(productJsonLd(facts, { average: 0, count: 0 })).not.toHaveProperty('aggregateRating');
    expect(productJsonLd(facts)).toMatchObject({ offers: { price: '999.00' } });
    expect(productJsonLd(facts)).not.toHaveProperty('description');
  });

  it('a removed or unknown product: no live page (404, noindex, no product tags), the app still there to say so', async () => {
    for (const url of [`/flower/${removed.externalId}`, '/flower/no-such-flower']) {
      const body = await page(url, 404);
      expect(body, url).toContain('<div id="root">');
      const head = headOf(body);
      expect(head.robots, url).toEqual(['noindex']);
      expect(head.jsonLd, url).toEqual([]);
      expect(head.canonical, url).toEqual([]);
    }
  });

  it('a category page: its name and what it holds, its canonical address in the catalogue\'s spelling, breadcrumbs', async () => {
    const head = headOf(await page('/category/Fresh%20Flowers/Roses%20%26%20Lilies?sort=x'));
    expect(head.titles).toEqual([`${subName} · ${categoryName} | Petals & Stems`]);
    expect(head.descriptions[0]).toMatch(/^Roses & Lilies from our Fresh Flowers collection: 3 arrangements from Rs\. 1,249\.50, such as Red Rose Bouquet, Lily .*…$/);
    // Cut at a word, as search engines show no more.
    expect(head.descriptions[0]!.length).toBeLessThanOrEqual(160);
    expect(head.canonical).toEqual([`${base}/category/Fresh%20Flowers/Roses%20%26%20Lilies`]);
    expect(head.og('type')).toEqual(['website']);
    expect(head.og('image')).toEqual([`${base}/api/flowerimage?sys_name=FF-ROSE-12&w=960`]);
    expect(head.jsonLd).toEqual([expect.objectContaining({ '@type': 'BreadcrumbList' })]);
    expect(head.robots).toEqual([]);
    // A sub-category the catalogue does not have is no page.
    expect(headOf(await page('/category/Fresh%20Flowers/Tulips')).robots).toEqual(['noindex']);
  });

  it('the home page: the shop\'s name and what it sells, the shop as an organisation, web site and florist', async () => {
    const head = headOf(await page('/home'));
    expect(head.titles).toEqual(['Petals & Stems — Fresh & Everlasting Flowers']);
    expect(head.descriptions).toHaveLength(1);
    expect(head.descriptions[0]).toContain(categoryName);
    expect(head.canonical).toEqual([`${base}/home`]);
    expect(head.og('image')).toEqual([`${base}/api/heroimage?image=topbannerimg`]);
    const types = head.jsonLd.map((data) => data['@type']);
    expect(types).toEqual(['Organization', 'WebSite', 'Florist']);
    expect(head.jsonLd[2]).toMatchObject({ address: { '@type': 'PostalAddress', addressCountry: 'IN', addressRegion: 'Tamil Nadu' } });
  });

  it.each(['/dashboard', '/adminsettings', '/account/orders', '/checkout', '/cart', '/search?q=rose', '/thankyou', '/login', '/no-such-page'])(
    '%s carries noindex and keeps its built head',
    async (url) => {
      const head = headOf(await page(url));
      expect(head.robots).toEqual(['noindex']);
      expect(head.titles).toEqual(['Petals & Stems — Fresh & Everlasting Flowers']);
      expect(head.canonical).toEqual([]);
    },
  );

  it('the information pages may be listed, and go out as built', async () => {
    expect(await page('/shipping')).toBe(indexHtml);
  });

  it('GET /sitemap.xml: home, every sub-category page and live product, the information pages; absolute, with lastmod', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = [...res.body.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(([, loc, lastmod]) => ({
      loc: decodeEntities(loc!),
      lastmod,
    }));
    const locs = urls.map((url) => url.loc);
    expect(locs).toContain(`${base}/home`);
    expect(locs).toContain(`${base}/category/Fresh%20Flowers/Roses%20%26%20Lilies`);
    for (const product of [rose, hostile, soldOut]) expect(locs).toContain(`${base}/flower/${product.externalId}`);
    expect(locs).not.toContain(`${base}/flower/${removed.externalId}`);
    for (const path of ['/shipping', '/refund', '/terms', '/privacy', '/aboutus', '/access', '/contactus']) expect(locs).toContain(`${base}${path}`);
    expect(locs.every((loc) => loc.startsWith(`${base}/`))).toBe(true);
    expect(urls.find((url) => url.loc.endsWith(rose.externalId))?.lastmod).toBe(rose.updatedAt.toISOString());
  });

  it('the sitemap is kept with the catalogue and forgotten with it: a product removed leaves it', async () => {
    const sitemap = async () => (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(await sitemap()).toContain(`/flower/${soldOut.externalId}<`);
    await app.db.update(products).set({ isRemoved: true, updatedAt: new Date() }).where(eq(products.id, soldOut.id));
    invalidateCatalogCache(app.db);
    expect(await sitemap()).not.toContain(`/flower/${soldOut.externalId}<`);
    expect(headOf(await page(`/flower/${soldOut.externalId}`, 404)).robots).toEqual(['noindex']);
  });

  it('GET /robots.txt: the storefront allowed, the admin, account, checkout, bag, sign-in, search and API pages not', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain(`Sitemap: ${base}/sitemap.xml\n`);
    const rules = res.body.split('\n').flatMap((line) => {
      const match = /^(Allow|Disallow): (.+)$/.exec(line);
      return match ? [{ allow: match[1] === 'Allow', path: match[2]! }] : [];
    });
    // Google's reading (RFC 9309): the longest matching rule wins.
    const allowed = (path: string) => {
      const matching = rules.filter((rule) => path.startsWith(rule.path)).sort((a, b) => b.path.length - a.path.length);
      return matching[0]?.allow ?? true;
    };
    const shopPages = [paths.home, paths.category('Fresh Flowers', 'Roses'), paths.flower('prod-1'), paths.shipping, paths.contactUs, '/api/flowerimage?sys_name=A&w=960', '/api/heroimage?image=topbannerimg'];
    for (const path of shopPages) expect(allowed(path), path).toBe(true);
    const privatePages = [
      paths.dashboard, paths.flowerList, paths.flowerFormUpdate('p'), paths.flowerCategoryList, paths.updateFlowerSubCategory(1), paths.purchaseOrder(1),
      paths.adminMail, paths.adminLowStock, paths.adminGstReport, paths.deliveryAreaList, paths.deleteDeliveryArea(1), paths.heroImageForm,
      paths.account, paths.accountTab('orders'), paths.myAccount, paths.updateUserAddress(1), paths.cart, paths.checkout, paths.thankYou,
      paths.login, paths.guestLogin, paths.signup, paths.forgotPassword, paths.search(new URLSearchParams({ q: 'rose' })), '/api/allflowers', '/api/user/orders',
    ];
    for (const path of privatePages) expect(allowed(path), path).toBe(false);
  });
});
