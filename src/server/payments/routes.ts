import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingByTokenResponse,
  bookingTokenParams,
  createPaymentIntentRequest,
  paymentIntentResponse,
  simulatedConfirmRequest,
  simulatedConfirmResponse,
} from '../../shared/schemas/payments';
import type { AppDeps } from '../app';
import { AppError, invalid, notFound } from '../http/errors';
import { confirmSimulatedPayment, createPaymentIntentForToken, getBookingByToken, handlePaymentEvent } from './service';
import { WebhookVerificationError } from './stripe';

const errorBody = z.object({ error: z.string(), message: z.string() });

export function paymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/booking-token/:token',
      { config: { access: 'public' }, schema: { params: bookingTokenParams, response: { 200: bookingByTokenResponse } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return getBookingByToken(deps, request.params.token);
      },
    );

    app.post(
      '/api/create-payment-intent-token',
      { config: { access: 'public' }, schema: { body: createPaymentIntentRequest, response: { 200: paymentIntentResponse } } },
      async (request) => createPaymentIntentForToken(deps, request.body.bookingToken),
    );

    app.post(
      '/api/payments/simulated/confirm',
      { config: { access: 'public' }, schema: { body: simulatedConfirmRequest, response: { 200: simulatedConfirmResponse, 402: errorBody } } },
      async (request, reply) => {
        const { handled, jobNumber } = await confirmSimulatedPayment(deps, request.body);
        if (handled.outcome === 'failed') return reply.status(402).send({ error: 'PAYMENT_DECLINED', message: handled.message });
        return { status: 'succeeded' as const, jobNumber };
      },
    );

    // Stripe signs the exact bytes it sent, so this one route reads its body raw; the parser is
    // registered in this nested scope only and every other route keeps parsing JSON.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      webhook.post('/api/payments/webhook', { config: { access: 'webhook' } }, async (request) => {
        const provider = deps.payments;
        if (!provider?.verifyWebhook) throw notFound('Card payment webhooks are not configured.');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = provider.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined, deps.clock.now().getTime());
        } catch (err) {
          if (err instanceof WebhookVerificationError && err.unconfigured) {
            request.log.error('A Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set');
            throw new AppError('UNAVAILABLE', 'Webhook signing secret is not configured.');
          }
          if (err instanceof WebhookVerificationError) {
            request.log.warn({ reason: err.message }, 'Refused a webhook whose signature did not verify');
            throw invalid('Webhook signature verification failed.');
          }
          throw err;
        }
        const handled = await handlePaymentEvent(deps, event);
        request.log.info({ eventId: event.id, type: event.type, outcome: handled.outcome }, 'Payment webhook handled');
        return { received: true };
      });
    });
  };
}
