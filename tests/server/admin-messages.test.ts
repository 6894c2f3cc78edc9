import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ContactMessageRecord } from '../../domain/admin-messages';
import { contactMessages } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { expectAdminOnly } from './helpers/auth';
import type { Callers } from './helpers/auth';
import { everyCaller } from './helpers/cart';
import { aContactMessage } from './helpers/factories';

let app: FastifyInstance;
let callers: Callers;

beforeAll(async () => {
  app = await buildTestApp();
  callers = await everyCaller(app);
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await app.db.delete(contactMessages);
});

const get = (url: string, headers: Record<string, string> = callers.admin) => app.inject({ method: 'GET', url: `/api/${url}`, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = callers.admin) =>
  app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });
const markRead = (id: number | string, read: unknown) => post(`admin/messages/${id}/read`, { read });

/** A stored message at a given time, unread unless `readAt` says otherwise. */
const aMessage = (columns: { fullName?: string; message?: string; createdAt: Date; readAt?: Date | null }) =>
  aContactMessage(app.db, columns);

describe('every admin messages call is for admins only', () => {
  const calls = [
    ['GET', 'admin/messages', undefined],
    ['GET', 'admin/messages/unread', undefined],
    ['POST', 'admin/messages/__ID__/read', { read: true }],
  ] as const;

  it.each(calls)('%s %s: 401 anonymous, 403 guest, 403 customer, 200 admin', async (method, path, payload) => {
    const message = await aMessage({ createdAt: new Date('2026-01-01T00:00:00Z') });
    const url = `/api/${path.replace('__ID__', String(message.id))}`;
    const call = (headers: Record<string, string>) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    // The refused calls changed nothing.
    const unchanged = async () => expect((await app.db.select().from(contactMessages))[0]!.readAt).toBeNull();
    await expectAdminOnly(call, callers, unchanged);
  });

  it('refuses a customer before looking at a malformed id', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/messages/abc/read', payload: {}, headers: callers.customer });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/admin/messages', () => {
  it('lists every message newest first, unread ones with readAt null', async () => {
    const older = await aMessage({ fullName: 'Older One', createdAt: new Date('2026-03-01T09:00:00Z'), readAt: new Date('2026-03-02T10:00:00Z') });
    const newest = await aMessage({ fullName: 'Newest One', message: 'Line one\n\n  indented line two', createdAt: new Date('2026-03-05T18:45:00Z') });
    const middle = await aMessage({ fullName: 'Middle One', createdAt: new Date('2026-03-03T12:00:00Z') });

    const res = await get('admin/messages');
    expect(res.statusCode).toBe(200);
    const list = res.json<ContactMessageRecord[]>();
    expect(list.map((message) => message.id)).toEqual([newest.id, middle.id, older.id]);
    expect(list[0]).toEqual({
      id: newest.id,
      fullName: 'Newest One',
      email: 'asha@example.in',
      phoneNumber: '9876543210',
      message: 'Line one\n\n  indented line two',
      createdAt: '2026-03-05T18:45:00.000Z',
      readAt: null,
    });
    expect(list[2]!.readAt).toBe('2026-03-02T10:00:00.000Z');
  });

  it('shows a message sent through Contact Us, unread, and counts it', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contactapi',
      payload: { fullName: 'Ravi Kumar', userEmail: 'ravi@example.in', phoneNumber: '9812345678', message: 'Marigolds for a wedding?' },
      remoteAddress: '10.9.0.1',
    });
    expect(sent.statusCode).toBe(200);
    const [message] = (await get('admin/messages')).json<ContactMessageRecord[]>();
    expect(message).toMatchObject({ fullName: 'Ravi Kumar', email: 'ravi@example.in', message: 'Marigolds for a wedding?', readAt: null });
    expect((await get('admin/messages/unread')).json()).toEqual({ unread: 1 });
  });

  it('answers an empty list when nobody wrote', async () => {
    expect((await get('admin/messages')).json()).toEqual([]);
    expect((await get('admin/messages/unread')).json()).toEqual({ unread: 0 });
  });
});

describe('POST /api/admin/messages/{id}/read', () => {
  it('marks a message read and unread again, and the list and count follow', async () => {
    const message = await aMessage({ createdAt: new Date('2026-04-01T08:00:00Z') });
    await aMessage({ createdAt: new Date('2026-04-02T08:00:00Z') });
    expect((await get('admin/messages/unread')).json()).toEqual({ unread: 2 });

    const read = await markRead(message.id, true);
    expect(read.statusCode).toBe(200);
    const record = read.json<ContactMessageRecord>();
    expect(record).toMatchObject({ id: message.id, fullName: 'Asha Raman' });
    expect(Date.parse(record.readAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await get('admin/messages')).json<ContactMessageRecord[]>().find((m) => m.id === message.id)!.readAt).toBe(record.readAt);
    expect((await get('admin/messages/unread')).json()).toEqual({ unread: 1 });

    const unread = await markRead(message.id, false);
    expect(unread.statusCode).toBe(200);
    expect(unread.json<ContactMessageRecord>().readAt).toBeNull();
    expect((await get('admin/messages/unread')).json()).toEqual({ unread: 2 });
  });

  it('keeps when a message was first read when it is marked read again', async () => {
    const firstRead = new Date('2026-04-03T09:30:00Z');
    const message = await aMessage({ createdAt: new Date('2026-04-03T08:00:00Z'), readAt: firstRead });
    const again = await markRead(message.id, true);
    expect(again.json<ContactMessageRecord>().readAt).toBe(firstRead.toISOString());
  });

  it('answers 404 for an id no message has', async () => {
    const res = await markRead(999_999, true);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Message not found', code: 'NOT_FOUND' });
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999999'])('answers 400 for the malformed id %s', async (id) => {
    const res = await markRead(id, true);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'id must be a message id', code: 'BAD_REQUEST' });
  });

  it.each([['yes'], [1], [null], [undefined]])('answers 400 when read is %j, and changes nothing', async (read) => {
    const message = await aMessage({ createdAt: new Date('2026-04-04T08:00:00Z') });
    const res = await markRead(message.id, read);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'read must be true or false', code: 'BAD_REQUEST' });
    const [stored] = await app.db.select().from(contactMessages);
    expect(stored!.readAt).toBeNull();
  });
});
