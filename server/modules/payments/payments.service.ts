/**
 * Verify, failure report and webhook, each ending in the one idempotent settle of order-lifecycle.ts; and the sandbox's
 * card payment, which only signs (settling stays verify's job, as with Razorpay).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { paymentMessages, sandboxCards, sandboxUpiIds } from '../../../domain/payment';
import type { SandboxPayBody, sandboxDeclineReply, VerifyPaymentRequest } from '../../../domain/payment';
import { orders, users } from '../../db/schema';
import { BadRequest, NotFound, NotReady, Unauthorized } from '../../errors';
import { requireBuyerFor, verifiedGuestSession } from '../checkout/buyer-access';
import { composeSettlement, failLatestPendingOrder, settleComposed, settleOrder } from '../orders/order-lifecycle';
import type { ComposedSettlement } from '../orders/order-lifecycle';
import { sendQueuedMails } from '../../jobs/send-mail.job';
import { fillPaymentMethod, providerPaymentMethod, sandboxPaymentMethod } from './payment-method';
import type { PaymentProvider } from './provider';
import { refundOf } from './razorpay-provider';
import { settleRefund } from './refunds.service';
import type { SandboxProvider } from './sandbox-provider';
import { sameHex, hmacHex } from './signature';

/**
 * Settles (which queues the mails to the buyer and the shop with the payment) and, the first time only, wakes their
 * jobs: the buyer sees the payment confirmed without waiting for the mail server, and a mail failure never undoes a
 * payment. Should the process stop first, the minute sweep sends them (server/jobs/send-mail.job.ts).
 */
export async function settleAndMail(
  app: FastifyInstance,
  provider: PaymentProvider,
  input: { providerOrderId: string; providerPaymentId: string; settledBy: 'verify' | 'webhook' | 'reconciliation' },
  /** The settlement as the caller composed it at `now` (verify), or nothing: composed here. */
  prepared?: { composed: ComposedSettlement | undefined; now: Date },
): Promise<boolean> {
  const settlementInput = { ...input, provider: provider.name };
  const settlement = prepared
    ? await settleComposed(app.db, settlementInput, prepared.composed, app.config, prepared.now)
    : await settleOrder(app.db, settlementInput, app.config);
  if (!settlement) return false;
  if (settlement.extraPayment) {
    app.log.warn({ orderId: settlement.orderId, paymentId: input.providerPaymentId }, 'a second payment on a settled order: due back');
  }
  await sendQueuedMails(app, settlement.mailIds);
  return true;
}

export async function verifyPayment(
  app: FastifyInstance,
  provider: PaymentProvider,
  request: FastifyRequest,
  body: VerifyPaymentRequest,
): Promise<{ message: string }> {
  if (request.caller.kind === 'anonymous') throw new Unauthorized();
  const now = new Date();
  // The order's buyer comes with its mails' read: each statement waits its turn on the embedded database's one
  // connection, and verify is the checkout's longest wait. Nothing composed is written unless the checks pass.
  const composed = await composeSettlement(app.db, body.razorpay_order_id, app.config, now);
  if (!composed) throw new BadRequest(paymentMessages.verificationFailed);
  await requireBuyerFor(app.db, request, composed.buyerExtId);
  if (!provider.verifySignature(body.razorpay_order_id, body.razorpay_payment_id, body.razorpay_signature)) {
    throw new BadRequest(paymentMessages.verificationFailed);
  }
  await settleAndMail(
    app,
    provider,
    { providerOrderId: body.razorpay_order_id, providerPaymentId: body.razorpay_payment_id, settledBy: 'verify' },
    { composed, now },
  );
  return { message: paymentMessages.success };
}

/** The caller's own user id: a signed-in user, or the user a verified guest session checks out for. */
async function callerUserId(app: FastifyInstance, request: FastifyRequest): Promise<number | undefined> {
  const { caller } = request;
  if (caller.kind === 'anonymous') throw new Unauthorized();
  if (caller.kind === 'user') {
    const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.externalId, caller.externalId)).limit(1);
    return row?.id;
  }
  return (await verifiedGuestSession(app.db, caller.sessionId))?.user.id;
}

export async function reportPaymentFailed(app: FastifyInstance, request: FastifyRequest): Promise<{ message: string }> {
  const userId = await callerUserId(app, request);
  if (userId !== undefined) await failLatestPendingOrder(app.db, userId);
  return { message: 'Payment failure recorded' };
}

