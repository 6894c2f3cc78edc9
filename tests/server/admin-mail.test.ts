// The admin's Mail screen calls: the mails the mail server refused for good, with the refusal, and Resend, which
// queues one again (its tries counted afresh) and is refused for a mail that has not failed.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailedMail } from '../../domain/admin-mail';
import { mails } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { aUser, mailsTo, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';

let app: FastifyInstance;
let admin: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await aUser(app, { role: 'admin' });
});
afterAll(async () => {
  await app.close();
});

const asAdmin = () => signedInAs(app, admin);
let sequence = 0;
async function aMail(values: Partial<typeof mails.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await app.db
    .insert(mails)
    .values({ key: `test:${sequence}`, kind: 'order_notice', to: `shop${sequence}@example.in`, subject: `Notice ${sequence}`, text: 'Hello', ...values })
    .returning();
  return row!;
}

describe('the admin mail calls', () => {
  it('lists failed mails only, the latest failure first, with the refusal', async () => {
    const older = await aMail({ status: 'failed', attempts: 3, lastError: '550 No such mailbox', updatedAt: new Date('2026-01-01T00:00:00Z') });
    const newer = await aMail({ status: 'failed', attempts: 3, lastError: '554 Rejected', updatedAt: new Date('2026-02-01T00:00:00Z') });
    await aMail({ status: 'sent' });
    await aMail({ status: 'queued', attempts: 2, lastError: '451 Try later' });

    const res = await app.inject({ method: 'GET', url: '/api/admin/mails?status=failed', headers: asAdmin() });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<FailedMail[]>();
    expect(listed.map((mail) => mail.id)).toEqual([newer.id, older.id]);
    expect(listed[1]).toEqual({
      id: older.id,
      kind: 'order_notice',
      to: older.to,
      subject: older.subject,
      attempts: 3,
      refusal: '550 No such mailbox',
      failedAt: '2026-01-01T00:00:00.000Z',
    });

    const unfiltered = await app.inject({ method: 'GET', url: '/api/admin/mails', headers: asAdmin() });
    expect(unfiltered.statusCode).toBe(400);
    expect(unfiltered.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('resends a failed mail once: queued again with its tries counted afresh, then sent', async () => {
    const failed = await aMail({ status: 'failed', attempts: 3, lastError: '550 No such mailbox', to: 'resend.me@example.in' });
    const res = await app.inject({ method: 'POST', url: `/api/admin/mails/${failed.id}/resend`, headers: asAdmin() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'The mail will be sent again' });
    expect(await mailsTo(app, 'resend.me@example.in')).toHaveLength(1);
    const [row] = await app.db.select().from(mails).where(eq(mails.id, failed.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

    // Sent now: a second Resend would send it twice, and is refused.
    const again = await app.inject({ method: 'POST', url: `/api/admin/mails/${failed.id}/resend`, headers: asAdmin() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Only a failed mail can be sent again', code: 'CONFLICT' });
    expect(await mailsTo(app, 'resend.me@example.in')).toHaveLength(1);
  });

  it('answers 404 for an unknown mail and 400 for an id that is none', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/admin/mails/999999/resend', headers: asAdmin() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Mail not found', code: 'NOT_FOUND' });
    const malformed = await app.inject({ method: 'POST', url: '/api/admin/mails/abc/resend', headers: asAdmin() });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'id must be a mail id', code: 'BAD_REQUEST' });
  });

  it('refuses customers (403) and anonymous callers (401)', async () => {
    const failed = await aMail({ status: 'failed' });
    const customer = await aUser(app);
    expect((await app.inject({ method: 'GET', url: '/api/admin/mails?status=failed' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `/api/admin/mails/${failed.id}/resend`, headers: signedInAs(app, customer) })).statusCode).toBe(403);
    expect((await app.db.select().from(mails).where(eq(mails.id, failed.id)))[0]!.status).toBe('failed');
  });
});
