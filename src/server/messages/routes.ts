import type { FastifyPluginAsync } from 'fastify';
import { customerMessages } from '../../shared/contracts/customer-messages';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { sendOnMyWay } from './on-my-way';
import { unsubscribeRoutes } from './unsubscribe';

/** Messages to customers: the "on my way" text and the return-visit unsubscribe pages (decisions 366 and 368). */
export function customerMessageRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, customerMessages.onMyWay, async ({ params, actor }) => {
      const sent = await sendOnMyWay(deps, params.id, actor);
      // Delivery starts after the commit: the text goes at once (docs/decisions/368-on-my-way-text.md).
      deps.sms.kick();
      return sent;
    });
    await app.register(unsubscribeRoutes(deps));
  };
}
