import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizedError } from '../../src/server/http/errors';
import { LOG_HOOKS, LOG_SERIALIZERS } from '../../src/server/http/logging';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The secret in a customer's link (manage, pay, checkout, unsubscribe) never reaches the logs
 * (docs/decisions/397-tokens-kept-out-of-logs.md): every route that declares a token param, and
 * every customer page with a token, is logged with the token masked, at every level.
 */
let t: TestApp;
const lines: string[] = [];
const sinkOf = (into: string[]) =>
  new Writable({
    write(chunk: Buffer, _enc, done) {
      into.push(chunk.toString());
      done();
    },
  });

beforeAll(async () => {
  t = await createTestApp({ overrides: { logger: pino({ level: 'trace' }, sinkOf(lines)) } });
});
afterAll(async () => {
  await t?.close();
});

/** A token-shaped value no log line could hold by chance. */
const sampleToken = () => `Zq${randomBytes(15).toString('base64url')}`;
/** A param that holds a secret, as the test reads a route's path independently of the server's rule. */
const isSecretSegment = (segment: string) => /^:(token|[A-Za-z0-9]*Token)\b/.test(segment);

/** Sends the request and answers the log lines it wrote. */
async function logOf(method: string, url: string, payload?: object) {
  const from = lines.length;
  await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
  return lines.slice(from).join('');
}

describe('a request with a token in its URL is logged without the token', () => {
  it('on every registered route that declares a token param', async () => {
    const routes = t.app.routeAccess.filter((r) => r.url.split('/').some(isSecretSegment));
    // The customer links today: manage, pay, checkout and unsubscribe; each new one is walked too.
    for (const prefix of ['/api/manage/', '/api/invoice-token/', '/api/booking-token/', '/unsubscribe/'])
      expect(
        routes.some((r) => r.url.startsWith(prefix)),
        prefix,
      ).toBe(true);
    for (const route of routes) {
      const tokens: string[] = [];
      const url = route.url
        .split('/')
        .map((segment) => {
          if (isSecretSegment(segment)) {
            tokens.push(sampleToken());
            return tokens.at(-1)!;
          }
          return segment.startsWith(':') ? randomUUID() : segment;
        })
        .join('/');
      const logged = await logOf(route.method, url, route.method === 'GET' || route.method === 'HEAD' ? undefined : {});
      expect(logged, `${route.method} ${route.url}`).toContain('incoming request');
      for (const token of tokens) expect(logged, `${route.method} ${route.url}`).not.toContain(token);
      // The line still says which route was asked for.
      expect(logged, `${route.method} ${route.url}`).toContain(route.url.split('/:')[0]);
    }
  });

  it('on the customer pages, with more after the token, and in a query string', async () => {
    for (const page of ['/booking/', '/pay/', '/checkout/', '/unsubscribe/', '/api/manage/']) {
      for (const after of ['', '/', '/extra', '.', '%20)']) {
        const token = sampleToken();
        const logged = await logOf('GET', `${page}${token}${after}`);
        expect(logged, page + after).toContain(`${page}{token}`);
        expect(logged, page + after).not.toContain(token);
      }
    }
    const token = sampleToken();
    const logged = await logOf('GET', `/?payment=success&booking=${token}`);
    expect(logged).toContain('incoming request');
    expect(logged).not.toContain(token);
    // A route the site does not have, or a doubled slash, still hides the manage link's token.
    const again = sampleToken();
    const odd = await logOf('GET', `//api//manage/${again}/no-such-action`);
    expect(odd).not.toContain(again);
  });

  it('keeps an ordinary path as it is', async () => {
    const id = randomUUID();
    expect(await logOf('GET', `/api/dashboard/jobs/${id}`)).toContain(`/api/dashboard/jobs/${id}`);
  });
});

describe('guessing links', () => {
  it('is logged once an address fills its minute of wrong links, naming the address, never a token', async () => {
    const from = lines.length;
    const tokens = Array.from({ length: 22 }, sampleToken);
    for (const token of tokens)
      await t.app.inject({ method: 'GET', url: `/api/manage/${token}`, remoteAddress: '10.77.0.1' });
    const logged = lines.slice(from);
    const warnings = logged.filter((line) => line.includes('someone may be guessing'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, link: 'manage', clientAddress: '10.77.0.1' });
    for (const token of tokens) expect(logged.join('')).not.toContain(token);
  });
});

describe('an error or a message that names a link is logged without the token', () => {
  it('in an error, its stack and its causes', () => {
    const token = sampleToken();
    const err = new Error(`Reply was already sent for GET /api/manage/${token}/cancel`, {
      cause: new Error(`fetch https://tyres.example/pay/${token} failed`),
    });
    const logged = JSON.stringify(sanitizedError(err));
    expect(logged).toContain('/api/manage/{token}/cancel');
    expect(logged).toContain('https://tyres.example/pay/{token}');
    expect(logged).not.toContain(token);
  });

  it("in the server's own logger: messages, request and error fields", () => {
    const own: string[] = [];
    const logger = pino({ level: 'info', serializers: LOG_SERIALIZERS, hooks: LOG_HOOKS }, sinkOf(own));
    const token = sampleToken();
    logger.info(`Route GET:/booking/${token} not found`);
    logger.warn(
      { url: 'x' },
      'Reply was already sent, did you forget to "return reply" in the "%s" route?',
      `/pay/${token}`,
    );
    logger.info({ req: { method: 'GET', url: `/unsubscribe/${token}?x=1` } }, 'incoming request');
    logger.error({ err: new Error(`at /api/invoice-token/${token}/pdf`) }, 'unhandled error');
    const logged = own.join('');
    expect(own).toHaveLength(4);
    expect(logged).toContain('/booking/{token}');
    expect(logged).toContain('/pay/{token}');
    expect(logged).toContain('/unsubscribe/{token}');
    expect(logged).toContain('/api/invoice-token/{token}/pdf');
    expect(logged).not.toContain(token);
  });
});
