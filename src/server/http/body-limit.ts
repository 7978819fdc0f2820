import type { FastifyRequest } from 'fastify';

/** The largest JSON body a request may carry (1 MB); files go through their own upload limits. */
export const BODY_LIMIT_BYTES = 1_048_576;

export const BODY_TOO_LARGE_MESSAGE = 'The request is too large: it may hold at most 1 MB.';

/**
 * How much of an oversized body is read and thrown away before it is answered; a client that sends
 * more (or says it will) is answered at once and its connection closed.
 */
const MAX_DISCARDED_BYTES = 16 * 1024 * 1024;

/**
 * A body over the limit is refused before it has all arrived. Answering and closing the connection
 * at once, as Fastify does, lets the client's next write fail (EPIPE, a reset) before it has read the
 * 413, so some clients never saw it. The rest of the body is read and thrown away first, up to a
 * bound, and then answered: nothing is left unread when the connection closes
 * (docs/decisions/336-an-oversized-body-is-read-before-answering.md). The request timeouts
 * (src/server/http/timeouts.ts) bound how long that reading may take.
 */
export function readRestOfOversizedBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  const declared = Number(request.headers['content-length']);
  if (raw.complete || raw.destroyed || declared > MAX_DISCARDED_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const done = () => {
      raw.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > MAX_DISCARDED_BYTES) done();
    };
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}
