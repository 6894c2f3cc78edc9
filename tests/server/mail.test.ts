import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { defaultShop } from '../../server/config';
import { indiaTime } from '../../domain/india-time';
import { composeMail } from '../../server/modules/mail/mail-template';
import { buildTestApp } from './helpers/app';
import { startSmtpListener } from './helpers/smtp';
import type { SmtpListener } from './helpers/smtp';

describe('mail over SMTP', () => {
  let smtp: SmtpListener;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    app = await buildTestApp({ smtpUrl: smtp.url, mailFrom: 'Petals & Stems <no-reply@petals.test>' });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('delivers a mail to a real SMTP listener with text, HTML and reply-to', async () => {
    expect(app.mailer.transport).toBe('smtp');
    const { text, html } = composeMail(defaultShop, { heading: 'Your code', paragraphs: ['Use this code.'], highlight: '123456' });
    await app.mailer.send({ to: 'meera@example.in', subject: 'Your one-time code', text, html, replyTo: 'help@petals.test' });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('no-reply@petals.test');
    expect(mail!.to).toEqual(['meera@example.in']);
    expect(mail!.raw).toMatch(/^Subject: Your one-time code\r?$/m);
    expect(mail!.raw).toMatch(/^Reply-To: help@petals\.test\r?$/m);
    expect(mail!.raw).toContain('text/plain');
    expect(mail!.raw).toContain('text/html');
    expect(mail!.raw).toContain('123456');
  });

  it('sends the contact form to the shop through SMTP', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contactapi',
      payload: { fullName: 'Ravi Kumar', userEmail: 'ravi@example.in', phoneNumber: '9123456780', message: 'Bulk order?' },
    });
    expect(res.statusCode).toBe(200);
    await app.jobs.idle();
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([defaultShop.email]);
    expect(mail.raw).toMatch(/^Subject: New message from Ravi Kumar\r?$/m);
    expect(mail.raw).toMatch(/^Reply-To: ravi@example\.in\r?$/m);
  });

  it('has no outbox routes while SMTP is configured', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox?to=meera@example.in' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });
});

describe('the dev outbox', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    await app.mailer.send({ to: 'Meera@Example.in', subject: 'First', text: 'one' });
    await app.mailer.send({ to: 'meera@example.in', subject: 'Second <b>bold</b>', text: 'two <script>alert(1)</script>', html: '<p>two</p>' });
    await app.mailer.send({ to: 'other@example.in', subject: 'Not hers', text: 'three' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists one recipient’s mail newest first as JSON, whatever the case of the address', async () => {
    expect(app.mailer.transport).toBe('outbox');
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=MEERA@example.in' });
    expect(res.statusCode).toBe(200);
    const mails = res.json();
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(['Second <b>bold</b>', 'First']);
    expect(mails[0]).toEqual({
      to: 'meera@example.in',
      subject: 'Second <b>bold</b>',
      text: 'two <script>alert(1)</script>',
      html: '<p>two</p>',
      attachments: [],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(mails[1].html).toBeNull();
  });

  it('needs a valid to=', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'to is required', code: 'BAD_REQUEST' });
    const bad = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=nobody' });
    expect(bad.json()).toEqual({ message: 'to must be an e-mail address', code: 'BAD_REQUEST' });
  });

  it('shows a readable mailbox page with everything escaped, filterable by recipient', async () => {
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Mail is not being sent');
    expect(page.body).toContain('Second &lt;b&gt;bold&lt;/b&gt;');
    expect(page.body).toContain('two &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('Not hers');

    const filtered = await app.inject({ method: 'GET', url: '/dev/mailbox?to=other@example.in' });
    expect(filtered.body).toContain('Not hers');
    expect(filtered.body).not.toContain('First');
  });
});

describe('composeMail', () => {
  it('gives the same content as text and escaped HTML with the shop footer', () => {
    const { text, html } = composeMail(defaultShop, {
      heading: 'Order <confirmed>',
      paragraphs: ['Thanks & welcome'],
      details: [['Order', 'order_123']],
    });
    expect(text).toContain('Order <confirmed>');
    expect(text).toContain('Order: order_123');
    expect(text).toContain(defaultShop.phone);
    expect(html).toContain('Order &lt;confirmed&gt;');
    expect(html).toContain('Thanks &amp; welcome');
    expect(html).toContain('Petals &amp; Stems');
    expect(html).not.toContain('<confirmed>');
  });
});

describe('links and times in mails', () => {
  it('makes links clickable in HTML and readable in text, escaping what they carry', () => {
    const { text, html } = composeMail(defaultShop, {
      heading: 'Dispatched',
      paragraphs: [],
      details: [['Tracking link', { text: 'https://track.example.in/?a=1&b="2"', href: 'https://track.example.in/?a=1&b="2"' }]],
      links: [{ text: 'See your order in My Account', href: 'https://shop.example.in/account/orders' }],
    });
    expect(text).toContain('Tracking link: https://track.example.in/?a=1&b="2"');
    expect(text).toContain('See your order in My Account: https://shop.example.in/account/orders');
    expect(html).toContain('<a href="https://track.example.in/?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('<a href="https://shop.example.in/account/orders" style="color:#1F4D3A;font-weight:600">See your order in My Account</a>');
  });

  it('gives a moment in India time, whatever the server’s zone', () => {
    expect(indiaTime(new Date('2026-12-02T10:35:00Z'))).toBe('2 December 2026, 4:05 pm IST');
    expect(indiaTime(new Date('2026-12-02T19:00:00Z'))).toBe('3 December 2026, 12:30 am IST');
  });
});
