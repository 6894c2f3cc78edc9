import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { LowStockReport } from '../../domain/reports';
import { lowStockJob } from '../../server/jobs/low-stock.job';
import { mails, products } from '../../server/db/schema';
import { queueLowStockMail } from '../../server/modules/reports/low-stock.service';
import { defaultSettings, saveSettings } from '../../server/modules/settings/settings.service';
import { buildTestApp } from './helpers/app';
import { aUser, expectAdminOnly, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';
import { everyCaller } from './helpers/cart';
import { aProduct, aSubCategory } from './helpers/factories';

let app: FastifyInstance;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await aUser(app, { role: 'admin' });
  buyer = await aUser(app);
});

afterAll(async () => {
  await app.close();
});

const asAdmin = () => signedInAs(app, { externalId: admin.externalId, role: 'admin' });
const get = (headers: Record<string, string> = asAdmin()) => app.inject({ method: 'GET', url: '/api/admin/reports/low-stock', headers });
const setThreshold = (lowStockThreshold: number) => saveSettings(app.db, { ...defaultSettings(app.config.shop), lowStockThreshold });
const lowStockMails = () => app.db.select().from(mails).where(eq(mails.kind, 'low_stock'));

/** Every flower the shop has gets `stock`; the tests then lower the few they look at. */
beforeEach(async () => {
  await app.db.update(products).set({ stock: 100 });
  await app.db.delete(mails).where(eq(mails.kind, 'low_stock'));
  await setThreshold(5);
});

type Flower = Awaited<ReturnType<typeof aProduct>>;
let flowers: Record<'none' | 'three' | 'four' | 'removed' | 'plenty', Flower>;

beforeAll(async () => {
  const sub = await aSubCategory(app.db);
  const flower = (name: string, isRemoved = false) => aProduct(app.db, { subCategory: sub, name, stock: 100, isRemoved });
  flowers = {
    none: await flower('Blue Orchid Bunch'),
    three: await flower('Amber Rose Posy'),
    four: await flower('Lily Basket'),
    removed: await flower('Withdrawn Tulips', true),
    plenty: await flower('Plenty of Daisies'),
  };
});

/** 0, 3 and 4 in stock; a removed flower at 1 and one at the threshold, 5. */
async function someLowFlowers() {
  const stocks = { none: 0, three: 3, four: 4, removed: 1, plenty: 5 } as const;
  for (const [key, stock] of Object.entries(stocks)) {
    await app.db.update(products).set({ stock }).where(eq(products.id, flowers[key as keyof typeof stocks].id));
  }
  return flowers;
}

describe('GET admin/reports/low-stock', () => {
  it('lists the flowers on sale below the threshold, fewest first, with their category', async () => {
    const { none, three, four } = await someLowFlowers();
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<LowStockReport>();
    expect(report.threshold).toBe(5);
    // Not the removed flower (1 in stock), nor the one at the threshold (5).
    expect(report.products.map((product) => [product.name, product.stock])).toEqual([
      ['Blue Orchid Bunch', 0],
      ['Amber Rose Posy', 3],
      ['Lily Basket', 4],
    ]);
    expect(report.products.map((product) => product.externalId)).toEqual([none.externalId, three.externalId, four.externalId]);
    expect(report.products[0]!.category).toMatch(/^Category /);
    expect(report.products[0]!.subCategory).toMatch(/^Sub /);
  });

  it('follows the threshold saved in Settings', async () => {
    await someLowFlowers();
    await setThreshold(4);
    expect((await get()).json<LowStockReport>().products.map((product) => product.name)).toEqual(['Blue Orchid Bunch', 'Amber Rose Posy']);
    await setThreshold(0);
    expect((await get()).json()).toEqual({ threshold: 0, products: [] });
  });

  it('answers admins only', async () => {
    await expectAdminOnly((headers) => get(headers), await everyCaller(app, { customer: buyer, admin: asAdmin() }));
  });
});

describe('the daily low stock mail', () => {
  it('queues one mail to the shop listing each low flower with its stock and the admin screen', async () => {
    await someLowFlowers();
    await lowStockJob.run(app, {});
    const queued = await lowStockMails();
    expect(queued).toHaveLength(1);
    const [mail] = queued;
    expect(mail!.to).toBe(app.config.shop.email);
    expect(mail!.subject).toMatch(/^Low stock on \d{4}-\d{2}-\d{2}: 3 flowers below 5$/);
    expect(mail!.text).toContain('3 flowers are low in stock');
    expect(mail!.text).toMatch(/Blue Orchid Bunch \(Category \d+\): 0 in stock\nAmber Rose Posy \(Category \d+\): 3 in stock\nLily Basket \(Category \d+\): 4 in stock/);
    expect(mail!.text).not.toContain('Withdrawn Tulips');
    expect(mail!.text).not.toContain('Plenty of Daisies');
    expect(mail!.text).toContain(`Open the low stock list: ${app.config.publicBaseUrl}/adminlowstock`);
    expect(mail!.html).toContain(`href="${app.config.publicBaseUrl}/adminlowstock"`);
    expect(mail!.html).toContain('Amber Rose Posy');
  });

  it('queues none a second time the same India day, from a second run or a second instance', async () => {
    await someLowFlowers();
    await lowStockJob.run(app, {});
    await lowStockJob.run(app, {});
    expect(await lowStockMails()).toHaveLength(1);
  });

  it('keys the mail to the India day: 23:00 UTC is already the next day in India', async () => {
    await someLowFlowers();
    const context = { shop: app.config.shop, publicBaseUrl: app.config.publicBaseUrl };
    expect(await queueLowStockMail(app.db, context, new Date('2026-12-03T02:30:00Z'))).not.toBeNull();
    expect(await queueLowStockMail(app.db, context, new Date('2026-12-03T18:00:00Z'))).toBeNull();
    expect(await queueLowStockMail(app.db, context, new Date('2026-12-03T19:00:00Z'))).not.toBeNull();
    expect((await lowStockMails()).map((mail) => mail.key).sort()).toEqual(['low-stock:2026-12-03', 'low-stock:2026-12-04']);
  });

  it('sends nothing when no flower is low', async () => {
    await lowStockJob.run(app, {});
    expect(await lowStockMails()).toHaveLength(0);
  });

  it('runs daily at 08:00 India time', () => {
    expect(lowStockJob.schedule?.cron).toBe('30 2 * * *');
  });
});
