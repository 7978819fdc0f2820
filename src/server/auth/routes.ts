import type { FastifyPluginAsync } from 'fastify';
import { auth } from '../../shared/contracts/auth';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../http/session-cookie';
import { setChallengeCookie } from './mfa-challenges';
import { mfaRoutes } from './mfa-routes';
import { createOwner, isOwnerSetupNeeded } from './owner-setup';
import { deviceIdOf, rememberDevice } from './known-devices';
import { endSession, startSession } from './sessions';
import { currentUser, registerUser, signIn } from './service';
import { admitSignIn, signInGate } from './sign-in-check';

export function authRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // The process's sign-in gate takes this configuration's limits (decision 399).
    signInGate.configure(deps.config.signInLimits);
    await app.register(mfaRoutes(deps));
    addRoute(app, auth.currentUser, async ({ actor, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return currentUser(actor);
    });

    addRoute(app, auth.login, async ({ body, request, reply }) => {
      const from = {
        address: request.ip,
        previousToken: sessionToken(request),
        userAgent: request.headers['user-agent'] ?? null,
        deviceId: deviceIdOf(request),
      };
      // A bounded number at once, a browser with a cookie in a lane of its own (decision 399).
      const result = await admitSignIn(deps.config, from, () => signIn(deps, body, from));
      // Two-factor sign-in: no session until the code (decision 320), only the pending cookie.
      if ('mfaChallenge' in result) {
        setChallengeCookie(reply, result.mfaChallenge, deps.config);
        return { mfaRequired: true as const };
      }
      setSessionCookie(reply, result.token, deps.config);
      await rememberDevice(deps, request, reply, result.user.id);
      return result.user;
    });

    addRoute(app, auth.logout, async ({ request, reply }) => {
      await endSession(deps.db, sessionToken(request));
      clearSessionCookie(reply);
    });

    addRoute(app, auth.register, async ({ actor, body }) => registerUser(deps, actor, body));

    addRoute(app, auth.setupStatus, async ({ reply }) => {
      reply.header('Cache-Control', 'no-store');
      return { ownerSetupNeeded: await isOwnerSetupNeeded(deps.db) };
    });

    addRoute(app, auth.createOwner, async ({ body, request, reply }) => {
      const owner = await createOwner(deps, body);
      setSessionCookie(
        reply,
        await startSession(deps, owner.id, { userAgent: request.headers['user-agent'] ?? null, address: request.ip }),
        deps.config,
      );
      await rememberDevice(deps, request, reply, owner.id);
      return owner;
    });
  };
}
