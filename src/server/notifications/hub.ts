import type { WebSocket } from 'ws';
import { clientMessage, type ServerMessage } from '../../shared/contracts/notifications';
import { NOTIFICATION_PING_MS, SESSION_ENDED_CLOSE } from '../../shared/domain/live-notifications';
import type { AppDeps } from '../deps';
import { resolveSessionUser } from '../auth/sessions';
import type { SessionUser } from '../http/access';
import { every, type Periodic } from '../scheduler/every';
import { listenForNotifications, type ChannelListener } from './channel';
import {
  latestNotificationId,
  listMissedNotifications,
  listNotificationsAfter,
  notificationOf,
  ofOwnJobs,
  pruneOldNotifications,
  type NewBookingMessage,
} from './store';

/** Going away: the server is shutting down; the client reconnects (to this or another instance). */
const SHUTDOWN_CLOSE = 1001;
/** No message from the client for too long: the connection is presumed dead and closed. */
const IDLE_CLOSE = 4408;

export type HubOptions = {
  /** A socket silent this long is closed (the client pings every 30 s; a hidden tab's timers slow down). */
  idleMs?: number;
  /** How long a reconnecting client may take to send subscribe_suburbs before its missed events are sent to all suburbs. */
  subscribeGraceMs?: number;
  /** Delays of the PostgreSQL listener's reconnects (tests shorten them). */
  listenerRetryDelaysMs?: readonly number[];
};

type Client = {
  socket: WebSocket;
  sessionToken: string | undefined;
  /** Lower-cased suburbs; null means every suburb. */
  suburbs: Set<string> | null;
  /** Live events held back while the missed ones are being sent, so the order stays oldest first. */
  held: NewBookingMessage[] | null;
  /** Ids already sent on this connection, so an event is never sent twice. */
  sentIds: Set<number>;
  /** Each client's sends run one after another. */
  queue: Promise<void>;
  lastHeardAt: number;
  lastSessionCheckAt: number;
  startReplay: (() => void) | null;
};

export type NotificationHub = {
  /** Starts listening (LISTEN) for new_booking events, and pruning old ones. */
  start(): Promise<void>;
  /** Closes every socket (1001), stops listening and waits for events being read. */
  stop(): Promise<void>;
  /** Takes over an upgraded socket of a signed-in staff member. */
  attach(socket: WebSocket, opts: { sessionToken: string | undefined; since: number | undefined }): void;
};

/** A session is re-checked on a ping at most this often (a client could ping in a loop). */
const SESSION_CHECK_MIN_MS = 10_000;
/** Events older than a week are deleted this often. */
const PRUNE_EVERY_MS = 3_600_000;
/** Recently delivered event ids, so a catch-up after a listener reconnect repeats nothing. */
const RECENT_IDS_KEPT = 500;

const matches = (client: Client, suburb: string) =>
  client.suburbs === null || client.suburbs.has(suburb.trim().toLowerCase());

/**
 * Live new-booking notifications (docs/product.md "Live notifications", decision 196).
 *
 * A booking stores its event and NOTIFYs in its own transaction (store.ts). Every instance's hub
 * hears the NOTIFY at commit (its own included) and sends the event to its sockets whose suburbs match,
 * after checking that the socket's staff session is still valid: a logout or deactivation stops
 * delivery at the next event or ping, and the socket is closed with 4401.
 */
