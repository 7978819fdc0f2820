import { and, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_RE } from '../../shared/domain/queued-change';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { every, type Periodic } from '../scheduler/every';
import { requestKeys } from '../db/schema';
import { AppError } from '../http/errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a duplicate waits for the first request with its key to finish before it is told to try later. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 50;
/** A key whose first request never finished (the instance died mid-way) is taken over after this long. */
const ABANDONED_AFTER_MS = 120_000;

/**
 * A key answers its replays for 24 hours from its first use, by the app's clock: longer than a
 * phone's queue can wait for (a signed-out phone drops its queue; a session ends after
 * SESSION_IDLE_HOURS without a request). An older key no longer replays: the request runs as new.
 * The scheduler deletes expired keys every hour
 * (docs/decisions/409-request-keys-expire-in-a-day.md, amending 382).
 */
export const REQUEST_KEY_TTL_MS = 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

/** Deletes the keys first used at or before `expiredAt`; the number deleted. */
export async function pruneRequestKeys(db: Db, expiredAt: Date): Promise<number> {
  const deleted = await db
    .delete(requestKeys)
    .where(lte(requestKeys.createdAt, expiredAt))
    .returning({ key: requestKeys.key });
  return deleted.length;
}

/** The hourly prune of expired keys on the one scheduler, each tick in one instance (decision 393). */
export function startRequestKeyPrune(
  deps: { db: Db; clock: Clock; log: FastifyBaseLogger },
  intervalMs = PRUNE_EVERY_MS,
): Periodic {
  return every({
    name: 'request-keys-prune',
    intervalMs,
    log: deps.log,
    claimIn: deps.db,
    run: async () => {
      const deleted = await pruneRequestKeys(deps.db, new Date(deps.clock.now().getTime() - REQUEST_KEY_TTL_MS));
      if (deleted) deps.log.debug({ deleted }, 'Deleted expired request keys');
    },
  });
}

export const KEY_MISUSED_MESSAGE = 'This Idempotency-Key was already used for another request.';
export const KEY_FORMAT_MESSAGE = 'Idempotency-Key must be a UUID.';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request is the first with its key: its answer is stored for replays. */
    claimedKey?: { userId: string; key: string };
  }
}

/** 422: the key is well formed but belongs to another request (the error handler answers an error's own 4xx status). */
const keyMisused = () => Object.assign(new Error(KEY_MISUSED_MESSAGE), { statusCode: 422 });

type StoredAnswer = { statusCode: number; body: unknown };

function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_RE.test(value))
    throw new AppError('VALIDATION', KEY_FORMAT_MESSAGE, { fields: { 'Idempotency-Key': KEY_FORMAT_MESSAGE } });
  return value.toLowerCase();
}

const requestLine = (request: FastifyRequest) => `${request.method} ${request.url.split('?')[0]}`;

async function claim(db: Db, clock: Clock, userId: string, key: string, line: string): Promise<boolean> {
  const inserted = await db
    .insert(requestKeys)
    .values({ userId, key, request: line, createdAt: clock.now() })
    .onConflictDoNothing()
    .returning({ key: requestKeys.key });
  return inserted.length === 1;
}

/**
 * The first request's answer once it has one; takes the key over when its first request was
 * abandoned or the key has expired (then this request runs as new).
 */
async function answerOfFirst(
  db: Db,
  clock: Clock,
  userId: string,
  key: string,
  line: string,
): Promise<StoredAnswer | 'claimed' | 'busy'> {
  const until = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const [row] = await db
      .select()
      .from(requestKeys)
      .where(and(eq(requestKeys.userId, userId), eq(requestKeys.key, key)));
    if (!row) {
      // The first request failed (5xx) and gave its key back, or its key expired: this one runs.
      if (await claim(db, clock, userId, key, line)) return 'claimed';
      continue;
    }
    const age = clock.now().getTime() - row.createdAt.getTime();
    if (age >= REQUEST_KEY_TTL_MS) {
      await db
        .delete(requestKeys)
        .where(and(eq(requestKeys.userId, userId), eq(requestKeys.key, key), eq(requestKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.request !== line) throw keyMisused();
    if (row.statusCode !== null) return { statusCode: row.statusCode, body: row.body };
    if (age > ABANDONED_AFTER_MS) {
      await db
        .delete(requestKeys)
        .where(and(eq(requestKeys.userId, userId), eq(requestKeys.key, key), eq(requestKeys.createdAt, row.createdAt)));
      continue;
    }
    if (Date.now() > until) return 'busy';
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function replay(reply: FastifyReply, answer: StoredAnswer) {
  reply.header('Idempotency-Replayed', 'true').status(answer.statusCode);
  return answer.body === null || answer.statusCode === 204 ? reply.send() : reply.send(answer.body);
}

/**
 * Exactly-once staff changes (docs/decisions/345-offline-day-queue.md): a staff request that
 * changes something and carries an Idempotency-Key runs once per user and key; its status and body
 * are stored in request_keys, and the same key on the same `METHOD /path` answers them again and
 * changes nothing. The same key on another request is refused with 422. Two at once: the database's
 * primary key lets one claim the key; the other waits for its answer. A 5xx gives the key back, so a
 * retry runs again.
 */
export function registerIdempotency(app: FastifyInstance, db: Db, clock: Clock) {
  app.addHook('preHandler', async (request, reply) => {
    if (!MUTATING.has(request.method) || !request.user) return;
    const access = request.routeOptions.config?.contract?.access;
    if (access !== 'staff' && access !== 'admin') return;
    const key = keyOf(request);
    if (!key) return;
    const userId = request.user.id;
    const line = requestLine(request);
    if (await claim(db, clock, userId, key, line)) {
      request.claimedKey = { userId, key };
      return;
    }
    const answer = await answerOfFirst(db, clock, userId, key, line);
    if (answer === 'claimed') {
      request.claimedKey = { userId, key };
      return;
    }
    if (answer === 'busy') throw new AppError('CONFLICT', 'This change is still being sent. Try again in a moment.');
    return replay(reply, answer);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.claimedKey;
    if (!claimed) return payload;
    request.claimedKey = undefined;
    const where = and(eq(requestKeys.userId, claimed.userId), eq(requestKeys.key, claimed.key));
    if (reply.statusCode >= 500) {
      await db.delete(requestKeys).where(where);
      return payload;
    }
    let body: unknown = null;
    if (typeof payload === 'string' && payload) {
      try {
        body = JSON.parse(payload);
      } catch {
        body = null;
      }
    }
    await db.update(requestKeys).set({ statusCode: reply.statusCode, body, completedAt: new Date() }).where(where);
    return payload;
  });
}
