import type { FastifyRequest } from 'fastify';
import { jobs as jobContracts } from '../../shared/contracts/jobs';
import { FIRST_JOBS_QUERY, pagedReadKey, type StaffFirstScreen } from '../../shared/schemas/staff-first-screen';
import { hasTwoFactor } from '../auth/mfa';
import { toSignedInUser } from '../auth/service';
import { resolveSessionUser } from '../auth/sessions';
import type { AppDeps } from '../deps';
import { sessionToken } from '../http/session-cookie';
import { listJobs } from '../jobs/service';

/**
 * The signed-in user and the jobs tab's first page, sent inside the dashboard's HTML
 * (docs/decisions/342-staff-first-screen.md). Only what the same user's own API calls would
 * answer: nothing for nobody, and no data while a new password or two-factor set-up comes first.
 */
export function staffFirstScreen(deps: AppDeps) {
  return async (request: FastifyRequest, tab: string | null): Promise<StaffFirstScreen> => {
    const actor = await resolveSessionUser(deps, sessionToken(request));
    if (!actor?.isActive) return { session: null, queries: [] };
    const session = toSignedInUser(actor);
    if (session.passwordChangeRequired || (tab !== null && tab !== 'jobs')) return { session, queries: [] };
    if (actor.role === 'admin' && (await deps.settings.current()).security.requireAdminMfa && !(await hasTwoFactor(deps.db, actor.id))) return { session, queries: [] };
    const data = await listJobs(deps, actor, FIRST_JOBS_QUERY);
    return { session, queries: [{ key: pagedReadKey(jobContracts.list.path, FIRST_JOBS_QUERY), data }] };
  };
}
