import { MutationCache, QueryCache, QueryClient, useQuery, type DefaultOptions } from '@tanstack/react-query';
import { ADMIN_MFA_REQUIRED } from '../../shared/domain/two-factor';
import type { SignedInUser } from '../../shared/schemas/auth';
import { api, ApiError } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import { clearSavedDay } from './offline/device-store';

/** The current user is fetched on every staff page; a 401 means nobody is signed in. */
export const USER_KEY = api.auth.currentUser.key();

async function fetchCurrentUser(): Promise<SignedInUser | null> {
  try {
    return await api.auth.currentUser();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export function useCurrentUser() {
  return useQuery({ queryKey: USER_KEY, queryFn: fetchCurrentUser });
}

/** Queries that belong to nobody in particular and survive a sign-out: who is signed in, and whether the site needs its owner. */
const KEPT_ON_SIGN_OUT = [USER_KEY, api.auth.setupStatus.key()].map((k) => JSON.stringify(k));

/** Forgets everything cached for the previous user and marks nobody as signed in. */
export function clearSession(client: QueryClient) {
  client.removeQueries({ predicate: (q) => !KEPT_ON_SIGN_OUT.includes(JSON.stringify(q.queryKey)) });
  client.setQueryData(USER_KEY, null);
}

/**
 * The shared client conventions (src/web/lib/query-client.ts) plus one rule for the dashboard:
 * any 401 from any query or mutation means the session is gone (signed out elsewhere, expired,
 * or deactivated), so the user is cleared and protected routes fall back to /auth.
 */
export function createStaffQueryClient(): QueryClient {
  const onError = (err: unknown) => {
    // The session is gone: so is the saved day on this phone, while its waiting changes wait for a sign-in (decision 347).
    if (err instanceof ApiError && err.status === 401) {
      clearSession(client);
      void clearSavedDay().catch(() => undefined);
    }
    // A temporary password set by an admin: read the user again, whose flag shows "Choose a new password".
    if (err instanceof ApiError && err.status === 403 && err.json?.passwordChangeRequired === true)
      void client.invalidateQueries({ queryKey: USER_KEY });
    // The owner has just required two-factor of admins: the dashboard reads the status again and shows the enrolment (decision 321).
    if (err instanceof ApiError && err.status === 403 && err.serverMessage === ADMIN_MFA_REQUIRED)
      void client.invalidateQueries({ queryKey: api.twoFactor.status.key() });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    // Reads are asked even without signal: the service worker answers a technician's saved day (decision 345).
    defaultOptions: withNetworkAlways(createQueryClient().getDefaultOptions()),
  });
  return client;
}

function withNetworkAlways(options: DefaultOptions): DefaultOptions {
  return {
    ...options,
    queries: { ...options.queries, networkMode: 'always' },
    mutations: { ...options.mutations, networkMode: 'always' },
  };
}
