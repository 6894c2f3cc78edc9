import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { contactMessages } from '../../domain/contact';
import { defaultRateLimits, defaultShop } from '../../server/config';
import { buildTestApp } from './helpers/app';
import { allContactMessages } from './helpers/factories';
import { closedPort } from './helpers/smtp';

const valid = {
  fullName: 'Asha Raman',
  userEmail: 'asha@example.in',
  phoneNumber: '9876543210',
  message: 'Do you deliver to Madurai?',
  adminEmail: 'someone-else@example.com',
};

let app: FastifyInstance;
let address = 0;
/** Each request from its own address, so the per-IP rate limit only bites where a test wants it to. */
const post = (payload: unknown, remoteAddress = `10.0.0.${(address += 1)}`) =>
  app.inject({ method: 'POST', url: '/api/contactapi', payload: payload as object, remoteAddress });

beforeAll(async () => {
  app = await buildTestApp({ shop: { ...defaultShop, email: 'shop@petals.test' } });
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/contactapi', () => {
  it('thanks the sender, stores the message and mails it to the shop with reply-to the sender', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Thank You for Your Response!!' });

    const stored = await allContactMessages(app.db);
    expect(stored).toEqual([
      expect.objectContaining({ fullName: 'Asha Raman', email: 'asha@example.in', phoneNumber: '9876543210', message: 'Do you deliver to Madurai?' }),
    ]);

    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=shop@petals.test' });
    expect(outbox.statusCode).toBe(200);
    const [mail] = outbox.json();
    expect(mail.subject).toBe('New message from Asha Raman');
    expect(mail.text).toContain('Do you deliver to Madurai?');
    expect(mail.text).toContain('asha@example.in');
    expect(mail.html).toContain('Do you deliver to Madurai?');
    // The adminEmail the browser sends along is never a recipient.
    const elsewhere = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=someone-else@example.com' });
    expect(elsewhere.json()).toEqual([]);
  });

  it.each([
    ['fullName', '', contactMessages.fullNameRequired],
    ['fullName', 'Asha 2', contactMessages.fullNameFormat],
    ['userEmail', '', contactMessages.emailRequired],
    ['userEmail', 'asha@example', contactMessages.emailFormat],
    ['phoneNumber', '', contactMessages.phoneRequired],
    ['phoneNumber', '98765', contactMessages.phoneFormat],
    ['phoneNumber', '98765abcde', contactMessages.phoneFormat],
    ['message', '   ', contactMessages.messageRequired],
    ['message', 'x'.repeat(2001), contactMessages.messageTooLong],
  ])('refuses %s=%j with "%s" and stores nothing', async (field, value, message) => {
    const before = (await allContactMessages(app.db)).length;
    const res = await post({ ...valid, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
    expect(await allContactMessages(app.db)).toHaveLength(before);
  });

  it('refuses a missing field with its required message', async () => {
    const { userEmail: _omitted, ...rest } = valid;
    const res = await post(rest);
    expect(res.json()).toEqual({ message: 'Email Address is required!', code: 'BAD_REQUEST' });
  });

  it('limits one address to 5 messages a minute with a 429 JSON answer', async () => {
    const ip = '10.1.2.3';
    for (let i = 0; i < 5; i += 1) expect((await post(valid, ip)).statusCode).toBe(200);
    const limited = await post(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again in 1 minute.', code: 'TOO_MANY_REQUESTS' });
    expect((await post(valid, '10.1.2.4')).statusCode).toBe(200);
  });
});

describe('POST /api/contactapi per sender', () => {
  it('limits one sender e-mail, from any address, and leaves other senders alone', async () => {
    const limited = await buildTestApp({ rateLimits: { ...defaultRateLimits, contactPerEmailPerHour: 2 } });
    try {
      const send = (userEmail: string, remoteAddress: string) =>
        limited.inject({ method: 'POST', url: '/api/contactapi', payload: { ...valid, userEmail }, remoteAddress });
      expect((await send('flood@example.in', '10.2.0.1')).statusCode).toBe(200);
      expect((await send('flood@example.in', '10.2.0.2')).statusCode).toBe(200);
      const third = await send('FLOOD@example.in', '10.2.0.3');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: expect.stringMatching(/^Too many requests\. Please try again in /), code: 'TOO_MANY_REQUESTS' });
      expect((await send('someone-else@example.in', '10.2.0.3')).statusCode).toBe(200);
      expect(await allContactMessages(limited.db)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/contactapi when the mail server is down', () => {
  it('still stores the message and thanks the sender', async () => {
    const down = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const res = await down.inject({ method: 'POST', url: '/api/contactapi', payload: valid });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Thank You for Your Response!!' });
      expect(await allContactMessages(down.db)).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});
