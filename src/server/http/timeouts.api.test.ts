import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { HTTP_TIMEOUTS } from './timeouts';

/**
 * A client that sends its request a byte at a time cannot hold a connection open: the app itself
 * bounds how long the headers and the whole request may take (docs/decisions/337-request-timeouts-in-the-app.md),
 * here shortened so the test runs in seconds.
 */
let t: TestApp;
let port: number;
const timeouts = { headersMs: 1_000, requestMs: 2_000, checkEveryMs: 200 };

beforeAll(async () => {
  t = await createTestApp({ overrides: { httpTimeouts: timeouts } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** Sends `head` at once, then one byte of `trickle` every `everyMs` until the server closes the connection or 10 s pass. */
function trickle(head: string, rest: string, everyMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let at = 0;
    const timer = setInterval(() => {
      if (at < rest.length && socket.writable) socket.write(rest[at++]!);
    }, everyMs);
    const giveUp = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (d) => (answer += d.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    socket.write(head);
  });
}

describe('a request that arrives too slowly', () => {
  it('is cut off when its body comes one byte at a time, past the request timeout', async () => {
    const body = JSON.stringify({ username: 'owner', password: 'a-long-password' });
    const { closedAfterMs, answer } = await trickle(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      300,
    );
    expect(closedAfterMs).toBeLessThan(timeouts.requestMs + 2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('is cut off when its headers come one byte at a time, past the headers timeout', async () => {
    const { closedAfterMs } = await trickle(
      'GET /healthz HTTP/1.1\r\n',
      'Host: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n',
      200,
    );
    expect(closedAfterMs).toBeLessThan(timeouts.headersMs + 1_500);
  });

  it('is answered when it arrives in time', async () => {
    const { answer } = await trickle('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', '', 100);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('the timeouts a production server runs with', () => {
  it('bound the headers, the whole request and an idle connection, and outlast the proxy keep-alive', () => {
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(30_000);
    expect(HTTP_TIMEOUTS.requestMs).toBeLessThanOrEqual(180_000);
    expect(HTTP_TIMEOUTS.idleMs).toBeGreaterThan(0);
    // nginx keeps an idle upstream connection 60 s: the app must not close it first.
    expect(HTTP_TIMEOUTS.keepAliveMs).toBeGreaterThan(60_000);
  });
});
