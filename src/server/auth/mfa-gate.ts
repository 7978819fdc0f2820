import type { FastifyInstance } from 'fastify';
import { ADMIN_MFA_REQUIRED } from '../../shared/domain/two-factor';
import type { AppDeps } from '../deps';
import { forbidden } from '../http/errors';
import { hasTwoFactor } from './mfa';

/**
 * While the owner requires two-factor sign-in for admins (settings `security`), an admin without
 * it is signed in but may only set it up: every dashboard call answers 403 with the way to do so
 * (docs/decisions/321-admins-required-to-use-two-factor.md). The signed-in user's own account
 * (/api/user/...: two-factor, and their password and devices) stays open, so they can comply.
 * Registered after the access control, which has found the user by then.
 */
const isOwnAccount = (url: string | undefined) => url !== undefined && url.startsWith('/api/user/');

export function registerAdminMfaRequirement(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'settings'>): void {
  app.addHook('onRequest', async (request) => {
    const user = request.user;
    if (user?.role !== 'admin') return;
    const contract = request.routeOptions.config?.contract;
    // The legacy POST /api/register is an admin's write too, though any caller may reach its handler.
    const isDashboard =
      contract?.access === 'staff' || contract?.access === 'admin' || contract?.path === '/api/register';
    if (!isDashboard || isOwnAccount(contract?.path)) return;
    if (!(await deps.settings.current()).security.requireAdminMfa) return;
    if (await hasTwoFactor(deps.db, user.id)) return;
    throw forbidden(ADMIN_MFA_REQUIRED);
  });
}
