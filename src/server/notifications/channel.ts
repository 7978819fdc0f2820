import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client';
import { NOTIFY_CHANNEL } from './store';

/** A LISTEN on the notifications channel; `close` stops it. */
export type ChannelListener = { close(): Promise<void> };

type ListenOptions = {
  log: FastifyBaseLogger;
  /** The channel to LISTEN on; the staff notifications channel unless another is named (decision 231). */
  channel?: string;
  /** Called with each NOTIFY payload (an event id as text). */
  onPayload: (payload: string) => void;
  /** Called after a lost PostgreSQL listener is back: events sent meanwhile were not heard. */
  onResumed: () => void;
  /** Called when the PostgreSQL listener drops: nothing is heard until `onResumed`. */
  onLost?: () => void;
  /** Delays between reconnect attempts of a lost PostgreSQL listener; the last repeats. */
  retryDelaysMs?: readonly number[];
};

type PgliteClient = { listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> };

function isPglite(client: unknown): client is PgliteClient {
  return typeof (client as { listen?: unknown }).listen === 'function' && 'waitReady' in (client as object);
}

/**
 * Listens for notification events from every app instance (decision 196). On PGlite the database
 * lives in this process, so its in-process `listen` hears every NOTIFY. On a PostgreSQL server a
 * LISTEN needs a connection of its own, held outside the pool for the app's life; when it drops it
 * is re-opened with a growing delay, and `onResumed` lets the caller catch up on what it missed.
 */
export async function listenForNotifications(db: Db, opts: ListenOptions): Promise<ChannelListener> {
  const client: unknown = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    const unlisten = await client.listen(opts.channel ?? NOTIFY_CHANNEL, opts.onPayload);
    return { close: () => unlisten() };
  }
  if (client instanceof pg.Pool) return listenOnServer(client.options, opts);
  throw new Error('Live notifications need PGlite or a node-postgres pool');
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

async function listenOnServer(config: pg.ClientConfig, opts: ListenOptions): Promise<ChannelListener> {
  const channel = opts.channel ?? NOTIFY_CHANNEL;
  const delays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let current: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const client = new pg.Client({ ...config, keepAlive: true });
    const lost = (err?: Error) => {
      if (current !== client) return;
      current = null;
      void client.end().catch(() => undefined);
      if (closed) return;
      opts.log.warn({ err, channel }, 'Live notifications: the PostgreSQL listener was lost; reconnecting');
      opts.onLost?.();
      schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) opts.onPayload(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
  }

  function schedule() {
    const delay = delays[Math.min(failures, delays.length - 1)]!;
    failures++;
    retry = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
          if (!closed) opts.onResumed();
        },
        (err: unknown) => {
          if (closed) return;
          opts.log.warn({ err }, 'Live notifications: could not re-open the PostgreSQL listener');
          schedule();
        },
      );
    }, delay);
    retry.unref();
  }

  try {
    await connect();
  } catch (err) {
    // The app still starts (bookings must not wait for this); the listener keeps trying.
    opts.log.error({ err, channel }, 'Live notifications: could not open the PostgreSQL listener; retrying');
    opts.onLost?.();
    schedule();
  }

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}
