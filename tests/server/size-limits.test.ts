/**
 * Request size limits: an over-size JSON body, an over-size, over-many or over-long multipart upload (the admin's
 * images, SPEC.md §5: hero images at most 300 KB, "File size exceeds 300KB limit."), and an over-long URL or query are
 * refused with a 4xx (JSON `{ message, code }` from the app; never a 5xx), and nothing is written.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCatalogMessages as messages } from '../../domain/admin-catalog';
import { contactMessages, outboxMail, products, siteImages, users } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { aUser, relaxedRateLimits, signedInAs } from './helpers/auth';
import { aProductForm } from './helpers/factories';

let app: FastifyInstance;
let admin: Record<string, string>;
let png: Buffer;

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
  admin = signedInAs(app, { externalId: (await aUser(app, { role: 'admin' })).externalId, role: 'admin' });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
});
afterAll(async () => {
  await app.close();
});

/** Row counts of every table these requests could write to: equal before and after means nothing was written. */
async function writableRows(): Promise<Record<string, number>> {
  const tables = { users, products, siteImages, contactMessages, outboxMail };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = (await app.db.select({ n: count() }).from(table))[0]!.n;
  return counts;
}

/** Sends the request and expects the refusal (a status, or any 4xx), with nothing written. */
async function refused(options: InjectOptions & { url: string }, status: number | '4xx', body?: { message: string; code: string }) {
  const before = await writableRows();
  const res = await app.inject(options);
  if (status === '4xx') expect(Math.floor(res.statusCode / 100), res.body.slice(0, 200)).toBe(4);
  else expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  if (body) expect(res.json()).toEqual(body);
  else expect(res.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
  expect(await writableRows()).toEqual(before);
  return res;
}

function form(fields: Record<string, string>, files: Buffer[] = []): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  files.forEach((bytes, i) => data.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `picture-${i}.png`));
  return data;
}

const postForm = (url: string, data: FormData) => ({ method: 'POST' as const, url, payload: data as unknown as string, headers: admin });
const tooLarge = { message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' };

describe('JSON bodies', () => {
  it.each([
    ['a contact message', '/api/contactapi', { fullName: 'Asha Raman', userEmail: 'asha@example.in', phoneNumber: '9876543210' }, 'message'],
    ['a sign-up', '/api/createuser', { firstName: 'Meera', lastName: 'Iyer', email: 'big@example.in' }, 'mobileNumber'],
    ['an admin category', '/api/createflowercategory', { categoryDescription: 'd' }, 'categoryName'],
  ])('refuse %s over 1 MiB with 413 and write nothing', async (_what, url, body, padded) => {
    await refused({ method: 'POST', url, headers: admin, payload: { ...body, [padded]: 'x'.repeat(1024 * 1024 + 1) } }, 413, tooLarge);
  });
});

describe('multipart uploads', () => {
  it('refuse a hero image over 300 KB with the spec message and keep the current picture', async () => {
    const current = await app.inject(postForm('/api/heroimage?fileName=topbannerimg', form({}, [png])));
    expect(current.statusCode, current.body).toBe(200);
    const tooBig = Buffer.concat([png, Buffer.alloc(300 * 1024 + 1 - png.length)]);
    await refused(postForm('/api/heroimage?fileName=topbannerimg', form({}, [tooBig])), 413, {
      message: messages.heroTooLarge,
      code: 'PAYLOAD_TOO_LARGE',
    });
    const served = await app.inject({ method: 'GET', url: '/api/heroimage?image=topbannerimg' });
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('refuse more than one hero image in one upload', async () => {
    await refused(postForm('/api/heroimage?fileName=bottombannerimg', form({}, [png, png])), 413);
  });

  it('refuse more than 10 product images', async () => {
    const fields = await aProductForm(app.db);
    await refused(postForm('/api/flowerformdata', form(fields, Array.from({ length: 11 }, () => png))), 413, {
      message: messages.tooManyImages,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('refuse a product image over 5 MB', async () => {
    const fields = await aProductForm(app.db);
    await refused(postForm('/api/flowerformdata', form(fields, [Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)])])), 413, {
      message: messages.productImageTooLarge,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('refuse a form with too many fields', async () => {
    const fields = await aProductForm(app.db);
    const padding = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`extra${i}`, 'x']));
    await refused(postForm('/api/flowerformdata', form({ ...fields, ...padding }, [png])), 413, {
      message: 'The form has too many fields.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('refuse a text field far over its limit (cut at 8 KiB, then over the 500-character rule)', async () => {
    const fields = await aProductForm(app.db, { description: 'x'.repeat(64 * 1024) });
    await refused(postForm('/api/flowerformdata', form(fields, [png])), 400);
  });

  it('are refused on JSON routes, whatever their size', async () => {
    await refused(postForm('/api/contactapi', form({ fullName: 'Asha Raman' }, [png])), 415);
  });
});

describe('URLs', () => {
  it('refuse an over-long query value with 400', async () => {
    await refused({ method: 'GET', url: `/api/getsingleflower?product_ext_id=${'p'.repeat(20_000)}`, headers: admin }, 400);
    await refused({ method: 'GET', url: `/api/getguestuseraddress?id=${'s'.repeat(20_000)}` }, 401);
  });

  it('answer an over-long path parameter with a 4xx, not a 5xx', async () => {
    // Over the router's parameter limit no API route matches; what answers then (404, or 403 from the static files'
    // name-too-long) is a refusal either way.
    await refused({ method: 'GET', url: `/api/flowerdetail/${'f'.repeat(5_000)}` }, '4xx');
    await refused({ method: 'GET', url: `/api/guest/${'s'.repeat(5_000)}/cart` }, '4xx');
    await refused({ method: 'GET', url: `/api/user/${'u'.repeat(5_000)}/cart`, headers: admin }, '4xx');
  });

  it('refuse a URL over the server\'s header limit on a real connection with 431 and { message, code }', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: `/api/allflowers?category_name=${'c'.repeat(64 * 1024)}` }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request’s address or headers are too long.', code: 'HEADERS_TOO_LARGE' });
  });
});
