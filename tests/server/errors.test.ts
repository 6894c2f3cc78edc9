import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './helpers/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  // A route that fails the way a bug would, to see what leaks out of the error handler.
  app.get('/api/test-explodes', async () => {
    throw new Error('duplicate key value violates unique constraint "users_email_unique" at /srv/app/server.ts:12');
  });
  // What Drizzle throws when PostgreSQL is down: the driver's connection error as the cause of a failed query.
  app.get('/api/test-database-down', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    throw new Error('Failed query: select "id" from "users"', { cause: refused });
  });
});
afterAll(async () => {
  await app.close();
});

const validContact = { fullName: 'Asha Raman', userEmail: 'asha@example.in', phoneNumber: '9876543210', message: 'Hello' };

describe('every refusal is JSON { message, code }', () => {
  it('400 BAD_REQUEST with the first validation message of the domain schema', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/contactapi', payload: { ...validContact, fullName: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Full Name is required!', code: 'BAD_REQUEST' });
  });

  it("400 with zod's English message where the domain schema words none (zod/mini loads no messages itself)", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contactapi',
      remoteAddress: '10.9.9.10',
      payload: { ...validContact, adminEmail: 'a'.repeat(321) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Too big: expected string to have <=320 characters', code: 'BAD_REQUEST' });
  });

  it('400 for a body that is not valid JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contactapi',
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });
  });

  it('400 for a malformed path parameter', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/flowerdetail/bad%20id!' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid product id', code: 'BAD_REQUEST' });
  });

  it('404 NOT_FOUND for an unknown API route, any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `No API route ${method} /api/no-such-thing`, code: 'NOT_FOUND' });
    }
  });

  it('413 PAYLOAD_TOO_LARGE for a JSON body over 1 MiB', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contactapi',
      payload: { ...validContact, message: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('415 UNSUPPORTED_MEDIA_TYPE for a form post', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contactapi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'fullName=Asha',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('500 INTERNAL with a fixed message and no internals for an unexpected failure', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-explodes' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    expect(res.body).not.toMatch(/users_email_unique|server\.ts|stack/);
  });

  it('503 NOT_READY, not a 500, while the database cannot be reached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-database-down' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'The shop is starting or its database is unavailable. Please try again shortly.',
      code: 'NOT_READY',
    });
    expect(res.body).not.toMatch(/ECONNREFUSED|5432|users/);
  });

  it('strips unknown fields instead of refusing them', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contactapi',
      remoteAddress: '10.9.9.9',
      payload: { ...validContact, isAdmin: true, adminEmail: 'attacker@example.com' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('tags every response with a request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI', () => {
  it('describes the API routes at /api/docs/json', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/allflowers', '/api/categoryheader', '/api/flowerdetail/{flower_ext_id}', '/api/contactapi']),
    );
    expect(doc.paths['/api/contactapi'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['fullName', 'userEmail', 'phoneNumber', 'message']),
    );
  });

  it('serves the Swagger UI page at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
  });
});
