import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { account } from '../../shared/contracts/account';
import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '../../shared/schemas/auth';
import type { ContractDef } from '../../shared/contracts/contract';
import type { AppDeps } from '../deps';
import { appendAudit } from '../audit/log';
import { addRoute } from '../http/contract-routes';
import { AppError } from '../http/errors';
import { sessionToken } from '../http/session-cookie';
import { endDevice, endOtherDevices, listDevices } from './devices';
import { changePassword } from './password-change';

/** My own account (every staff user): "Your devices" and "Change password" in Settings. */
export function accountRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, account.listSessions, async ({ actor, request, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return listDevices(deps, actor.id, sessionToken(request));
    });

    addRoute(app, account.endSession, async ({ actor, params, request }) => {
      await endDevice(deps, actor.id, params.id);
      await appendAudit(deps.db, [
        {
          at: deps.clock.now(),
          actorId: actor.id,
          address: request.ip,
          kind: 'session',
          subject: `user:${actor.id}`,
          label: actor.username,
          action: 'signed out a device',
        },
      ]);
    });

    addRoute(app, account.endOtherSessions, async ({ actor, request }) => {
      const ended = await endOtherDevices(deps, actor.id, sessionToken(request));
      await appendAudit(deps.db, [
        {
          at: deps.clock.now(),
          actorId: actor.id,
          address: request.ip,
          kind: 'session',
          subject: `user:${actor.id}`,
          label: actor.username,
          action: 'signed out everywhere else',
          note: `${ended} session(s) ended`,
        },
      ]);
      return { ended };
    });

    addRoute(app, account.changePassword, async ({ actor, body, request }) => {
      await changePassword(deps, actor.id, body, { address: request.ip, currentToken: sessionToken(request) });
    });
  };
}

/** What a user with a temporary password may still do: choose their own (GET /api/user and sign-out are not staff routes). */
const ALLOWED_BEFORE_CHOOSING: readonly ContractDef[] = [account.changePassword];

/**
 * After an admin's reset the user signs in as usual, but every dashboard request except choosing a
 * new password answers 403 `{ passwordChangeRequired: true }` until they have chosen one
 * (docs/decisions/325-passwords-people-choose.md). Runs after the access check has found the user.
 */
export function registerPasswordChangeGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const contract = request.routeOptions.config?.contract;
    if (!request.user?.passwordMustChange || !contract || (contract.access !== 'staff' && contract.access !== 'admin'))
      return;
    if (ALLOWED_BEFORE_CHOOSING.includes(contract)) return;
    throw new AppError('FORBIDDEN', PASSWORD_CHANGE_REQUIRED_MESSAGE, { passwordChangeRequired: true });
  });
}
