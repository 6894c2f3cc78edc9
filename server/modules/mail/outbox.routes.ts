/**
 * The dev outbox's two windows, registered only while mail is kept instead of sent: JSON for tests and the e2e
 * harness (`GET /api/dev/outbox?to=`), and a readable page for people (`GET /dev/mailbox`). Both list the mails once
 * those the mail queue still has to send have gone, as an inbox a moment later would.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../domain/errors';
import { sendMailJob } from '../../jobs/send-mail.job';
import { escapeHtml } from './mail-template';
import { listOutbox } from './outbox.queries';
import type { OutboxEntry } from './outbox.queries';

const recipient = z
  .string({ error: 'to is required' })
  .trim()
  .min(1, { error: 'to is required' })
  .max(320, { error: 'to must be an e-mail address' })
  .regex(/^[^\s@]+@[^\s@]+$/, { error: 'to must be an e-mail address' });

const outboxQuery = z.object({ to: recipient });
const outboxReply = z.array(
  z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    /** The files the mail carried, base64 (an order confirmation's invoice PDF); empty when none. */
    attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), contentBase64: z.string() })),
    createdAt: z.string(),
  }),
);

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mails kept by the dev outbox for one recipient, newest first (only while SMTP is not configured)',
        querystring: outboxQuery,
        response: { 200: outboxReply, 400: apiError },
      },
    },
    async (request, reply) => {
      await app.jobs.idle([sendMailJob]);
      const mails = await listOutbox(app.db, { to: request.query.to, limit: 100 });
      reply.header('cache-control', 'no-store');
      return mails.map((mail) => ({ ...mail, attachments: mail.attachments ?? [], createdAt: mail.createdAt.toISOString() }));
    },
  );

  app.get(
    '/dev/mailbox',
    {
      schema: {
        hide: true,
        querystring: z.object({ to: recipient.optional().or(z.literal('')) }),
      },
    },
    async (request, reply) => {
      const to = request.query.to || undefined;
      await app.jobs.idle([sendMailJob]);
      const mails = await listOutbox(app.db, { to, limit: 50 });
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return mailboxPage(mails, to, app.config.shop.name);
    },
  );
};

function mailboxPage(mails: OutboxEntry[], to: string | undefined, shopName: string): string {
  const items = mails
    .map(
      (mail) => `<article>
<header><strong>${escapeHtml(mail.subject)}</strong><span>to ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt.toISOString())}</span></header>
<pre>${escapeHtml(mail.text)}</pre>${(mail.attachments ?? []).map((file) => `
<p>Attached: <a download="${escapeHtml(file.filename)}" href="data:${escapeHtml(file.contentType)};base64,${file.contentBase64}">${escapeHtml(file.filename)}</a></p>`).join('')}
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · ${escapeHtml(shopName)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#FBF7F2;color:#2B2B2B}
main{max-width:760px;margin:0 auto;padding:24px}
h1{color:#1F4D3A;font-size:24px;margin:0 0 4px}
p.note{margin:0 0 20px;color:#555}
form{display:flex;gap:8px;margin-bottom:20px}
input{flex:1;padding:8px;border:1px solid #bbb;border-radius:6px;font:inherit}
button{padding:8px 14px;border:0;border-radius:6px;background:#1F4D3A;color:#fff;font:inherit;cursor:pointer}
article{background:#fff;border-radius:8px;padding:16px;margin-bottom:12px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
article header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;margin-bottom:8px}
article header span{color:#555;font-size:14px}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font-size:14px}
</style></head>
<body><main>
<h1>Dev mailbox</h1>
<p class="note">Mail is not being sent: no SMTP_URL is configured, so the shop keeps its mail here. Newest first.</p>
<form method="get" action="/dev/mailbox">
<input name="to" type="email" aria-label="Recipient e-mail" placeholder="Filter by recipient e-mail" value="${escapeHtml(to ?? '')}">
<button type="submit">Filter</button></form>
${items || `<p>No mail${to ? ` for ${escapeHtml(to)}` : ''} yet.</p>`}
</main></body></html>`;
}
