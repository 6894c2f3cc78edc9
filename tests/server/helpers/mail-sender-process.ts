/**
 * A shop in a process of its own, for a test to kill with SIGKILL while it sends: on the embedded database in
 * DATA_DIR, mailing through SMTP_URL, it takes one contact message (which queues a mail to the shop), says `queued`
 * on stdout, and waits to be killed.
 */
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';

const dataDir = process.env.DATA_DIR;
const smtpUrl = process.env.SMTP_URL;
if (!dataDir || !smtpUrl) throw new Error('DATA_DIR and SMTP_URL are required');

const app = await buildApp(
  testConfig({
    database: { kind: 'pglite', dataDir },
    smtpUrl,
    // A second's patience: its claim on the mail (ten times that) runs out soon after it dies.
    mailDelivery: { smtpTimeoutMs: 1_000, retryDelaySeconds: 0, refusedTries: 3 },
  }),
);
const res = await app.inject({
  method: 'POST',
  url: '/api/contactapi',
  payload: { fullName: 'Ravi Kumar', userEmail: 'ravi@example.in', phoneNumber: '9123456780', message: 'Sent across a crash' },
});
if (res.statusCode !== 200) throw new Error(`the contact message was refused: ${res.body}`);
process.stdout.write('queued\n');
setInterval(() => undefined, 60_000);
