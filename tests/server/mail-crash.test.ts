// kill -9 while a mail is being sent loses no mail: a shop in a process of its own is killed once the mail server has
// the mail's data but has not yet accepted it; the shop started again on the same database delivers it once the dead
// sender's claim runs out (exactly once is not promised across a kill, a lost mail is forbidden).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { mails } from '../../server/db/schema';
import { reservationExpiryJob } from '../../server/jobs/reservation-expiry.job';
import { buildTestApp } from './helpers/app';
import { quickMailDelivery, startSmtpListener } from './helpers/smtp';
import type { SmtpBehaviour } from './helpers/smtp';

const shopEmail = 'support@petalsandstems.in';

describe('a shop killed while sending', () => {
  it('delivers the mail after it is started again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fs-mail-crash-'));
    const behaviour: SmtpBehaviour = { hangOn: [shopEmail] };
    const smtp = await startSmtpListener(0, behaviour);
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'helpers', 'mail-sender-process.ts')], {
        env: { ...process.env, DATA_DIR: dataDir, SMTP_URL: smtp.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // Mid-send: the mail's data has arrived and the server has not answered.
      await vi.waitFor(() => expect(smtp.hung).toEqual([shopEmail]), { timeout: 60_000, interval: 20 });
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      expect(output).toContain('queued');
      expect(smtp.received).toHaveLength(0);

      behaviour.hangOn = [];
      const app = await buildTestApp({ database: { kind: 'pglite', dataDir }, smtpUrl: smtp.url, mailDelivery: quickMailDelivery });
      try {
        // The minute sweep, as often as it takes for the dead sender's claim to run out.
        await vi.waitFor(
          async () => {
            await app.jobs.send(reservationExpiryJob, {});
            await app.jobs.idle();
            expect(smtp.received.map((mail) => mail.to)).toEqual([[shopEmail]]);
          },
          { timeout: 40_000, interval: 1_000 },
        );
        const [mail] = await app.db.select().from(mails).where(eq(mails.kind, 'contact'));
        expect(mail).toMatchObject({ status: 'sent', attempts: 2 });
        expect(smtp.received[0]!.raw).toContain('Sent across a crash');
      } finally {
        await app.close();
      }
    } finally {
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
