import type { FastifyPluginAsync } from 'fastify';
import { payments } from '../../shared/contracts/payments';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { AppError, invalid, notFound } from '../http/errors';
import {
  confirmSimulatedPayment,
  confirmSimulatedRedirect,
  createPaymentIntentForToken,
  getBookingByToken,
  handlePaymentEvent,
  listPaymentMethodsForToken,
} from './service';
import { APPLE_PAY_ASSOCIATION_PATH, readDomainAssociation } from './wallet-domain';
import { WebhookVerificationError } from './stripe';

export function paymentRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, payments.bookingByToken, async ({ params, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return getBookingByToken(deps, params.token);
    });

    addRoute(app, payments.createPaymentIntent, async ({ body }) =>
      createPaymentIntentForToken(deps, body.bookingToken, body.method),
    );

    addRoute(app, payments.paymentMethods, async ({ params, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return listPaymentMethodsForToken(deps, params.bookingToken);
    });

    addRoute(app, payments.simulatedRedirect, async ({ body }) => confirmSimulatedRedirect(deps, body));

    // Apple Pay's proof that this domain may show it (decision 411): the file Stripe gives, when set.
    const association = await readDomainAssociation(deps.config.applePayDomainAssociationFile);
    app.get(APPLE_PAY_ASSOCIATION_PATH, async (_request, reply) => {
      if (association === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(association);
    });

    addRoute(app, payments.confirmSimulated, async ({ body }) => {
      const { handled, jobNumber } = await confirmSimulatedPayment(deps, body);
      if (handled.outcome === 'failed') throw new AppError('PAYMENT_DECLINED', handled.message);
      return { status: 'succeeded' as const, jobNumber };
    });

    // Stripe signs the exact bytes it sent, so this one route reads its body raw; the parser is
    // registered in this nested scope only and every other route keeps parsing JSON.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      addRoute(webhook, payments.webhook, async ({ request }) => {
        const provider = deps.payments;
        if (!provider?.verifyWebhook) throw notFound('Card payment webhooks are not configured.');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = provider.verifyWebhook(
            raw,
            typeof signature === 'string' ? signature : undefined,
            deps.clock.now().getTime(),
          );
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
        return { received: true as const };
      });
    });
  };
}
