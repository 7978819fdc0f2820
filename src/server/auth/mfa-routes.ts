import type { FastifyPluginAsync } from 'fastify';
import { twoFactor } from '../../shared/contracts/two-factor';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { sessionToken, setSessionCookie } from '../http/session-cookie';
import { challengeToken, clearChallengeCookie } from './mfa-challenges';
import { confirmMfa, disableMfa, listUsersWithMfa, mfaStatus, resetMfaOfUser, startMfaSetup } from './mfa';
import { deviceIdOf, rememberDevice } from './known-devices';
import { completeMfaSignIn } from './mfa-sign-in';

/** Two-factor sign-in (docs/decisions/320-two-factor-sign-in.md): my own in Settings, the code step of signing in, an admin's reset. */
export function mfaRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, twoFactor.status, async ({ actor, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return mfaStatus(deps, actor);
    });
    addRoute(app, twoFactor.setup, async ({ actor, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return startMfaSetup(deps, actor);
    });
    addRoute(app, twoFactor.confirm, async ({ actor, body, request, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return confirmMfa(deps, actor, body.code, request.ip);
    });
    addRoute(app, twoFactor.disable, async ({ actor, body, request }) => disableMfa(deps, actor, body, request.ip));

    addRoute(app, twoFactor.completeSignIn, async ({ body, request, reply }) => {
      const { user, token } = await completeMfaSignIn(deps, body, {
        challengeToken: challengeToken(request),
        address: request.ip,
        previousToken: sessionToken(request),
        userAgent: request.headers['user-agent'] ?? null,
        deviceId: deviceIdOf(request),
      });
      clearChallengeCookie(reply);
      setSessionCookie(reply, token, deps.config);
      await rememberDevice(deps, request, reply, user.id);
      return user;
    });

    addRoute(app, twoFactor.enrolledUsers, async () => listUsersWithMfa(deps.db));
    addRoute(app, twoFactor.reset, async ({ actor, params, request }) =>
      resetMfaOfUser(deps, actor, params.userId, request.ip),
    );
  };
}
