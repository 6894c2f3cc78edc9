/**
 * Builds the Fastify app from a Config: database, mail, security headers, compression, OpenAPI, error handling and
 * every route. Tests call this with an in-memory database; server.ts only adds listening and shutdown.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Redis } from 'ioredis';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Config } from './config';
import { openDatabase } from './db/client';
import type { OpenDatabase } from './db/client';
import { isNewDatabase } from './db/pglite-template';
import { renderDemoArt } from './db/seed/demo-art';
import { seedDemo } from './db/seed/seed-demo';
import { answerClientError, errorHandler } from './error-handler';
import { refuseUnstorableText } from './text-guard';
import { compression } from './compression';
import { registerSecurityHeaders } from './security-headers';
import { closeRateLimitRedis, connectRateLimitRedis, logRateLimitOutages } from './rate-limit-redis';
import { loggerOptions, OneLinePerRequest } from './logging';
import { startJobQueue } from './jobs/job-queue';
import type { JobTimings } from './jobs/job-queue';
import { shopJobs } from './jobs/shop-jobs';
import { NotFound, TooManyRequests } from './errors';
import { accountRoutes } from './modules/account/account.routes';
import { addonsRoutes } from './modules/addons/addons.routes';
import { adminCatalogRoutes } from './modules/admin/admin-catalog.routes';
import { adminMessagesRoutes } from './modules/admin/admin-messages.routes';
import { adminMailRoutes } from './modules/admin/admin-mail.routes';
import { adminOrdersRoutes } from './modules/admin/admin-orders.routes';
import { adminDeliveryBoardRoutes } from './modules/delivery/delivery-board.routes';
import { adminReportsRoutes } from './modules/reports/reports.routes';
import { adminDeliverySlotsRoutes, deliveryScheduleRoutes } from './modules/delivery/schedule.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { bootstrapAdmin } from './modules/auth/auth.service';
import { callerPlugin } from './modules/auth/caller';
import { cartRoutes } from './modules/cart/cart.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { followCatalogChanges } from './modules/catalog/catalog-feed';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { searchRoutes } from './modules/search/search.routes';
import { adminReviewsRoutes, reviewsRoutes } from './modules/reviews/reviews.routes';
import { adminCouponsRoutes, couponsRoutes } from './modules/coupons/coupons.routes';
import { guestRoutes } from './modules/guest/guest.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { pincodeRoutes } from './modules/delivery/pincodes.routes';
import { serviceAreaRoutes } from './modules/delivery/service-areas.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createMailer } from './modules/mail/mailer';
import { outboxRoutes } from './modules/mail/outbox.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createPaymentProvider } from './modules/payments/create-provider';
import { paymentRoutes } from './modules/payments/payments.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { pageRenderer } from './modules/web/page-renderer';
import { registerWeb } from './modules/web/web';
import { catalogPage } from './modules/catalog/catalog-page';
import { seoRoutes } from './modules/seo/seo.routes';
import { siteOf } from './modules/seo/site';
import { cachedSettings } from './modules/settings/settings.service';
import { publicShopInfo } from './modules/shop/shop.service';
import { landingPath } from '../domain/limits';
import { pageDataKeys } from '../domain/page-data';

export interface AppDeps {
  /** An already open database; the app takes ownership and closes it on app.close(). */
  database?: OpenDatabase;
  /** Runs last on app.close(), after the database is closed (tests drop their scratch database here). */
  onClose?: () => Promise<void>;
  /** Human-readable logs (the server entry on a terminal); JSON lines otherwise. */
  prettyLogs?: boolean;
  /** Where the JSON log lines go instead of stdout (tests read what the server logs). */
  logStream?: DestinationStream;
  /** The job queue's clocks, where a test needs them quicker than pg-boss's defaults. */
  jobTimings?: Partial<JobTimings>;
  /** The server's clock for the delivery schedule's cut-offs (tests fix it); the system clock otherwise. */
  now?: () => Date;
}

export const jsonBodyLimit = 1024 * 1024;

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  // First, as it is quick: a REDIS_URL that does not answer stops the start with a message naming it, without waiting
  // for the database's start-up (rate-limit-redis.ts says why it stops rather than going on unlimited).
  const rateLimitRedis = config.redisUrl
    ? await connectRateLimitRedis(config.redisUrl).catch(async (error: unknown) => {
        await deps.database?.close().catch(() => undefined);
        throw error;
      })
    : null;
  // A first start on an empty data directory spends seconds creating the database and seconds painting the demo
  // pictures (sharp's thread pool); started now, the painting overlaps the database's creation instead of following it.
  if (config.seedDemo && !deps.database && isNewDataDir(config.database)) void renderDemoArt().catch(() => undefined);
  let database: OpenDatabase | undefined;
  try {
    database = deps.database ?? (await openDatabase(config.database));
    return await assemble(config, database, rateLimitRedis, deps);
  } catch (error) {
    await database?.close().catch(() => undefined);
    if (rateLimitRedis) await closeRateLimitRedis(rateLimitRedis);
    throw error;
  }
}

