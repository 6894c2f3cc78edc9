// GST documents (issue 41): the settings they print, the tax invoice or bill of supply a payment issues, the credit
// note a cancel issues once, their downloads and the confirmation mail's attachment, and numbering under concurrent
// settlements. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (there across two app instances as well).
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { documentNumber, financialYearOf, shopSettingsMessages } from '../../domain/shop-settings';
import { indiaDateOf } from '../../domain/india-time';
import type { TaxDocument } from '../../domain/tax-document';
import { orders, shopSettings, taxDocuments } from '../../server/db/schema';
import { buildTestApp, createScratchDatabase } from './helpers/app';
import { aUser, anAdminHeader, mailsTo, signedInAs } from './helpers/auth';
import { aCategory, aProduct, aSubCategory } from './helpers/factories';
import { aBuyer, aTaxedProduct, capturedEvent, invoiceFor, paidWithCard, sendWebhook, verify, webhookSignature } from './helpers/payments';
import type { Buyer } from './helpers/payments';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function anApp(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const app = await buildTestApp(overrides);
  apps.push(app);
  return app;
}

/** A fresh-flower product: its category names no GST rate (exempt), HSN 0603 by default. */
async function anExemptProduct(app: FastifyInstance) {
  const category = await aCategory(app.db, { gstRateBp: null });
  return aProduct(app.db, { subCategory: await aSubCategory(app.db, { categoryId: category.id }), sellingPricePaise: 99_900, stock: 50 });
}

/** A buyer's order of `product`, paid through the sandbox and verify: the order's provider id. */
async function aPaidOrder(app: FastifyInstance, buyer: Buyer): Promise<string> {
  const invoice = await invoiceFor(app, buyer);
  const res = await verify(app, buyer, await paidWithCard(app, invoice.orderValueId));
  expect(res.statusCode, res.body).toBe(200);
  return invoice.orderValueId;
}

async function documentsOf(app: FastifyInstance, providerOrderId: string) {
  const [order] = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.providerOrderId, providerOrderId));
  const rows = await app.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order!.id)).orderBy(asc(taxDocuments.id));
  return { orderId: order!.id, documents: rows.map((row) => ({ ...(row.body as Omit<TaxDocument, 'number'>), number: row.number })) };
}

const thisYear = () => financialYearOf(indiaDateOf(new Date()));

describe('settings', () => {
  it('answer the environment’s values until saved, and refuse a bad GSTIN or prefix with a clear message, storing nothing', async () => {
    const app = await anApp();
    const admin = await anAdminHeader(app);
    const got = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin });
    expect(got.statusCode).toBe(200);
    const defaults = got.json<Record<string, unknown>>();
    expect(defaults).toMatchObject({ state: 'Tamil Nadu', gstin: app.config.shop.gstin, invoicePrefix: 'PS', creditNotePrefix: 'CN', giftPlaceOfSupply: 'delivery' });

    const badGstin = await app.inject({ method: 'POST', url: '/api/admin/settings', headers: admin, payload: { ...defaults, gstin: '33ABCPS1234K1ZU' } });
    expect(badGstin.statusCode).toBe(400);
    expect(badGstin.json()).toMatchObject({ message: shopSettingsMessages.gstinChecksum });
    const badPrefix = await app.inject({ method: 'POST', url: '/api/admin/settings', headers: admin, payload: { ...defaults, invoicePrefix: 'P#' } });
    expect(badPrefix.statusCode).toBe(400);
    expect(badPrefix.json()).toMatchObject({ message: shopSettingsMessages.prefixCharacters });
    expect(await app.db.select().from(shopSettings)).toEqual([]);

    const saved = await app.inject({ method: 'POST', url: '/api/admin/settings', headers: admin, payload: { ...defaults, legalName: 'Meena Flowers LLP', invoicePrefix: 'MF' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin });
    expect(again.json()).toMatchObject({ legalName: 'Meena Flowers LLP', invoicePrefix: 'MF' });
  });
});

describe('HSN codes', () => {
  it("refuse a code that is not 4, 6 or 8 digits; a category's code, or a product's own, goes on the invoice line", async () => {
    const app = await anApp();
    const admin = await anAdminHeader(app);
    const create = (hsnCode: string) =>
      app.inject({ method: 'POST', url: '/api/createflowercategory', headers: admin, payload: { categoryName: `Artificial ${hsnCode}`, categoryDescription: 'Silk flowers', hsnCode } });
    const bad = await create('67029');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: shopSettingsMessages.hsnFormat });
    expect((await create('670290')).statusCode).toBe(200);
    const listed = (await app.inject({ method: 'GET', url: '/api/flowercategorylist', headers: admin })).json<{ categoryName: string; hsnCode: string }[]>();
    expect(listed.find((category) => category.categoryName === 'Artificial 670290')?.hsnCode).toBe('670290');

    const category = await aCategory(app.db, { gstRateBp: 900, hsnCode: '670290' });
    const subCategory = await aSubCategory(app.db, { categoryId: category.id });
    const own = await aProduct(app.db, { subCategory, hsnCode: '67029010', stock: 5 });
    const asCategory = await aProduct(app.db, { subCategory, stock: 5 });
    const lineOf = async (product: typeof own) => (await documentsOf(app, await aPaidOrder(app, await aBuyer(app, product, 1)))).documents[0]!.lines[0]!;
    expect(await lineOf(own)).toMatchObject({ hsn: '67029010', cgstRateBp: 900, sgstRateBp: 900 });
    expect((await lineOf(asCategory)).hsn).toBe('670290');
  });
});

