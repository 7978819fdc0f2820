import type { FastifyPluginAsync } from 'fastify';
import { system } from '../../shared/contracts/system';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { raisedAlerts, readSystemHealth } from './figures';
import type { Heartbeat } from './heartbeat';

/** Settings, "System" and the dashboard's banner (docs/decisions/400-system-health.md): admins only. */
export function systemRoutes(deps: AppDeps, heartbeat: Heartbeat): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, system.health, async ({ reply }) => {
      reply.header('Cache-Control', 'no-store');
      return readSystemHealth(deps, heartbeat);
    });
    addRoute(app, system.alerts, async ({ reply }) => {
      reply.header('Cache-Control', 'no-store');
      return raisedAlerts(deps.db);
    });
  };
}
