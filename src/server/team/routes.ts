import type { FastifyPluginAsync } from 'fastify';
import { team } from '../../shared/contracts/auth';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { endUserSessions, resetPassword } from '../auth/password-change';
import { getRoster, setRoster } from './roster';
import { registerUser } from '../auth/service';
import { listUsers, setUserActive } from './service';

/** The Team tab (docs/product.md "Roles and permissions"): admins only. */
export function teamRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, team.listUsers, async () => listUsers(deps));
    addRoute(app, team.addUser, async ({ actor, body }) => registerUser(deps, actor, body));
    addRoute(app, team.setUserStatus, async ({ actor, params, body }) =>
      setUserActive(deps, actor.id, params.userId, body.isActive),
    );
    addRoute(app, team.resetPassword, async ({ actor, params, body, request, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return resetPassword(deps, actor.id, params.userId, body, request.ip);
    });
    addRoute(app, team.endUserSessions, async ({ actor, params, request }) => ({
      ended: await endUserSessions(deps, actor.id, params.userId, request.ip),
    }));
    addRoute(app, team.roster, async ({ params }) => getRoster(deps, params.id));
    addRoute(app, team.setRoster, async ({ actor, params, body, request }) =>
      setRoster(deps, actor, params.id, body, request.ip),
    );
  };
}
