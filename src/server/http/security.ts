import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { forbidden } from './errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function contentSecurityPolicy(config: Config): string {
  const scriptSrc = ["'self'"];
  // 'self' covers the site's own ws:/wss: (CSP level 3), so no other socket host is reachable.
  const connectSrc = ["'self'"];
  const frameSrc: string[] = [];
  if (config.stripe) {
    scriptSrc.push('https://js.stripe.com');
    connectSrc.push('https://api.stripe.com');
    frameSrc.push('https://js.stripe.com', 'https://hooks.stripe.com');
  }
  if (config.googleMapsApiKey) {
    scriptSrc.push('https://maps.googleapis.com');
    connectSrc.push('https://maps.googleapis.com', 'https://places.googleapis.com');
  }
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    // Radix positions popovers with inline style attributes; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connectSrc.join(' ')}`,
    `frame-src ${frameSrc.length ? frameSrc.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/** This machine's own names, as a URL's hostname spells them. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins this site is served from, from configuration only (decision 005): the public URL
 * and the staff host (same scheme). Never the request's own Host header, which the caller chooses:
 * a page on another host that reaches this server would otherwise vouch for itself.
 * A site served on this machine (PUBLIC_BASE_URL unset, or itself a local address) is the same site
 * under each of this machine's names at the same scheme and port: a newcomer who opens
 * http://127.0.0.1:5000 signs in as at http://localhost:5000 (docs/decisions/395-newcomer-first-run.md).
 * A public address never takes these names.
 */
export function siteOrigins(config: Pick<Config, 'publicBaseUrl' | 'staffHost'>): ReadonlySet<string> {
  const publicUrl = new URL(config.publicBaseUrl);
  const origins = new Set([publicUrl.origin]);
  if (LOOPBACK_HOSTS.includes(publicUrl.hostname)) {
    const port = publicUrl.port ? `:${publicUrl.port}` : '';
    for (const host of LOOPBACK_HOSTS) origins.add(`${publicUrl.protocol}//${host}${port}`);
  }
  if (config.staffHost) origins.add(originOf(`${publicUrl.protocol}//${config.staffHost}`)!);
  return origins;
}

export function registerSecurity(app: FastifyInstance, config: Config) {
  const csp = contentSecurityPolicy(config);

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'geolocation=(self), camera=(self), microphone=()');
    // Vite's development server injects inline scripts, so the policy is enforced on built pages only.
    if (config.env !== 'development') reply.header('Content-Security-Policy', csp);
    if (config.isProduction) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });

  // A browser always sends Origin (or at least Referer / Sec-Fetch-Site) on a state-changing fetch;
  // one from another site is refused. Non-browser clients send none and are judged by their credentials.
  const allowed = siteOrigins(config);
  // Says which address to open, for a person who opened the site at another one (a LAN address, another port).
  const refusal = `This request must come from the site itself. Open the site at ${config.publicBaseUrl} and try again.`;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.contract?.access === 'webhook') return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw forbidden(refusal);
      return;
    }
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw forbidden(refusal);
  });
}