export function createNotificationHub(deps: AppDeps, opts: HubOptions = {}): NotificationHub {
  const idleMs = opts.idleMs ?? 4 * NOTIFICATION_PING_MS;
  const graceMs = opts.subscribeGraceMs ?? 2_000;
  const clients = new Set<Client>();
  /** Events being stored or read: stop() waits for them before the database closes. */
  const inFlight = new Set<Promise<unknown>>();
  const recentIds = new Set<number>();
  let lastHeardId = 0;
  let listener: ChannelListener | undefined;
  /** On the one scheduler (docs/decisions/393-one-scheduler.md): this instance's sockets, and the shared pruning. */
  let idleSweep: Periodic | undefined;
  let pruning: Periodic | undefined;
  let stopped = false;

  const send = (client: Client, message: ServerMessage) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  };
  const enqueue = (client: Client, task: () => Promise<void>) => {
    client.queue = client.queue
      .then(task)
      .catch((err: unknown) => deps.log.error({ err }, 'Live notifications: a send failed'));
  };

  /** The socket's staff member while their session is valid; otherwise the socket is closed with 4401. */
  async function sessionUser(client: Client): Promise<SessionUser | null> {
    client.lastSessionCheckAt = performance.now();
    const user = await resolveSessionUser(deps, client.sessionToken);
    if (user) return user;
    if (client.socket.readyState === client.socket.OPEN) client.socket.close(SESSION_ENDED_CLOSE, 'Session ended');
    clients.delete(client);
    return null;
  }

  /**
   * Sends the events the client has not had and asked for, after one session check. An admin is told
   * of every booking; a technician sees only the jobs assigned to them (docs/product.md "Roles and permissions"), so
   * only those bookings' events, as their job stands when the event is sent
   * (docs/decisions/338-a-technician-hears-of-their-own-jobs-only.md).
   */
  async function deliver(client: Client, events: NewBookingMessage[]) {
    const wanted = events.filter((e) => !client.sentIds.has(e.eventId) && matches(client, e.data.suburb));
    if (wanted.length === 0) return;
    const user = await sessionUser(client);
    if (!user) return;
    const due = user.role === 'admin' ? wanted : await ofOwnJobs(deps.db, user.id, wanted);
    for (const event of due) {
      client.sentIds.add(event.eventId);
      send(client, event);
    }
  }

  function dispatch(event: NewBookingMessage) {
    if (recentIds.has(event.eventId)) return;
    recentIds.add(event.eventId);
    if (recentIds.size > RECENT_IDS_KEPT) recentIds.delete(recentIds.values().next().value!);
    lastHeardId = Math.max(lastHeardId, event.eventId);
    for (const client of clients) {
      if (client.held) client.held.push(event);
      else enqueue(client, () => deliver(client, [event]));
    }
  }

  async function onPayload(payload: string) {
    try {
      const event = await notificationOf(deps.db, payload);
      if (event) dispatch(event);
    } catch (err) {
      deps.log.error({ err, payload }, 'Live notifications: could not read an event');
    }
  }

  /** After the PostgreSQL listener was lost and is back: what was stored meanwhile. */
  async function catchUp() {
    try {
      for (const event of await listNotificationsAfter(deps.db, lastHeardId, 100)) dispatch(event);
    } catch (err) {
      deps.log.error({ err }, 'Live notifications: could not catch up after the listener reconnected');
    }
  }

  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  async function prune() {
    try {
      await pruneOldNotifications(deps.db, deps.clock.now());
    } catch (err) {
      deps.log.warn({ err }, 'Live notifications: could not delete old events');
    }
  }

  /** Closes the sockets that have not pinged for `idleMs`: this instance's own, so every instance sweeps. */
  function closeIdleSockets() {
    const now = performance.now();
    for (const client of clients) {
      if (now - client.lastHeardAt > idleMs) {
        client.socket.close(IDLE_CLOSE, 'No ping');
        clients.delete(client);
      }
    }
  }

  function onMessage(client: Client, raw: string) {
    client.lastHeardAt = performance.now();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const message = clientMessage.safeParse(parsed);
    if (!message.success) {
      send(client, {
        type: 'error',
        message: 'Unknown message: send {"type":"subscribe_suburbs","suburbs":[...]} or {"type":"ping"}.',
      });
      return;
    }
    if (message.data.type === 'ping') {
      const due = performance.now() - client.lastSessionCheckAt >= SESSION_CHECK_MIN_MS;
      enqueue(client, async () => {
        if (due && !(await sessionUser(client))) return;
        send(client, { type: 'pong' });
      });
      return;
    }
    const list = (message.data.suburbs ?? message.data.data?.suburbs ?? []).map((s) => s.toLowerCase()).filter(Boolean);
    client.suburbs = list.length ? new Set(list) : null;
    client.startReplay?.();
  }

  return {
    async start() {
      listener = await listenForNotifications(deps.db, {
        log: deps.log,
        onPayload: (payload) => {
          if (!stopped) track(onPayload(payload));
        },
        onResumed: () => {
          if (!stopped) track(catchUp());
        },
        retryDelaysMs: opts.listenerRetryDelaysMs,
      });
      lastHeardId = (await latestNotificationId(deps.db)) ?? 0;
      if (stopped) return;
      // Each instance prunes as it starts; after that, one instance each hour (the events are shared).
      track(prune());
      pruning = every({
        name: 'notifications-prune',
        intervalMs: PRUNE_EVERY_MS,
        log: deps.log,
        claimIn: deps.db,
        run: prune,
      });
      idleSweep = every({
        name: 'notifications-idle-sockets',
        intervalMs: Math.min(idleMs, NOTIFICATION_PING_MS),
        log: deps.log,
        run: closeIdleSockets,
      });
    },

    async stop() {
      stopped = true;
      await Promise.all([idleSweep?.stop(), pruning?.stop()]);
      const closing = [...clients];
      clients.clear();
      for (const client of closing) client.socket.close(SHUTDOWN_CLOSE, 'Server shutting down');
      await Promise.all(inFlight);
      await Promise.all(closing.map((c) => c.queue));
      await listener?.close();
    },

    attach(socket, { sessionToken, since }) {
      const now = performance.now();
      const client: Client = {
        socket,
        sessionToken,
        suburbs: null,
        held: [],
        sentIds: new Set(),
        queue: Promise.resolve(),
        lastHeardAt: now,
        // The first ping re-checks: the upgrade's check is the only one before it.
        lastSessionCheckAt: Number.NEGATIVE_INFINITY,
        startReplay: null,
      };
      clients.add(client);
      socket.on('message', (data, isBinary) => {
        if (!isBinary) onMessage(client, data.toString());
      });
      socket.on('close', () => clients.delete(client));

      // Live events are held until the missed ones are out, then sent after them in order.
      const release = async (missed: NewBookingMessage[]) => {
        const held = client.held ?? [];
        client.held = null;
        await deliver(client, [...missed, ...held]);
      };
      enqueue(client, async () => {
        send(client, { type: 'ready', lastEventId: await latestNotificationId(deps.db) });
        if (since === undefined) await release([]);
      });
      if (since === undefined) return;
      // The missed events follow the suburbs the client chooses on open; a client that never
      // chooses gets them for every suburb after a short wait.
      let started = false;
      const timer = setTimeout(() => client.startReplay?.(), graceMs);
      timer.unref();
      client.startReplay = () => {
        if (started) return;
        started = true;
        clearTimeout(timer);
        enqueue(client, async () => release(await listMissedNotifications(deps, since)));
      };
      socket.on('close', () => clearTimeout(timer));
    },
  };
}
