/**
 * `GET /sitemap.xml` and `GET /robots.txt` (issue 42), at the site's root where crawlers look for them, with absolute
 * addresses from the shop's public base URL (PUBLIC_BASE_URL, as mails build their links).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { robotsPath, robotsTxt, sitemap, sitemapPath } from './crawler-files';

/** Crawlers come back for them now and then; an hour's staleness costs nothing (a removed product's page says noindex). */
const crawlerFileCacheControl = 'public, max-age=3600';

export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    sitemapPath,
    { schema: { tags: ['seo'], summary: 'Every live category page and product, the home page and the information pages, for crawlers' } },
    async (_request, reply) => {
      const xml = await sitemap(app.db, { baseUrl: app.config.publicBaseUrl });
      return reply.header('cache-control', crawlerFileCacheControl).type('application/xml; charset=utf-8').send(xml);
    },
  );

  app.get(
    robotsPath,
    { schema: { tags: ['seo'], summary: 'Which pages crawlers leave alone, and where the sitemap is' } },
    async (_request, reply) => {
      return reply.header('cache-control', crawlerFileCacheControl).type('text/plain; charset=utf-8').send(robotsTxt({ baseUrl: app.config.publicBaseUrl }));
    },
  );
};
