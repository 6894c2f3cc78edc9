/**
 * A real SMTP listener on localhost (smtp-server) that keeps what it receives, for mail tests; told to, it refuses
 * chosen recipients (a 5xx for good, or a 4xx a few times) or never answers a mail's data, as real relays do.
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { MailDelivery } from '../../../server/config';

/**
 * Mail delivery on a test's clock: a silent server is given up on in two seconds (room for an invoice PDF drawn on the
 * same event loop meanwhile), and a failed try retried at once.
 */
export const quickMailDelivery: MailDelivery = { smtpTimeoutMs: 2_000, retryDelaySeconds: 0, refusedTries: 3 };

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpBehaviour {
  /** RCPT TO for `to` is answered with `code` (550: for good, 451: try later): `times` times, then accepted (never: always). */
  refuse?: { to: string; code: number; times?: number }[];
  /** Mails to these recipients get no answer once their data has arrived: the sender waits until it gives up. */
  hangOn?: string[];
}

export interface SmtpListener {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Every refusal given, in order. */
  refused: { to: string; code: number }[];
  /** Recipients of mails whose data arrived and got no answer. */
  hung: string[];
  close(): Promise<void>;
}

/** Listens on `port` (a mail server coming back where the shop expects it), or on any free one. */
export async function startSmtpListener(port = 0, behaviour: SmtpBehaviour = {}): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  const refused: SmtpListener['refused'] = [];
  const hung: string[] = [];
  const refusalsLeft = new Map((behaviour.refuse ?? []).map((r) => [r.to, r.times ?? Infinity]));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A hung connection is dropped soon after close(), not after smtp-server's 30 s.
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const rule = behaviour.refuse?.find((r) => r.to === address.address);
      const left = refusalsLeft.get(address.address) ?? 0;
      if (!rule || left <= 0) return callback();
      refusalsLeft.set(address.address, left - 1);
      refused.push({ to: address.address, code: rule.code });
      callback(Object.assign(new Error(`${rule.code === 550 ? 'Mailbox unavailable' : 'Try again later'}: ${address.address}`), { responseCode: rule.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const to = session.envelope.rcptTo.map((r) => r.address);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (to.some((address) => behaviour.hangOn?.includes(address))) {
          hung.push(...to);
          return;
        }
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const listening = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    received,
    refused,
    hung,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A localhost port with nothing listening: connecting to it is refused at once. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
