import type { SignedInUser } from './auth';
import type { JobListQuery } from './jobs';

/**
 * What the server puts in the dashboard's HTML so the first screen waits on nothing in a chain
 * (docs/decisions/342-staff-first-screen.md): who is signed in (null: nobody, so no 401 is asked
 * for), and the first reads of the requested tab under the browser's own query keys.
 */
export type StaffFirstScreen = {
  session: SignedInUser | null;
  queries: { key: readonly unknown[]; data: unknown }[];
  /** The browser does not call itself a phone: the page is rendered in the wide layout (decision 379). */
  wide?: boolean;
  /** Today in Perth by the server's clock: the day a rendered page is drawn and hydrated for (decision 444). */
  today?: string;
};

/** The jobs tab's first read: today (Perth) and upcoming, every status but cancelled, page 1. */
export const FIRST_JOBS_QUERY = {
  status: 'all',
  when: 'upcoming',
  page: 1,
  pageSize: 25,
} as const satisfies JobListQuery;

/** The browser's key of a paged read (src/web/lib/api.ts queryKeyOf and pageQuery): the path's segments, the query, 'page'. */
export const pagedReadKey = (path: string, query: object) =>
  [...path.split('/').filter(Boolean), query, 'page'] as const;
