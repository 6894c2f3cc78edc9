/**
 * The database's take_stock (migration 0006), which checkout_invoice and a late payment's re-reservation call: every
 * need or none, a product's needs counted together however many lines name it, and the shortfalls with what is left.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { takeStock } from '../../server/modules/orders/stock-reservation';
import type { StockNeed } from '../../server/modules/orders/stock-reservation';
import { buildTestApp } from './helpers/app';
import { aTaxedProduct, stockOf } from './helpers/payments';

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.close();
});

const take = (needs: StockNeed[]) => app.db.transaction((tx) => takeStock(tx, needs));

describe('take_stock', () => {
  it('counts a product named on two lines together: 2 + 2 of one with 3 left falls short, and takes nothing', async () => {
    const product = await aTaxedProduct(app, { stock: 3 });
    const short = await take([
      { productId: product.id, quantity: 2 },
      { productId: product.id, quantity: 2 },
    ]);
    expect(short).toEqual([{ productId: product.id, available: 3 }]);
    expect(await stockOf(app, product)).toBe(3);
  });

  it('takes every line when all have enough, a repeated product once per line', async () => {
    const roses = await aTaxedProduct(app, { stock: 4 });
    const lilies = await aTaxedProduct(app, { stock: 1 });
    const short = await take([
      { productId: lilies.id, quantity: 1 },
      { productId: roses.id, quantity: 1 },
      { productId: roses.id, quantity: 3 },
    ]);
    expect(short).toEqual([]);
    expect(await stockOf(app, roses)).toBe(0);
    expect(await stockOf(app, lilies)).toBe(0);
  });

  it('takes nothing from the products that have enough when another falls short, and lists every one that does', async () => {
    const plenty = await aTaxedProduct(app, { stock: 10 });
    const few = await aTaxedProduct(app, { stock: 1 });
    const none = await aTaxedProduct(app, { stock: 0 });
    const short = await take([
      { productId: none.id, quantity: 1 },
      { productId: plenty.id, quantity: 5 },
      { productId: few.id, quantity: 2 },
    ]);
    expect(short).toEqual(
      [
        { productId: few.id, available: 1 },
        { productId: none.id, available: 0 },
      ].sort((a, b) => a.productId - b.productId),
    );
    expect(await stockOf(app, plenty)).toBe(10);
    expect(await stockOf(app, few)).toBe(1);
  });

  it('answers a product that no longer exists as a shortfall with nothing left', async () => {
    const product = await aTaxedProduct(app, { stock: 2 });
    const missing = product.id + 1_000_000;
    const short = await take([
      { productId: product.id, quantity: 1 },
      { productId: missing, quantity: 1 },
    ]);
    expect(short).toEqual([{ productId: missing, available: 0 }]);
    expect(await stockOf(app, product)).toBe(2);
  });
});
