import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { nextPerthMidnight } from '../../shared/domain/perth-time';
import { createExpiringCache } from '../cache/expiring-cache';
import type { PublicChanges } from '../cache/public-changes';

/** One rendered public page: the same for every visitor (no cookie, nonce or session in it). */
export type RenderedPage = { status: number; html: string };

/** The page as bytes (sent as they are, not re-encoded from a string per request) and its compressed forms once made. */
type Entry = { status: number; body: Buffer; br?: Buffer; gzip?: Buffer };

/** Distinct URLs kept at once (each active suburb page, the static pages, a few query strings). */
const CACHED_PAGES = 1_000;
/** Longest a page is served without rendering it again, should a change ever go unheard. */
const MAX_AGE_MS = 10 * 60_000;

/** The client's preferred encoding among the two kept (brotli first, as @fastify/compress does). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepts = (name: string) =>
    header.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      return token?.trim().toLowerCase() === name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    });
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
}

/**
 * Rendered public pages (`/`, suburb pages, about, privacy, terms) kept per URL, path and query as
 * sent, since the render reads both (decision 232). A page leaves when its data changes on any
 * instance (the `pages` change from the database's triggers), at the next Perth midnight, or after
 * ten minutes. Its brotli and gzip bytes are made once, on first ask, not per request.
 */
export function createPageCache(changes: PublicChanges | undefined) {
  const cache = createExpiringCache<string, Entry>({ maxEntries: CACHED_PAGES, now: Date.now });
  cache.setEnabled(false);
  changes?.subscribe({
    onChange: (change) => {
      if (change.kind === 'pages') cache.clear();
    },
    onListening: (listening) => cache.setEnabled(listening),
  });

  return {
    /** Sends the page for `key`, rendering it only when no valid copy is kept. */
    async send(request: FastifyRequest, reply: FastifyReply, key: string, render: () => Promise<RenderedPage>) {
      const entry = await cache.get(key, async () => {
        const started = Date.now();
        const page = await render();
        return {
          value: { status: page.status, body: Buffer.from(page.html) },
          validUntil: Math.min(started + MAX_AGE_MS, nextPerthMidnight(new Date(started)).getTime()),
        };
      });
      reply.status(entry.status);
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      // Uncached (changes unheard) or small: sent as rendered, @fastify/compress encodes it if asked.
      if (!encoding || !cache.enabled || entry.body.length < 1024) return reply.send(entry.body);
      const bytes =
        encoding === 'br'
          ? (entry.br ??= zlib.brotliCompressSync(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }))
          : (entry.gzip ??= zlib.gzipSync(entry.body));
      return reply.header('Content-Encoding', encoding).header('Vary', 'accept-encoding').send(bytes);
    },
  };
}