interface WebhookEvent {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown } & Parameters<typeof providerPaymentMethod>[0] };
    order?: { entity?: { id?: unknown } };
    refund?: { entity?: Record<string, unknown> };
  };
}

export const webhookNotSetUp =
  "Webhooks are not set up on this shop: set RAZORPAY_WEBHOOK_SECRET to this webhook's secret from Razorpay's dashboard.";

/**
 * Razorpay's webhook: HMAC of the raw body; payment.captured and order.paid settle, refund.processed and refund.failed
 * settle a refund, other events are acknowledged.
 */
export async function handleWebhook(
  app: FastifyInstance,
  provider: PaymentProvider,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ message: string }> {
  const secret = provider.webhookSecret;
  // 503, not 400: Razorpay retries a failed webhook for a day, so events sent before the secret is set still arrive.
  if (!secret) throw new NotReady(webhookNotSetUp);
  if (!signature || !sameHex(hmacHex(secret, rawBody), signature)) throw new BadRequest('Webhook signature is not valid');
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent;
  } catch {
    throw new BadRequest('The request body is not valid JSON.');
  }
  // Signed JSON is not yet an event: `null`, a list or a string must not be read as one.
  if (typeof event !== 'object' || event === null || Array.isArray(event)) throw new BadRequest('The request body is not a webhook event.');
  if (event.event === 'refund.processed' || event.event === 'refund.failed') {
    const refund = refundOf(event.payload?.refund?.entity ?? {});
    if (!refund || !isProviderId(refund.id) || !isProviderId(refund.paymentId)) throw new BadRequest('The event names no refund.');
    // The event says what happened; the entity's own status is the same in Razorpay's payloads.
    await settleRefund(app, { ...refund, status: event.event === 'refund.processed' ? 'processed' : 'failed' });
    return { message: paymentMessages.success };
  }
  if (event.event !== 'payment.captured' && event.event !== 'order.paid') return { message: 'ignored' };
  const payment = event.payload?.payment?.entity;
  const orderId = payment?.order_id ?? event.payload?.order?.entity?.id;
  if (!isProviderId(payment?.id) || !isProviderId(orderId)) throw new BadRequest('The event names no payment or order.');
  const known = await settleAndMail(app, provider, { providerOrderId: orderId, providerPaymentId: payment.id, settledBy: 'webhook' });
  // Settled now or before (a replay, e.g. after verify, which knows no method): the method is filled in if still empty.
  if (known) await fillPaymentMethod(app.db, { providerOrderId: orderId, providerPaymentId: payment.id, method: providerPaymentMethod(payment) });
  return { message: known ? paymentMessages.success : 'ignored' };
}

/** Razorpay's ids (`order_…`, `pay_…`): anything else names no order of ours, and is not sent to the database. */
function isProviderId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(value);
}

export type SandboxPayOutcome =
  | { kind: 'paid'; payment: VerifyPaymentRequest }
  | { kind: 'declined'; decline: z.infer<typeof sandboxDeclineReply> };

/** Whether the sandbox pays: only Razorpay's success test card and success test UPI ID do. */
const sandboxPays = (body: SandboxPayBody) =>
  body.method === 'upi' ? body.vpa === sandboxUpiIds.success : body.cardNumber === sandboxCards.success;

/**
 * The sandbox's payment by card or UPI: the success card or UPI ID pays a known order (its method recorded on it), any
 * other is declined as Razorpay words it.
 */
export async function paySandboxOrder(app: FastifyInstance, sandbox: SandboxProvider, body: SandboxPayBody): Promise<SandboxPayOutcome> {
  const noSuchOrder = () => new NotFound('No such payment order.');
  if (sandboxPays(body)) {
    const payment = await sandbox.pay(body.orderId, sandboxPaymentMethod(body));
    if (!payment) throw noSuchOrder();
    return { kind: 'paid', payment };
  }
  const [order] = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.providerOrderId, body.orderId)).limit(1);
  if (!order) throw noSuchOrder();
  const upi = body.method === 'upi';
  const description = upi ? paymentMessages.upiDeclined : paymentMessages.cardDeclined;
  return {
    kind: 'declined',
    decline: {
      message: description,
      code: 'PAYMENT_DECLINED',
      error: { code: upi ? 'GATEWAY_ERROR' : 'BAD_REQUEST_ERROR', description },
    },
  };
}
