import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { listenForNotifications, type ChannelListener } from '../notifications/channel';

/** The channel the database's triggers NOTIFY on (drizzle/0013_public_cache_triggers.sql, decision 231). */
export const PUBLIC_CACHE_CHANNEL = 'public_cache';

/** What changed: a day's availability (`day` null: every day), the public pages' own data, or the owner's settings (decision 280). */
export type PublicChange = { kind: 'availability'; day: string | null } | { kind: 'pages' } | { kind: 'settings' };

export type PublicCacheSubscriber = {
  onChange(change: PublicChange): void;
  /** Changes can be heard (true) or not (false: a lost listener); either way, forget everything. */
  onListening(listening: boolean): void;
};

export type PublicChanges = {
  /** Starts listening; until then (and while the listener is lost) subscribers are told not to cache. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(subscriber: PublicCacheSubscriber): () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** What the public caches hear from the database (tests await a change with it). */
    publicChanges: PublicChanges;
  }
}

/** `availability:2026-12-01`, `availability:*`, `pages:*` or `settings:*`, as the triggers send them. */
export function parsePublicChange(payload: string): PublicChange | undefined {
  const [kind, what] = payload.split(':', 2);
  if (kind === 'pages') return { kind: 'pages' };
  if (kind === 'settings') return { kind: 'settings' };
  if (kind === 'availability') return { kind: 'availability', day: what && what !== '*' ? what : null };
  return undefined;
}

/**
 * One listener per app instance for the public caches (decision 231). Every write that changes a
 * slot's availability or a public page, through any instance, a script or psql, fires a trigger
 * that NOTIFYs at commit; every instance hears it, its own included (on PGlite before the writing
 * statement returns). Caches serve only while the listener is up: when it drops they are emptied
 * and bypassed, and emptied again once it is back, as anything may have changed meanwhile.
 */
export function createPublicChanges(deps: { db: Db; log: FastifyBaseLogger }): PublicChanges {
  const subscribers = new Set<PublicCacheSubscriber>();
  let listener: ChannelListener | undefined;
  let listening = false;
  let lost = false;
  let stopped = false;
  const tell = (now: boolean) => {
    listening = now;
    for (const s of subscribers) s.onListening(now);
  };

  return {
    async start() {
      listener = await listenForNotifications(deps.db, {
        log: deps.log,
        channel: PUBLIC_CACHE_CHANNEL,
        onPayload: (payload) => {
          const change = parsePublicChange(payload);
          if (!change) return;
          for (const s of subscribers) s.onChange(change);
        },
        onLost: () => {
          lost = true;
          tell(false);
        },
        onResumed: () => {
          lost = false;
          if (!stopped) tell(true);
        },
      });
      if (!lost && !stopped) tell(true);
    },
    async stop() {
      stopped = true;
      tell(false);
      await listener?.close();
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      subscriber.onListening(listening);
      return () => subscribers.delete(subscriber);
    },
  };
}
