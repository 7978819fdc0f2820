import type { FastifyPluginAsync } from 'fastify';
import { team } from '../../shared/contracts/auth';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { getRoster, setRoster } from './roster';
import { addUser, listUsers, setUserActive } from './service';

/** The Team tab (docs/product.md "Roles and permissions"): admins only. */
export function teamRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, team.listUsers, async () => listUsers(deps));
    addRoute(app, team.addUser, async ({ body }) => addUser(deps, body));
    addRoute(app, team.setUserStatus, async ({ actor, params, body }) => setUserActive(deps, actor.id, params.userId, body.isActive));
    addRoute(app, team.roster, async ({ params }) => getRoster(deps, params.id));
    addRoute(app, team.setRoster, async ({ actor, params, body, request }) => setRoster(deps, actor, params.id, body, request.ip));
  };
}
