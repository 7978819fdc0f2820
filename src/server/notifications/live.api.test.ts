import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../shared/contracts/notifications';
import { SESSION_ENDED_CLOSE } from '../../shared/domain/live-notifications';
import { isBusinessDay } from '../../shared/domain/business-days';
import { addDays } from '../../shared/domain/perth-time';
import { TIME_SLOTS } from '../../shared/domain/slots';
import { buildApp } from '../app';
import { endSessionsOfUser } from '../auth/sessions';
import { openPostgres, type Database } from '../db/client';
import { jobs, notifications, users } from '../db/schema';
import { bookingBody, freshClientAddress, seedTyrePrices, signInStaff } from '../../../tests/helpers/bookings';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { listNotificationsAfter, MISSED_LIMIT, MISSED_WINDOW_MS, NOTIFY_CHANNEL } from './store';

/**
 * Live new-booking notifications (docs/product.md "Live notifications", decision 196), through a
 * real listening server and a real WebSocket client.
 */

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedTyrePrices(t.db);
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

// Every booking takes its own slot: the four slots of each business day after Monday 23 November 2026.
let day = '2026-11-23';
let slotIndex: number = TIME_SLOTS.length;
function nextSlot() {
  if (slotIndex === TIME_SLOTS.length) {
    do day = addDays(day, 1);
    while (!isBusinessDay(day));
    slotIndex = 0;
  }
  return { scheduledDate: day, timeSlot: TIME_SLOTS[slotIndex++]! };
}

/** A customer's booking through the public API, pay on site. */
async function book(app: FastifyInstance, suburb = 'Joondalup') {
  const postcode = suburb === 'Rockingham' ? '6168' : '6027';
  const res = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: bookingBody({ job: { ...nextSlot(), suburb, postcode } }) as object,
    remoteAddress: freshClientAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ jobId: string; jobNumber: string }>();
}

type NewBooking = Extract<ServerMessage, { type: 'new_booking' }>;

/** A staff socket that keeps every message it receives, and waits for the next of a kind. */
type Feed = {
  socket: WebSocket;
  send(message: unknown): void;
  next<T extends ServerMessage['type']>(type: T, timeoutMs?: number): Promise<Extract<ServerMessage, { type: T }>>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  received: ServerMessage[];
};

function openFeed(url: string, opts: { cookie?: string; since?: number; origin?: string } = {}): Promise<Feed> {
  const wsUrl = `${url.replace(/^http/, 'ws')}/ws/notifications${opts.since === undefined ? '' : `?since=${opts.since}`}`;
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  const socket = new WebSocket(wsUrl, { headers });
  const received: ServerMessage[] = [];
  let cursor = 0;
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as ServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const feed: Feed = {
    socket,
    received,
    closed,
    send: (message) => socket.send(JSON.stringify(message)),
    next(type, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (cursor < received.length) {
            const message = received[cursor++]!;
            if (message.type === type) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(message as never);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} message within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(feed));
    socket.once('unexpected-response', (req, res) => {
      req.destroy();
      reject(new Error(`upgrade refused: ${res.statusCode}`));
    });
    socket.once('error', reject);
  });
}

/** Opens a feed and waits for the server's ready message (the socket is registered by then). */
async function readyFeed(url: string, opts: Parameters<typeof openFeed>[1]) {
  const feed = await openFeed(url, opts);
  await feed.next('ready');
  return feed;
}

/** The bookings received after a quiet moment: proves what did NOT arrive. */
const settle = () => new Promise((r) => setTimeout(r, 300));
const newBookings = (feed: Feed) => feed.received.filter((m): m is NewBooking => m.type === 'new_booking');