async function assemble(
  config: Config,
  database: OpenDatabase,
  rateLimitRedis: Redis | null,
  deps: AppDeps,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions({ level: config.logLevel, stream: deps.logStream, pretty: deps.prettyLogs }),
    logController: new OneLinePerRequest(),
    bodyLimit: jsonBodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // domain/'s schemas are zod/mini, which loads no messages: a refusal without a message of its own answers zod's English.
  z.config(z.locales.en());

  // One instance at a time: servers starting together on one PostgreSQL would both seed, or both create the admin.
  await database.exclusively(async () => {
    if (config.seedDemo) {
      await seedDemo(database.db, (message) => app.log.info(message));
    }
    if (config.admin) {
      const outcome = await bootstrapAdmin(database.db, config.admin);
      app.log.info(`admin account ${config.admin.email} ${outcome}`);
    }
  });
  const mailer = createMailer(config, database.db, app.log);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    try {
      // First: jobs under way finish with the mailer and the database still open.
      if (app.hasDecorator('jobs')) await app.jobs.stop();
      await mailer.close();
      if (rateLimitRedis) await closeRateLimitRedis(rateLimitRedis);
      await database.close();
    } finally {
      await deps.onClose?.();
    }
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  app.setErrorHandler(errorHandler);

  registerSecurityHeaders(app, config.payment);
  await app.register(fastifyCompress, {
    // Answers only: no client of the shop compresses what it sends, and every request would pass one more hook.
    globalDecompression: false,
    encodings: [...compression.encodings],
    threshold: compression.threshold,
    brotliOptions: { params: compression.brotliParams },
  });
  await app.register(fastifyCookie);
  await app.register(callerPlugin);
  app.addHook('preValidation', refuseUnstorableText);
  if (rateLimitRedis) logRateLimitOutages(rateLimitRedis, app.log);
  await app.register(fastifyRateLimit, {
    global: false,
    // With REDIS_URL every limit counts in Redis, shared by all server processes; otherwise in this process. While
    // Redis is away requests go on unlimited rather than failing (rate-limit-redis.ts).
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new TooManyRequests(`Too many requests. Please try again in ${context.after}.`),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.shop.name} API`,
        description: 'The storefront and admin API. Every refusal is JSON `{ message, code }` with a 4xx status.',
        version: '1',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  const paymentProvider = createPaymentProvider(config, app.db);
  app.decorate('payments', paymentProvider);
  // The one clock the checkout invoice and the delivery schedule read their cut-offs from.
  const clock = deps.now ?? (() => new Date());
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(shopRoutes);
      await api.register(catalogRoutes);
      await api.register(searchRoutes);
      await api.register(addonsRoutes);
      await api.register(reviewsRoutes);
      await api.register(contactRoutes);
      await api.register(mediaRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(guestRoutes);
      await api.register(cartRoutes);
      await api.register(ordersRoutes(paymentProvider, clock));
      await api.register(couponsRoutes(clock));
      await api.register(paymentRoutes(paymentProvider));
      await api.register(checkoutRoutes);
      await api.register(adminCatalogRoutes);
      await api.register(adminOrdersRoutes);
      await api.register(adminMessagesRoutes);
      await api.register(adminMailRoutes);
      await api.register(adminReviewsRoutes);
      await api.register(adminCouponsRoutes(clock));
      await api.register(settingsRoutes);
      await api.register(documentsRoutes);
      await api.register(pincodeRoutes);
      await api.register(serviceAreaRoutes);
      await api.register(deliveryScheduleRoutes(clock));
      await api.register(adminDeliverySlotsRoutes);
      await api.register(adminDeliveryBoardRoutes(deps.now ?? (() => new Date())));
      await api.register(adminReportsRoutes(deps.now ?? (() => new Date())));
    },
    { prefix: '/api' },
  );
  // At the site's root, where crawlers look for them.
  await app.register(seoRoutes);
  if (mailer.transport === 'outbox') await app.register(outboxRoutes);
  // Before listening: the reservation sweep's first run settles what ran out while the shop was down.
  await startJobQueue(app, shopJobs, deps.jobTimings);

  const web = await registerWeb(app, {
    distDir: config.distDir,
    rootRedirect: landingPath,
    ...(config.pageRendererFile ? { renderer: pageRenderer(config.pageRendererFile) } : {}),
    catalogPage: async (pathname) => {
      // The settings' address goes into the home page's JSON-LD (they are cached with the catalogue).
      const page = await catalogPage(app.db, pathname, async () => siteOf(config, await cachedSettings(app.db, config.shop)));
      // The footer's contact details come along too: the page then asks the API for nothing to show itself.
      if (page) page.replies[pageDataKeys.shopInfo] = publicShopInfo(config);
      return page;
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (await web.servePage(request, reply)) return reply;
    const path = request.url.split('?')[0];
    throw new NotFound(path?.startsWith('/api/') ? `No API route ${request.method} ${path}` : 'Not found');
  });

  // Last, when nothing else can fail the start (until then the catalogue is read, not cached). onClose hooks run
  // last-added first, so its connection ends before the database is closed.
  const catalogFeed = await followCatalogChanges(config.database, database.db, app.log);
  app.addHook('onClose', () => catalogFeed.close());
  return app;
}

/** An embedded database directory PostgreSQL has not been initialised in yet (so the demo seed is sure to run). */
function isNewDataDir(target: Config['database']): boolean {
  return target.kind === 'pglite' && target.dataDir !== null && isNewDatabase(target.dataDir);
}
