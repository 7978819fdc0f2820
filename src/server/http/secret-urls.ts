import type { FastifyInstance } from 'fastify';
import { listContracts } from '../../shared/contracts';
import { matchPublicPath } from '../../shared/public-routes';

/**
 * The one rule that keeps the secret of a customer's link out of the logs
 * (docs/decisions/397-tokens-kept-out-of-logs.md): a path segment a route declares as a param named
 * `token`, or ending in `Token`, and the token of a customer page the site reads
 * (`/booking/{token}`, `/pay/{token}`, `/checkout/{token}`), is logged as `{token}`; a query string
 * is not logged at all (docs/product.md "API conventions", logs hold no customer data).
 *
 * The routes come from the API contracts and from every route the server registers
 * (`rememberSecretRoutes`), so a new route with a token param is masked without anyone listing it.
 */

/** Whether a route param holds a secret: `token`, or a name ending in `Token` (`payToken`). */
const isSecretParam = (name: string): boolean => name === 'token' || /^[A-Za-z0-9]+Token$/.test(name);

type Segment = { literal: string } | { secret: string | null };

/** Route path -> its segments up to its last secret one; only paths with a secret param are kept. */
const secretRoutes = new Map<string, Segment[]>();

/** Lower case and percent-decoded, so `/API/%6Danage/...` is matched as the router might read it. */
function normal(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** Learns a route path (Fastify syntax, `/api/manage/:token/cancel`); a path with no secret param is ignored. */
function rememberSecretRoute(path: string): void {
  if (secretRoutes.has(path)) return;
  const segments: Segment[] = [];
  for (const part of path.split('/').filter(Boolean)) {
    if (part.includes('*')) break;
    const names = [...part.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    if (names.length === 0) segments.push({ literal: normal(part) });
    else segments.push({ secret: names.find(isSecretParam) ?? null });
  }
  const last = segments.findLastIndex((s) => 'secret' in s && s.secret !== null);
  if (last >= 0) secretRoutes.set(path, segments.slice(0, last + 1));
}

for (const { contract } of listContracts()) rememberSecretRoute(contract.path);

/** Every route the app registers from here on is learnt, whoever registers it (the unsubscribe pages, a plugin's route). */
export function rememberSecretRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => rememberSecretRoute(route.url));
}

/** A token-shaped stand-in, to ask the site's own router whether a segment is read as a page's token. */
const PROBE_TOKEN = 'probeprobeprobeprobe';

/** A path (no query string) with every secret segment replaced by `{name}`. */
function maskedPath(path: string): string {
  const parts = path.split('/');
  const at: number[] = [];
  parts.forEach((part, i) => {
    if (part) at.push(i);
  });
  const seen = at.map((i) => normal(parts[i]!));
  // An API or server route, matched as a prefix: more after the token, or a route the server does
  // not have beneath it, is masked all the same.
  for (const segments of secretRoutes.values()) {
    if (segments.length > seen.length) continue;
    if (!segments.every((s, j) => !('literal' in s) || s.literal === seen[j])) continue;
    segments.forEach((s, j) => {
      if ('secret' in s && s.secret) parts[at[j]!] = `{${s.secret}}`;
    });
  }
  // A customer page: whatever follows `/pay/` is masked when the site would read a token there.
  for (let j = 1; j < Math.min(seen.length, 4); j++) {
    if ('token' in matchPublicPath(`/${seen.slice(0, j).join('/')}/${PROBE_TOKEN}`)) parts[at[j]!] = '{token}';
  }
  return parts.join('/');
}

/** A request's URL as the logs may hold it: its path with every secret masked, without its query string. */
export function loggedUrl(url: string): string {
  return maskedPath(url.replace(/[?#].*$/s, ''));
}

/** A URL or a path in free text (a message, an error, a stack), with an optional origin and query. */
const URLS_IN_TEXT = /([a-z][a-z0-9+.-]*:\/\/[^\s/"'`<>?#]*)?(\/[^\s"'`<>?#]*)(\?[^\s"'`<>#]*)?/gi;

/**
 * Text that may name a URL (an error message, a log message) with every URL's secrets masked as
 * `loggedUrl` masks them; a query string with parameters is cut.
 */
export function maskSecretsIn(text: string): string {
  if (!text.includes('/')) return text;
  return text.replace(
    URLS_IN_TEXT,
    (_all, origin: string | undefined, path: string, query: string | undefined) =>
      `${origin ?? ''}${maskedPath(path)}${query ? (query.includes('=') ? '?…' : query) : ''}`,
  );
}
