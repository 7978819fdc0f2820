import type { FastifyPluginAsync } from 'fastify';
import { emails } from '../../shared/contracts/emails';
import { EMAIL_NOTICE_PUT_AWAY_COOKIE } from '../../shared/domain/email-notice';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { listOutboxEmails } from './service';

export function emailRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // The retry pass runs while the app is up: a failure to send is retried (decision 132).
    app.addHook('onReady', async () => {
      deps.outbox.start();
    });
    app.addHook('onClose', async () => {
      await deps.outbox.stop();
    });

    // Without SMTP_URL nothing leaves the machine: admins read the stored messages here.
    addRoute(app, emails.outbox, async ({ query }) => listOutboxEmails(deps.db, query.limit));
    addRoute(app, emails.delivery, async ({ request }) => ({
      mode: deps.config.smtpUrl ? ('smtp' as const) : ('stored' as const),
      noticePutAway: request.cookies[EMAIL_NOTICE_PUT_AWAY_COOKIE] === '1',
    }));
  };
}