describe('issuing documents', () => {
  it('gives a taxed order a tax invoice and an exempt one a bill of supply, numbered on in one series, as issued', async () => {
    const app = await anApp();
    const taxedBuyer = await aBuyer(app, await aTaxedProduct(app), 2);
    const taxed = await aPaidOrder(app, taxedBuyer);
    const exempt = await aPaidOrder(app, await aBuyer(app, await anExemptProduct(app), 1));

    const [invoice] = (await documentsOf(app, taxed)).documents;
    expect(invoice).toMatchObject({ kind: 'tax_invoice', number: documentNumber('PS', thisYear(), 1), orderNumber: taxed, intraState: true, reverseCharge: false });
    expect(invoice!.supplier).toMatchObject({ gstin: app.config.shop.gstin, state: { name: 'Tamil Nadu', code: '33' } });
    expect(invoice!.placeOfSupply).toEqual({ name: 'Tamil Nadu', code: '33' });
    // Two at Rs. 1,120 with 6 % CGST and 6 % SGST: Rs. 2,000 taxable, Rs. 120 each; the fees, if any, follow the same rate.
    const goods = invoice!.lines[0]!;
    expect(goods).toMatchObject({ hsn: '0603', quantity: 2, taxablePaise: 200_000, cgstRateBp: 600, cgstPaise: 12_000, sgstPaise: 12_000, igstPaise: 0, totalPaise: 224_000 });
    const [order] = await app.db.select({ total: orders.totalPaise }).from(orders).where(eq(orders.providerOrderId, taxed));
    expect(invoice!.totals.totalPaise).toBe(order!.total);
    expect(invoice!.totals.taxablePaise + invoice!.totals.cgstPaise + invoice!.totals.sgstPaise + invoice!.totals.igstPaise).toBe(order!.total);

    const [bill] = (await documentsOf(app, exempt)).documents;
    expect(bill).toMatchObject({ kind: 'bill_of_supply', number: documentNumber('PS', thisYear(), 2) });
    expect(bill!.lines.every((line) => line.cgstPaise + line.sgstPaise + line.igstPaise === 0)).toBe(true);

    // The buyer's own list names the order's own number (a second document in the table must not confuse it).
    const mine = await app.inject({ method: 'GET', url: `/api/userorderslist?id=${taxedBuyer.user.externalId}`, headers: taxedBuyer.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ UserOrder: { documents: unknown } }[]>().map(({ UserOrder }) => UserOrder.documents)).toEqual([{ invoice: invoice!.number, creditNote: null }]);

    const admin = await anAdminHeader(app);
    // A later change of the settings leaves the issued document as it was.
    const settings = (await app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin })).json<Record<string, unknown>>();
    await app.inject({ method: 'POST', url: '/api/admin/settings', headers: admin, payload: { ...settings, legalName: 'Someone Else Pvt Ltd' } });
    expect((await documentsOf(app, taxed)).documents[0]!.supplier.legalName).toBe(invoice!.supplier.legalName);
  });

  it('credits a cancelled order’s invoice once, in its own series', async () => {
    const app = await anApp();
    const paid = await aPaidOrder(app, await aBuyer(app, await aTaxedProduct(app), 1));
    const { orderId } = await documentsOf(app, paid);
    const admin = await anAdminHeader(app);
    const cancel = () => app.inject({ method: 'POST', url: '/api/cancelpurchaseorder', headers: admin, payload: { id: orderId } });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(409);
    const { documents } = await documentsOf(app, paid);
    expect(documents.map((doc) => [doc.kind, doc.number])).toEqual([
      ['tax_invoice', documentNumber('PS', thisYear(), 1)],
      ['credit_note', documentNumber('CN', thisYear(), 1)],
    ]);
    expect(documents[1]!.against).toEqual({ number: documents[0]!.number, issuedOn: documents[0]!.issuedOn });
    expect(documents[1]!.totals).toEqual(documents[0]!.totals);
  });

  it('gives an order paid after its stock had gone no document (its money goes back)', async () => {
    const app = await anApp();
    const product = await aTaxedProduct(app, { stock: 1 });
    const buyer = await aBuyer(app, product, 1);
    const invoice = await invoiceFor(app, buyer);
    // The reservation ran out and someone else bought the last one.
    await app.db.update(orders).set({ paymentState: 'expired' }).where(eq(orders.providerOrderId, invoice.orderValueId));
    const { products } = await import('../../server/db/schema');
    await app.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    expect((await verify(app, buyer, await paidWithCard(app, invoice.orderValueId))).statusCode).toBe(200);
    expect((await documentsOf(app, invoice.orderValueId)).documents).toEqual([]);
  });
});

