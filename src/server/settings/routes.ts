import type { FastifyPluginAsync } from 'fastify';
import { settings } from '../../shared/contracts/settings';
import type { AppDeps } from '../deps';
import { settingHistory } from '../history/history';
import { addRoute } from '../http/contract-routes';
import { readBusiness, updateBusiness } from './business';
import { readCapacity, updateCapacity } from './capacity';
import { readFees, updateFees } from './fees';
import { readSecurity, updateSecurity } from './security';
import { readPaymentMethods, updatePaymentMethods } from './payment-methods';
import { readMessageSettings, updateMessageSettings } from '../messages/message-settings';

/** The owner's settings (decision 280): fees, business profile and the history of every setting. */
export function settingsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, settings.fees, async () => readFees(deps));
    addRoute(app, settings.updateFees, async ({ body, actor }) => updateFees(deps, body, actor.id));
    addRoute(app, settings.business, async () => readBusiness(deps));
    addRoute(app, settings.updateBusiness, async ({ body, actor }) => updateBusiness(deps, body, actor.id));
    addRoute(app, settings.security, async () => readSecurity(deps));
    addRoute(app, settings.updateSecurity, async ({ body, actor }) => updateSecurity(deps, body, actor.id));
    addRoute(app, settings.capacity, async () => readCapacity(deps));
    addRoute(app, settings.updateCapacity, async ({ body, actor }) => updateCapacity(deps, body, actor.id));
    addRoute(app, settings.messages, async () => readMessageSettings(deps));
    addRoute(app, settings.updateMessages, async ({ body, actor }) => updateMessageSettings(deps, body, actor.id));
    addRoute(app, settings.paymentMethods, async () => readPaymentMethods(deps));
    addRoute(app, settings.updatePaymentMethods, async ({ body, actor }) => updatePaymentMethods(deps, body, actor.id));
    addRoute(app, settings.history, async ({ query }) =>
      settingHistory(deps.db, {
        ...(query.subject ? { subject: query.subject } : {}),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      }),
    );
  };
}
