import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { BODY_TOO_LARGE_MESSAGE } from './body-limit';

/**
 * A JSON body over the 1 MB limit is answered 413 with its message, over real HTTP, even while other
 * requests are in flight: the server reads the rest of the body before it closes the connection, so
 * the answer is not lost to a reset (docs/decisions/336-an-oversized-body-is-read-before-answering.md).
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

type Answer = { status: number; body: string } | { error: string };

/**
 * One request on its own connection, as separate clients send them. A client stops sending once it
 * has its answer (its own socket then ends, so a later write error is no lost answer); an error
 * before any answer is what a person would see as a failed request.
 */
function send(method: string, path: string, body?: Buffer, opts: { chunked?: boolean } = {}): Promise<Answer> {
  const headers: http.OutgoingHttpHeaders = body
    ? {
        'content-type': 'application/json',
        ...(opts.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': body.length }),
      }
    : {};
  return new Promise((resolve) => {
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => resolve({ error: `the answer was cut: ${err.message}` }));
    });
    req.on('error', (err) => {
      if (!answered) resolve({ error: `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}` });
    });
    if (!body) return void req.end();
    // Written in 16 KB pieces a millisecond apart, as a network delivers them: the server answers
    // while the client is still sending, which is when closing the connection lost the answer.
    let at = 0;
    const writeMore = () => {
      if (answered || req.destroyed) return;
      if (at >= body.length) return void req.end();
      req.write(body.subarray(at, at + 16 * 1024));
      at += 16 * 1024;
      setTimeout(writeMore, 1);
    };
    writeMore();
  });
}

/** A JSON document of about 1.1 MB: a booking whose notes are far too long. */
const oversized = (i: number) =>
  Buffer.from(JSON.stringify({ customer: { name: `Sam ${i}` }, job: { notes: 'x'.repeat(1_150_000) } }));

describe('a JSON body over the size limit', () => {
  it('answers 413 with the message to each of 50 clients sending 1.1 MB at once, among other requests', async () => {
    const big = Array.from({ length: 50 }, (_, i) => send('POST', '/api/bookings', oversized(i)));
    const small = Array.from({ length: 50 }, () => send('GET', '/healthz'));
    const answers = await Promise.all(big);
    const others = await Promise.all(small);
    const wrong = answers.filter(
      (a) => !('status' in a) || a.status !== 413 || JSON.parse(a.body).message !== BODY_TOO_LARGE_MESSAGE,
    );
    expect(wrong).toEqual([]);
    expect(JSON.parse((answers[0] as { body: string }).body)).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      message: BODY_TOO_LARGE_MESSAGE,
    });
    expect(others.every((a) => 'status' in a && a.status === 200)).toBe(true);
  });

  it('answers 413 when the body is larger than it said it would be (no length given ahead)', async () => {
    const answer = await send('POST', '/api/bookings', oversized(0), { chunked: true });
    expect(answer).toMatchObject({ status: 413 });
    expect(JSON.parse((answer as { body: string }).body).message).toBe(BODY_TOO_LARGE_MESSAGE);
  });
});
