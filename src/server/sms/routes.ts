import type { FastifyPluginAsync } from 'fastify';
import twilio from 'twilio';
import { messages } from '../../shared/contracts/messages';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { forbidden } from '../http/errors';
import { recordReply } from './inbound';
import { listOutgoingMessages } from './messages';

/** An empty TwiML answer: the reply is recorded, and nothing is texted back by us (Twilio confirms STOP itself). */
const EMPTY_TWIML = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');

export function smsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // The delivery pass runs while the app is up: a text that could not go is retried (docs/decisions/363-sms-delivery.md).
    app.addHook('onReady', async () => {
      deps.sms.start();
    });
    app.addHook('onClose', async () => {
      await deps.sms.stop();
    });

    addRoute(app, messages.list, async ({ query }) => listOutgoingMessages(deps.db, query));
    addRoute(app, messages.delivery, async () => ({
      sms: deps.sms.provider,
      email: deps.config.smtpUrl ? ('smtp' as const) : ('local' as const),
    }));

    // Twilio posts a form and signs the URL with every field, so this one route parses forms, in its own scope.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
      addRoute(webhook, messages.smsInbound, async ({ request }) => {
        const authToken = deps.config.twilio?.authToken;
        const signature = request.headers['x-twilio-signature'];
        const params = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
        // The address Twilio called, as configured in its console: the public one, not this instance's.
        const url = `${deps.config.publicBaseUrl}${request.url}`;
        if (!authToken || typeof signature !== 'string' || !twilio.validateRequest(authToken, signature, url, params)) {
          request.log.warn(
            { signed: typeof signature === 'string', configured: Boolean(authToken) },
            'Refused an inbound text whose Twilio signature did not verify',
          );
          throw forbidden('The Twilio signature is missing or does not match.');
        }
        const outcome = await recordReply(
          deps.db,
          { from: params.From ?? '', body: params.Body ?? '' },
          deps.clock.now(),
        );
        request.log.info({ outcome }, 'Inbound text handled');
        return { data: EMPTY_TWIML, contentType: 'text/xml; charset=utf-8', filename: 'response.xml' };
      });
    });
  };
}
