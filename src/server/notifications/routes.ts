import websocket from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notifications as contracts } from '../../shared/contracts/notifications';
import type { AppDeps } from '../deps';
import { addSocketRoute } from '../http/contract-routes';
import { forbidden } from '../http/errors';
import { siteOrigins } from '../http/security';
import { sessionToken } from '../http/session-cookie';
import { createNotificationHub, type HubOptions } from './hub';

/**
 * A browser sends its page's origin with every WebSocket upgrade, and its cookies whichever site
 * opened the socket: an upgrade from another origin is refused, so no other page can read the
 * staff feed with a staff member's cookie. The allowed origins are the site's own, from
 * configuration (decision 197); a client that sends no Origin is judged by its cookie alone.
 */
function refuseOtherSites(deps: AppDeps) {
  const allowed = siteOrigins(deps.config);
  return async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin))
      throw forbidden('This connection must come from the site itself.');
  };
}

/** `/ws/notifications` (docs/product.md "Live notifications", decision 196). */
export function notificationRoutes(deps: AppDeps, opts: HubOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const hub = createNotificationHub(deps, opts);
    // Registered before the socket plugin, so its own shutdown (which closes sockets without a
    // code) finds none left: clients are told 1001 and reconnect to another instance.
    app.addHook('preClose', async () => hub.stop());
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    app.addHook('onReady', async () => hub.start());

    addSocketRoute(
      app,
      contracts.connect,
      ({ socket, request, query }) => hub.attach(socket, { sessionToken: sessionToken(request), since: query.since }),
      { beforeUpgrade: refuseOtherSites(deps) },
    );
  };
}
