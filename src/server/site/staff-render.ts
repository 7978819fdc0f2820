import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toSearchParams } from '../../shared/contracts/contract';
import type { BusinessInfo } from '../../shared/schemas/site';
import type { StaffFirstScreen } from '../../shared/schemas/staff-first-screen';

/** src/web/entry-server.tsx renderStaff: the markup, and the reads the screen asked for that it was not given. */
export type StaffRenderer = (
  url: string,
  business: BusinessInfo,
  firstScreen: StaffFirstScreen,
) => Promise<{ html: string; wanted: readonly (readonly unknown[])[] }>;

/** A screen whose reads depend on other reads (a list, then its details) gets at most this many renders. */
const MAX_RENDERS = 3;

/**
 * The URL the browser reads a query key from (src/web/lib/api.ts queryKeyOf, pageQuery and
 * urlOfQueryKey): the path's segments, the query object, and 'page' for a paged list, whose data is
 * `{ items, total }`. Null for any other key: it is left to the browser.
 */
export function readOfQueryKey(key: readonly unknown[]): { url: string; paged: boolean } | null {
  const paged = key.at(-1) === 'page';
  const rest = paged ? key.slice(0, -1) : key;
  const last = rest.at(-1);
  const query = typeof last === 'object' && last !== null && !Array.isArray(last) ? last : undefined;
  const segments = query ? rest.slice(0, -1) : rest;
  if (segments[0] !== 'api' || segments.length < 2) return null;
  if (!segments.every((s): s is string => typeof s === 'string' && s !== '' && s !== '.' && s !== '..')) return null;
  const search = query ? toSearchParams(query).toString() : '';
  return { url: `/${segments.map(encodeURIComponent).join('/')}${search ? `?${search}` : ''}`, paged };
}

/**
 * One read, asked of this app's own API route as the signed-in user's browser would ask it (their
 * cookie, address and browser), so it answers exactly what that user may see, through the same
 * checks and services. Anything but a 200 is left for the browser to ask itself.
 */
async function readAsUser(
  app: FastifyInstance,
  request: FastifyRequest,
  key: readonly unknown[],
): Promise<{ key: readonly unknown[]; data: unknown } | null> {
  const read = readOfQueryKey(key);
  if (!read) return null;
  const pass = ['cookie', 'host', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto', 'accept-language'] as const;
  const headers = Object.fromEntries(
    pass.flatMap((h) => (typeof request.headers[h] === 'string' ? [[h, request.headers[h]]] : [])),
  );
  const res = await app.inject({ method: 'GET', url: read.url, headers, remoteAddress: request.socket.remoteAddress });
  if (res.statusCode !== 200) return null;
  const body: unknown = res.json();
  if (!read.paged) return { key, data: body };
  const total = Number(res.headers['x-total-count'] ?? (Array.isArray(body) ? body.length : 0));
  return { key, data: { items: body, total } };
}

/**
 * The signed-in dashboard page rendered on the server (docs/decisions/370-staff-first-screen-server-rendered.md):
 * rendered from the reads already known, then each read it asked for is fetched and it is rendered
 * again, until it asks for nothing new. The page data returned is exactly what the markup was
 * rendered from, so the browser hydrates from the same reads.
 */
export async function renderStaffScreen(
  app: FastifyInstance,
  request: FastifyRequest,
  render: StaffRenderer,
  business: BusinessInfo,
  first: StaffFirstScreen,
): Promise<{ html: string; page: StaffFirstScreen }> {
  let page = first;
  const asked = new Set(first.queries.map((q) => JSON.stringify(q.key)));
  for (let renders = 1; ; renders++) {
    const { html, wanted } = await render(request.url, business, page);
    const fresh = wanted.filter((key) => !asked.has(JSON.stringify(key)));
    if (fresh.length === 0 || renders === MAX_RENDERS) return { html, page };
    for (const key of fresh) asked.add(JSON.stringify(key));
    const reads = (await Promise.all(fresh.map((key) => readAsUser(app, request, key)))).filter((r) => r !== null);
    if (reads.length === 0) return { html, page };
    page = { ...page, queries: [...page.queries, ...reads] };
  }
}
