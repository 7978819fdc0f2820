import type { FastifyRequest } from 'fastify';
import { jobs as jobContracts } from '../../shared/contracts/jobs';
import { perthToday } from '../../shared/domain/perth-time';
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
 * `readable` says the user's screens may be rendered with their data on the server (decision 370).
 */
export function staffFirstScreen(deps: AppDeps) {
  return async (
    request: FastifyRequest,
    tab: string | null,
  ): Promise<{ page: StaffFirstScreen; readable: boolean }> => {
    const { page, readable } = await firstReads(deps, request, tab);
    return { page: { ...page, wide: !isPhoneBrowser(request), today: perthToday(deps.clock.now()) }, readable };
  };
}

/**
 * Whether the browser says it is a phone: Sec-CH-UA-Mobile where it is sent, else its user agent
 * (docs/decisions/379-staff-page-usable-before-its-scripts.md). A wrong guess costs one change of
 * layout as the page comes to life, as every page did before.
 */
export function isPhoneBrowser(request: Pick<FastifyRequest, 'headers'>): boolean {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() === '?1';
  const agent = request.headers['user-agent'];
  // Nothing said: the phone's layout, which the dashboard is designed from.
  return !agent || /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/i.test(agent);
}

async function firstReads(
  deps: AppDeps,
  request: FastifyRequest,
  tab: string | null,
): Promise<{ page: StaffFirstScreen; readable: boolean }> {
  const actor = await resolveSessionUser(deps, sessionToken(request));
  if (!actor?.isActive) return { page: { session: null, queries: [] }, readable: false };
  const session = toSignedInUser(actor);
  if (session.passwordChangeRequired) return { page: { session, queries: [] }, readable: false };
  if (
    actor.role === 'admin' &&
    (await deps.settings.current()).security.requireAdminMfa &&
    !(await hasTwoFactor(deps.db, actor.id))
  )
    return { page: { session, queries: [] }, readable: false };
  if (tab !== null && tab !== 'jobs') return { page: { session, queries: [] }, readable: true };
  const data = await listJobs(deps, actor, FIRST_JOBS_QUERY);
  return {
    page: { session, queries: [{ key: pagedReadKey(jobContracts.list.path, FIRST_JOBS_QUERY), data }] },
    readable: true,
  };
}
