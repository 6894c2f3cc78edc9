/**
 * `GET payment/key`, `POST payment/failed`, `POST payment/verify` (SPEC.md §7), the provider's webhook, and the
 * sandbox's card endpoint (registered only while the sandbox provider is active).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../../domain/errors';
import {
  paymentFailedRequest,
  paymentKeyReply,
  paymentMessageReply,
  sandboxDeclineReply,
  sandboxPayReply,
  sandboxPayRequest,
  verifyPaymentRequest,
} from '../../../domain/payment';
import { handleWebhook, paySandboxOrder, reportPaymentFailed, verifyPayment } from './payments.service';
import type { PaymentProvider } from './provider';
import type { SandboxProvider } from './sandbox-provider';

const refusals = { 400: apiError, 401: apiError, 403: apiError } as const;

export function paymentRoutes(provider: PaymentProvider | SandboxProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/payment/key',
      { schema: { tags: ['payment'], summary: 'The key id the payment dialog opens with', response: { 200: paymentKeyReply } } },
      async () => ({ key: provider.keyId }),
    );

    app.post(
      '/payment/failed',
      {
        schema: {
          tags: ['payment'],
          summary: "Reports a dismissed or failed payment: the caller's newest pending order gives its stock back",
          body: paymentFailedRequest,
          response: { 200: paymentMessageReply, ...refusals },
        },
      },
      async (request) => reportPaymentFailed(app, request),
    );

    app.post(
      '/payment/verify',
      {
        schema: {
          tags: ['payment'],
          summary: "Checks the dialog's signature against the stored order id and settles the order once",
          body: verifyPaymentRequest,
          response: { 200: paymentMessageReply, ...refusals },
        },
      },
      async (request) => verifyPayment(app, provider, request, request.body),
    );

    // The webhook's signature covers the exact bytes sent, so this one route keeps its body raw.
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      raw.post(
        '/payment/webhook',
        { schema: { tags: ['payment'], summary: 'Provider events (payment.captured, order.paid), HMAC of the raw body', hide: false } },
        async (request) => {
          const signature = request.headers['x-razorpay-signature'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return handleWebhook(app, provider, body, typeof signature === 'string' ? signature : undefined);
        },
      );
    });

    if (!('pay' in provider)) return;
    const sandbox = provider;
    app.post(
      '/payment/sandbox/pay',
      {
        schema: {
          tags: ['payment'],
          summary:
            'Sandbox card or UPI payment: card 4111 1111 1111 1111 and UPI ID success@razorpay succeed; ' +
            'card 4000 0000 0000 0002 and UPI ID failure@razorpay are declined',
          body: sandboxPayRequest,
          response: { 200: sandboxPayReply, 402: sandboxDeclineReply, 400: apiError, 404: apiError },
        },
      },
      async (request, reply) => {
        const outcome = await paySandboxOrder(app, sandbox, request.body);
        return outcome.kind === 'paid' ? outcome.payment : reply.code(402).send(outcome.decline);
      },
    );
  };
}