describe('who may open the notifications socket', () => {
  it('refuses an anonymous upgrade with 401 before any socket opens', async () => {
    await expect(openFeed(baseUrl)).rejects.toThrow('upgrade refused: 401');
  });

  it("refuses a deactivated user's upgrade with 401", async () => {
    const tech = await signInStaff(t, 'technician');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, tech.user.id));
    await expect(openFeed(baseUrl, { cookie: tech.cookie })).rejects.toThrow('upgrade refused: 401');
  });

  it('refuses an upgrade opened by a page of another site with 403, even with a staff cookie', async () => {
    const admin = await signInStaff(t, 'admin');
    await expect(openFeed(baseUrl, { cookie: admin.cookie, origin: 'https://evil.example' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    // The Host header proves nothing (decision 197): only the configured site's origin is accepted.
    await expect(openFeed(baseUrl, { cookie: admin.cookie, origin: baseUrl })).rejects.toThrow('upgrade refused: 403');
    const feed = await readyFeed(baseUrl, { cookie: admin.cookie, origin: new URL(t.config.publicBaseUrl).origin });
    feed.socket.close(1000);
  });

  it('answers a plain GET with 426 and a bad since with 400', async () => {
    const admin = await signInStaff(t, 'admin');
    const plain = await t.app.inject({ method: 'GET', url: '/ws/notifications', headers: { cookie: admin.cookie } });
    expect(plain.statusCode).toBe(426);
    await expect(openFeed(baseUrl, { cookie: admin.cookie, since: -1 })).rejects.toThrow('upgrade refused: 400');
  });
});

describe('new_booking events', () => {
  it("sends a booking made through the API to a connected admin, with exactly the booking notification's fields", async () => {
    const admin = await signInStaff(t, 'admin');
    const feed = await readyFeed(baseUrl, { cookie: admin.cookie });
    const booking = await book(t.app, 'Joondalup');
    const message = await feed.next('new_booking', 2_000);
    expect(message.eventId).toEqual(expect.any(Number));
    expect(Object.keys(message.data).sort()).toEqual([
      'createdAt',
      'id',
      'jobNumber',
      'scheduledDay',
      'serviceType',
      'suburb',
      'timeSlot',
    ]);
    expect(message.data.scheduledDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(message.data).toMatchObject({
      id: booking.jobId,
      jobNumber: booking.jobNumber,
      serviceType: 'puncture-repair',
      suburb: 'Joondalup',
    });
    expect(TIME_SLOTS).toContain(message.data.timeSlot);
    expect(new Date(message.data.createdAt).toISOString()).toBe(message.data.createdAt);
    feed.socket.close(1000);
    expect(await feed.closed).toBe(1000);
  });

  it("tells a technician only of their own jobs, never of another's or an unassigned booking (job number, suburb, slot)", async () => {
    const admin = await signInStaff(t, 'admin');
    const tech = await signInStaff(t, 'technician');
    const other = await signInStaff(t, 'technician');
    const adminFeed = await readyFeed(baseUrl, { cookie: admin.cookie });
    const techFeed = await readyFeed(baseUrl, { cookie: tech.cookie });
    // Nobody works on the booked days, so automatic assignment leaves the bookings unassigned; vans
    // enough that the slots still take a booking with every technician away (decision 340).
    const vans = async (n: number) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/dashboard/settings/capacity',
        headers: { cookie: admin.cookie },
        payload: { vans: n },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await vans(20);
    await t.db.update(users).set({ workingDays: [] }).where(eq(users.role, 'technician'));
    const unassigned = await book(t.app, 'Joondalup');
    expect((await adminFeed.next('new_booking', 2_000)).data.id).toBe(unassigned.jobId);

    // Two bookings, one assigned to each technician; each is announced anew (as a booking that is
    // assigned as it is made would be), now that each job has its technician.
    const mine = await book(t.app, 'Rockingham');
    const theirs = await book(t.app, 'Rockingham');
    await adminFeed.next('new_booking', 2_000);
    await adminFeed.next('new_booking', 2_000);
    // The technician's socket has weighed both (no one's yet) before they are assigned: its queue
    // answers a ping after what it already holds. Otherwise a first announcement still queued could
    // find the job theirs and reach them too, beside the new one.
    techFeed.send({ type: 'ping' });
    await techFeed.next('pong');
    await t.db
      .update(users)
      .set({ workingDays: [1, 2, 3, 4, 5] })
      .where(eq(users.role, 'technician'));
    await vans(1);
    for (const [job, who] of [
      [mine, tech],
      [theirs, other],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/dashboard/jobs/${job.jobId}/assign`,
        headers: { cookie: admin.cookie },
        payload: { technicianId: who.user.id },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const eventOf = async (jobId: string) =>
      (await listNotificationsAfter(t.db, 0, 1_000)).find((e) => e.data.id === jobId)!;
    for (const jobId of [theirs.jobId, mine.jobId]) {
      const { data } = await eventOf(jobId);
      const [row] = await t.db
        .insert(notifications)
        .values({ type: 'new_booking', data, createdAt: t.clock.now() })
        .returning({ id: notifications.id });
      await t.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${String(row!.id)})`);
    }
    // The admin already had both; the technician gets their own only.
    expect((await techFeed.next('new_booking', 2_000)).data).toMatchObject({
      id: mine.jobId,
      jobNumber: mine.jobNumber,
      suburb: 'Rockingham',
    });
    await settle();
    expect(newBookings(techFeed).map((m) => m.data.id)).toEqual([mine.jobId]);

    // Reconnecting after all were made, the technician is sent the missed ones of theirs only.
    const since = newBookings(adminFeed)[0]!.eventId - 1;
    const again = await readyFeed(baseUrl, { cookie: tech.cookie, since });
    again.send({ type: 'subscribe_suburbs', suburbs: [] });
    await again.next('new_booking', 2_000);
    await settle();
    expect(new Set(newBookings(again).map((m) => m.data.id))).toEqual(new Set([mine.jobId]));
    for (const feed of [adminFeed, techFeed, again]) feed.socket.close(1000);
  });

  it('subscribe_suburbs filters by suburb, in any letter case; an empty list means every suburb again', async () => {
    const admin = await signInStaff(t, 'admin');
    const feed = await readyFeed(baseUrl, { cookie: admin.cookie });
    feed.send({ type: 'subscribe_suburbs', suburbs: ['rockingham'] });
    feed.send({ type: 'ping' });
    await feed.next('pong');
    await book(t.app, 'Joondalup');
    const rockingham = await book(t.app, 'Rockingham');
    expect((await feed.next('new_booking')).data.id).toBe(rockingham.jobId);
    await settle();
    expect(newBookings(feed).map((m) => m.data.suburb)).toEqual(['Rockingham']);

    // The list may also come under data, as the other messages carry theirs.
    feed.send({ type: 'subscribe_suburbs', data: { suburbs: [] } });
    feed.send({ type: 'ping' });
    await feed.next('pong');
    const joondalup = await book(t.app, 'Joondalup');
    expect((await feed.next('new_booking')).data.id).toBe(joondalup.jobId);
    feed.socket.close(1000);
  });

  it('is one with its booking: when the event cannot be stored, no booking is made (no booking without its pop-up)', async () => {
    await t.db.execute(
      sql`create function refuse_notification() returns trigger language plpgsql as $$ begin raise exception 'notifications are refused'; end $$`,
    );
    await t.db.execute(
      sql`create trigger refuse_notification before insert on notifications for each row execute function refuse_notification()`,
    );
    try {
      const body = bookingBody({ job: nextSlot() });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: body as object,
        remoteAddress: freshClientAddress(),
      });
      expect(res.statusCode).toBe(500);
      expect(await t.db.select().from(jobs).where(eq(jobs.contactEmail, body.customer.email))).toHaveLength(0);
    } finally {
      await t.db.execute(sql`drop trigger refuse_notification on notifications`);
      await t.db.execute(sql`drop function refuse_notification()`);
    }
  });

  it('delivers an event an older instance announced by its id only (a rolling restart)', async () => {
    const admin = await signInStaff(t, 'admin');
    const feed = await readyFeed(baseUrl, { cookie: admin.cookie });
    const data = {
      id: randomUUID(),
      jobNumber: 'JOB-99999',
      serviceType: 'puncture-repair',
      suburb: 'Mandurah',
      timeSlot: '8-10 AM',
      createdAt: t.clock.now().toISOString(),
    };
    const [row] = await t.db
      .insert(notifications)
      .values({ type: 'new_booking', data, createdAt: t.clock.now() })
      .returning({ id: notifications.id });
    await t.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${String(row!.id)})`);
    expect(await feed.next('new_booking', 2_000)).toEqual({ type: 'new_booking', eventId: row!.id, data });
    feed.socket.close(1000);
  });

  it('answers ping with pong, and an unknown message with an error message without closing', async () => {
    const admin = await signInStaff(t, 'admin');
    const feed = await readyFeed(baseUrl, { cookie: admin.cookie });
    feed.send({ type: 'ping' });
    expect(await feed.next('pong')).toEqual({ type: 'pong' });
    feed.socket.send('not json');
    expect((await feed.next('error')).message).toMatch(/subscribe_suburbs/);
    feed.send({ type: 'ping' });
    await feed.next('pong');
    feed.socket.close(1000);
  });
});

describe('a session that ends stops receiving', () => {
  it('closes the socket with 4401 and sends nothing once the user signed out (the session row is gone)', async () => {
    const admin = await signInStaff(t, 'admin');
    const feed = await readyFeed(baseUrl, { cookie: admin.cookie });
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: admin.cookie } });
    expect(logout.statusCode).toBeLessThan(300);
    await book(t.app);
    expect(await feed.closed).toBe(SESSION_ENDED_CLOSE);
    expect(newBookings(feed)).toEqual([]);
  });

  it('closes the socket with 4401 once the user is deactivated, at the next event', async () => {
    const tech = await signInStaff(t, 'technician');
    const feed = await readyFeed(baseUrl, { cookie: tech.cookie });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, tech.user.id));
    await book(t.app);
    expect(await feed.closed).toBe(SESSION_ENDED_CLOSE);
    expect(newBookings(feed)).toEqual([]);
  });

  it('closes the socket with 4401 at the next ping when no booking comes', async () => {
    const tech = await signInStaff(t, 'technician');
    const feed = await readyFeed(baseUrl, { cookie: tech.cookie });
    await endSessionsOfUser(t.db, tech.user.id);
    feed.send({ type: 'ping' });
    expect(await feed.closed).toBe(SESSION_ENDED_CLOSE);
    expect(feed.received.map((m) => m.type)).toEqual(['ready']);
  });
});

describe('old events', () => {
  it('are deleted after a week when an instance starts (and hourly after), newer ones kept', async () => {
    const data = (n: string) => ({
      id: randomUUID(),
      jobNumber: n,
      serviceType: 'puncture-repair',
      suburb: 'Mandurah',
      timeSlot: '8-10 AM',
      createdAt: t.clock.now().toISOString(),
    });
    const dayMs = 24 * 3_600_000;
    const rows = await t.db
      .insert(notifications)
      .values([
        { type: 'new_booking', data: data('JOB-90001'), createdAt: new Date(t.clock.now().getTime() - 8 * dayMs) },
        { type: 'new_booking', data: data('JOB-90002'), createdAt: new Date(t.clock.now().getTime() - 6 * dayMs) },
      ])
      .returning({ id: notifications.id });
    const another = await buildApp({ config: t.config, db: t.db, clock: t.clock });
    await another.ready();
    await another.close();
    const left = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(sql`${notifications.id} in (${rows[0]!.id}, ${rows[1]!.id})`);
    expect(left.map((r) => r.id)).toEqual([rows[1]!.id]);
  });
});

describe('missed events on reconnect', () => {
  it('sends the bookings made while the client was away, oldest first, then live ones, each once', async () => {
    const admin = await signInStaff(t, 'admin');
    const first = await readyFeed(baseUrl, { cookie: admin.cookie });
    await book(t.app);
    const seen = await first.next('new_booking');
    first.socket.close(1000);
    await first.closed;

    const missed = [await book(t.app, 'Joondalup'), await book(t.app, 'Rockingham')];
    // Stored after commit: wait until both events are in the table.
    await expect
      .poll(async () => (await t.db.select().from(notifications)).filter((n) => n.id > seen.eventId).length)
      .toBe(2);

    const again = await openFeed(baseUrl, { cookie: admin.cookie, since: seen.eventId });
    again.send({ type: 'subscribe_suburbs', suburbs: [] });
    expect((await again.next('new_booking')).data.id).toBe(missed[0]!.jobId);
    expect((await again.next('new_booking')).data.id).toBe(missed[1]!.jobId);
    const live = await book(t.app);
    expect((await again.next('new_booking')).data.id).toBe(live.jobId);
    await settle();
    expect(newBookings(again).map((m) => m.data.id)).toEqual([missed[0]!.jobId, missed[1]!.jobId, live.jobId]);
    again.socket.close(1000);
  });

  it('sends missed events for the subscribed suburbs only, and sends them even without a subscribe after a short wait', async () => {
    const admin = await signInStaff(t, 'admin');
    const probe = await readyFeed(baseUrl, { cookie: admin.cookie });
    const since = (probe.received[0] as Extract<ServerMessage, { type: 'ready' }>).lastEventId ?? 0;
    probe.socket.close(1000);
    const joondalup = await book(t.app, 'Joondalup');
    const rockingham = await book(t.app, 'Rockingham');
    await expect.poll(async () => (await t.db.select().from(notifications)).filter((n) => n.id > since).length).toBe(2);

    const filtered = await openFeed(baseUrl, { cookie: admin.cookie, since });
    filtered.send({ type: 'subscribe_suburbs', suburbs: ['Rockingham'] });
    expect((await filtered.next('new_booking')).data.id).toBe(rockingham.jobId);
    await settle();
    expect(newBookings(filtered)).toHaveLength(1);
    filtered.socket.close(1000);

    const silent = await openFeed(baseUrl, { cookie: admin.cookie, since });
    expect((await silent.next('new_booking', 4_000)).data.id).toBe(joondalup.jobId);
    expect((await silent.next('new_booking')).data.id).toBe(rockingham.jobId);
    silent.socket.close(1000);
  });

  it(`sends at most the newest ${MISSED_LIMIT} of the last 24 hours`, async () => {
    const admin = await signInStaff(t, 'admin');
    const probe = await readyFeed(baseUrl, { cookie: admin.cookie });
    const since = (probe.received[0] as Extract<ServerMessage, { type: 'ready' }>).lastEventId ?? 0;
    probe.socket.close(1000);
    const now = t.clock.now().getTime();
    const event = (n: number, createdAt: Date) => ({
      type: 'new_booking' as const,
      data: {
        id: `job-${n}`,
        jobNumber: `JOB-${n}`,
        serviceType: 'puncture-repair',
        suburb: 'Joondalup',
        timeSlot: '8-10 AM',
        createdAt: createdAt.toISOString(),
      },
      createdAt,
    });
    // Two from more than a day ago, then 55 within the day.
    const old = new Date(now - MISSED_WINDOW_MS - 60_000);
    await t.db.insert(notifications).values([event(1, old), event(2, old)]);
    await t.db
      .insert(notifications)
      .values(Array.from({ length: 55 }, (_, i) => event(100 + i, new Date(now - 3_600_000 + i * 1000))));

    const feed = await openFeed(baseUrl, { cookie: admin.cookie, since });
    feed.send({ type: 'subscribe_suburbs' });
    await expect.poll(() => newBookings(feed).length).toBe(MISSED_LIMIT);
    await settle();
    const ids = newBookings(feed).map((m) => m.data.id);
    expect(ids).toHaveLength(MISSED_LIMIT);
    expect(ids[0]).toBe('job-105');
    expect(ids.at(-1)).toBe('job-154');
    feed.socket.close(1000);
  });
});

/** Set when the suite runs on a PostgreSQL server (npm run test:pg): then two instances share one database. */
const pgTemplate = inject('pgTemplate');

describe(
  pgTemplate ? 'two app instances over one PostgreSQL server' : 'one app instance on PGlite (in-process LISTEN)',
  () => {
    if (!pgTemplate) {
      it("delivers through PGlite's in-process LISTEN/NOTIFY: the event is stored, notified and heard by the same instance", async () => {
        const admin = await signInStaff(t, 'admin');
        const feed = await readyFeed(baseUrl, { cookie: admin.cookie });
        const booking = await book(t.app);
        const message = await feed.next('new_booking', 2_000);
        expect(message.data.id).toBe(booking.jobId);
        const [row] = await t.db.select().from(notifications).where(eq(notifications.id, message.eventId));
        expect(row?.data.id).toBe(booking.jobId);
        feed.socket.close(1000);
      });
      return;
    }

    const name = `t_${randomBytes(6).toString('hex')}`;
    const url = new URL(pgTemplate.url);
    url.pathname = `/${name}`;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let bUrl: string;
    let dbA: Database;
    let dbB: Database;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: pgTemplate.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate.template}`);
      await admin.end();
      // Two pools, as two processes would have: nothing is shared but the database server.
      [dbA, dbB] = await Promise.all([
        openPostgres(url.toString(), 5, () => undefined),
        openPostgres(url.toString(), 5, () => undefined),
      ]);
      await seedTyrePrices(dbA.db);
      a = await buildApp({ config: t.config, db: dbA.db, clock: t.clock });
      b = await buildApp({ config: t.config, db: dbB.db, clock: t.clock });
      await Promise.all([a.ready(), b.ready()]);
      bUrl = await listen(b);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await dbA?.close();
      await dbB?.close();
      const admin = new pg.Client({ connectionString: pgTemplate.url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('a booking made on instance A reaches a staff socket connected to instance B', async () => {
      const admin = await signedInStaff({ db: dbA.db, clock: t.clock, config: t.config }, { role: 'admin' });
      const feed = await readyFeed(bUrl, { cookie: admin.cookie });
      const booking = await book(a, 'Rockingham');
      const message = await feed.next('new_booking', 2_000);
      expect(message.data).toMatchObject({ id: booking.jobId, jobNumber: booking.jobNumber, suburb: 'Rockingham' });
      feed.socket.close(1000);
    });

    it('instance B catches up on events sent while its LISTEN connection was down', async () => {
      const admin = await signedInStaff({ db: dbB.db, clock: t.clock, config: t.config }, { role: 'admin' });
      const feed = await readyFeed(bUrl, { cookie: admin.cookie });
      // Cut every LISTEN connection on this database (B's and A's): each instance reconnects.
      const cut = await dbA.db.execute(
        sql`select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = ${name} and query ilike 'LISTEN%'`,
      );
      expect(cut.rows.length).toBeGreaterThanOrEqual(2);
      const booking = await book(a, 'Joondalup');
      const message = await feed.next('new_booking', 10_000);
      expect(message.data.id).toBe(booking.jobId);
      feed.socket.close(1000);
    });
  },
);