describe('downloads and the mail', () => {
  it('lets the owner and the admin download the PDF, named by its number; others are refused as for orders', async () => {
    const app = await anApp();
    const buyer = await aBuyer(app, await aTaxedProduct(app), 1);
    const paid = await aPaidOrder(app, buyer);
    const { orderId, documents } = await documentsOf(app, paid);
    const filename = `${documents[0]!.number.replaceAll('/', '-')}.pdf`;
    const own = `/api/userorderdocument?id=${buyer.user.externalId}&order=${paid}`;

    const mine = await app.inject({ method: 'GET', url: own, headers: buyer.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const other = await aUser(app);
    expect((await app.inject({ method: 'GET', url: own })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: own, headers: signedInAs(app, other) })).statusCode).toBe(403);
    // Another's order under one's own id names no order of the caller's.
    expect((await app.inject({ method: 'GET', url: `/api/userorderdocument?id=${other.externalId}&order=${paid}`, headers: signedInAs(app, other) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${own}&series=credit_note`, headers: buyer.headers })).json()).toMatchObject({ message: 'This order has no such document.' });

    const admin = await anAdminHeader(app);
    const theirs = await app.inject({ method: 'GET', url: `/api/getpurchasedocument?id=${orderId}`, headers: admin });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.rawPayload.equals(mine.rawPayload)).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/api/getpurchasedocument?id=${orderId}`, headers: buyer.headers })).statusCode).toBe(403);
  });

  it('attaches the invoice PDF to the order confirmation, the same bytes as the download', async () => {
    const app = await anApp();
    const buyer = await aBuyer(app, await aTaxedProduct(app), 1);
    const paid = await aPaidOrder(app, buyer);
    const confirmation = (await mailsTo(app, buyer.user.email)).find((mail) => mail.subject.startsWith('Order confirmed'));
    expect(confirmation?.attachments).toHaveLength(1);
    const [file] = confirmation!.attachments;
    const download = await app.inject({ method: 'GET', url: `/api/userorderdocument?id=${buyer.user.externalId}&order=${paid}`, headers: buyer.headers });
    expect(file).toMatchObject({ contentType: 'application/pdf', filename: /^PS-\d\d-\d\d-000001\.pdf$/ });
    expect(Buffer.from(file!.contentBase64, 'base64').equals(download.rawPayload)).toBe(true);
    // The shop's own notice carries none.
    expect((await mailsTo(app, app.config.shop.email)).every((mail) => mail.attachments.length === 0)).toBe(true);
  });
});

describe('numbering under concurrent settlements', () => {
  const count = 30;
  const serverUrl = process.env.TEST_DATABASE_URL;
  let dropScratch: (() => Promise<void>) | undefined;
  afterAll(async () => dropScratch?.());

  it(`numbers ${count} settlements arriving at once 1 to ${count}, without gaps or duplicates${serverUrl ? ', over two instances' : ''}`, async () => {
    let instances: FastifyInstance[];
    if (serverUrl) {
      // Two instances on one PostgreSQL database, as two server processes would be; one secret, so each verifies the other's.
      const scratch = await createScratchDatabase(serverUrl);
      dropScratch = scratch.drop;
      const shared = { database: { kind: 'postgres' as const, url: scratch.url, poolSize: 8 } };
      const first = await anApp(shared);
      instances = [first, await anApp({ ...shared, jwtSecret: first.config.jwtSecret })];
    } else {
      instances = [await anApp()];
    }
    const app = instances[0]!;
    const product = await aTaxedProduct(app, { stock: count });
    const invoices: string[] = [];
    for (let i = 0; i < count; i += 1) invoices.push((await invoiceFor(app, await aBuyer(app, product, 1))).orderValueId);

    const replies = await Promise.all(
      invoices.map((orderId, i) => {
        const instance = instances[i % instances.length]!;
        const body = capturedEvent(orderId, `pay_concurrent${i}`);
        return sendWebhook(instance, body, webhookSignature(instance, body));
      }),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(invoices.map(() => 200));

    const issued = await app.db.select({ number: taxDocuments.number, sequence: taxDocuments.sequence }).from(taxDocuments).orderBy(asc(taxDocuments.sequence));
    expect(issued.map((row) => row.sequence)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(new Set(issued.map((row) => row.number)).size).toBe(count);
    expect(issued.at(-1)!.number).toBe(documentNumber('PS', thisYear(), count));
  }, 120_000);
});
