import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addonsLimit, addonsReply } from '../../domain/addons';
import { products } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed/seed-demo';
import { buildTestApp } from './helpers/app';
import { aProduct, aSubCategory } from './helpers/factories';

/** "Make it special" (issue 42) over the demo catalogue's five add-ons, plus add-ons of our own. */
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  await seedDemo(app.db);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function addons() {
  const res = await app.inject({ method: 'GET', url: '/api/addons' });
  expect(res.statusCode, res.body).toBe(200);
  return { reply: addonsReply.parse(res.json()), headers: res.headers };
}
const names = (reply: { addons: { productName: string }[] }) => reply.addons.map((addon) => addon.productName);

describe('GET /api/addons', () => {
  it("lists the demo catalogue's add-ons with their price, category and delivery kind, in the order they were added", async () => {
    const { reply, headers } = await addons();
    expect(names(reply)).toEqual([
      'Chocolate Truffle Cake 500 g',
      'Belgian Chocolate Box',
      'Clear Glass Vase',
      'Hand-Painted Greeting Card',
      'Teddy Bear with Bow',
    ]);
    expect(reply.addons[0]).toEqual({
      externalId: expect.stringMatching(/^p_/),
      itemCode: 'ADD-CAKE-01',
      productName: 'Chocolate Truffle Cake 500 g',
      sellingPrice: 749,
      mrp: 749,
      deliveryKind: 'hand',
      categoryName: 'Cakes & Chocolates',
    });
    expect(reply.addons[2]).toMatchObject({ productName: 'Clear Glass Vase', sellingPrice: 449, deliveryKind: 'courier', categoryName: 'Gifts' });
    // They follow stock: the browser asks every time.
    expect(headers['cache-control']).toBe('no-cache');
    expect((await addons()).reply).toEqual(reply);
  });

  it('never lists flowers that are not add-ons', async () => {
    const { reply } = await addons();
    expect(reply.addons.every((addon) => addon.itemCode.startsWith('ADD-'))).toBe(true);
  });

  it('leaves out an add-on once it is removed or sold out, and lists it again when it is back', async () => {
    await app.db.update(products).set({ stock: 0 }).where(eq(products.itemCode, 'ADD-CAKE-01'));
    await app.db.update(products).set({ isRemoved: true }).where(eq(products.itemCode, 'ADD-TEDDY-01'));
    try {
      const shown = names((await addons()).reply);
      expect(shown).not.toContain('Chocolate Truffle Cake 500 g');
      expect(shown).not.toContain('Teddy Bear with Bow');
      expect(shown).toEqual(['Belgian Chocolate Box', 'Clear Glass Vase', 'Hand-Painted Greeting Card']);
    } finally {
      await app.db.update(products).set({ stock: 20 }).where(eq(products.itemCode, 'ADD-CAKE-01'));
      await app.db.update(products).set({ isRemoved: false }).where(eq(products.itemCode, 'ADD-TEDDY-01'));
    }
    expect(names((await addons()).reply)).toContain('Chocolate Truffle Cake 500 g');
  });

  it(`lists at most ${addonsLimit}, the first ones added`, async () => {
    const subCategory = await aSubCategory(app.db);
    const extra = [];
    for (let i = 1; i <= 10; i += 1) extra.push(await aProduct(app.db, { subCategory, name: `Extra Add-on ${i}`, itemCode: `ADD-X-${i}`, isAddon: true }));
    try {
      const { reply } = await addons();
      expect(reply.addons).toHaveLength(addonsLimit);
      expect(names(reply).slice(0, 5)).toContain('Chocolate Truffle Cake 500 g');
      expect(names(reply).slice(5)).toEqual(extra.slice(0, addonsLimit - 5).map((product) => product.name));
    } finally {
      await app.db.delete(products).where(inArray(products.id, extra.map((product) => product.id)));
    }
  });
});
