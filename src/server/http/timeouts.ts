/**
 * How long a client may take to send its request, set in the app itself and not only in nginx, so a
 * client that sends a byte every 30 s cannot hold a connection (and its memory) for ever
 * (docs/decisions/337-request-timeouts-in-the-app.md). Fastify's own default turns Node's request
 * timeout off.
 */
export type HttpTimeouts = {
  /** From the connection's first byte to the end of the request's headers. */
  headersMs: number;
  /** From the first byte to the end of the whole request, body included: a 10 MB photo over a slow phone link fits. */
  requestMs: number;
  /** A connection on which nothing moves (no byte either way) for this long is closed. */
  idleMs: number;
  /** An idle kept-alive connection between requests; longer than nginx's 60 s, so nginx closes first and never reuses a closed one. */
  keepAliveMs: number;
  /** How often Node looks for requests past their time: the timeouts above are kept to within this. */
  checkEveryMs: number;
};

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 20_000,
  requestMs: 120_000,
  idleMs: 90_000,
  keepAliveMs: 72_000,
  checkEveryMs: 5_000,
};

/** The Fastify options that apply them (Fastify sets Node's server from these). */
export function serverTimeoutOptions(overrides: Partial<HttpTimeouts> = {}) {
  const t = { ...HTTP_TIMEOUTS, ...overrides };
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { headersTimeout: t.headersMs, requestTimeout: t.requestMs, connectionsCheckingInterval: t.checkEveryMs },
  };
}
