import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/lib/cluster-run.mjs';
import { TYRE_PRICE_LIST } from '../../src/server/db/seed/tyre-prices';
import {
  bookingBody,
  photoForm,
  postJson,
  signIn,
  tyrePhoto,
  upcomingSlots,
  type Slot,
} from '../helpers/cluster-traffic';

/**
 * The cluster as `npm run cluster` starts it (decision 226): PostgreSQL, the S3 stand-in, two
 * instances and nginx. Everything goes through the proxy, as customers and staff would.
 */

const ADMIN = { username: 'cluster_owner', password: 'cluster-test-password-7' };
const HOLD_SWEEP_SECONDS = 1;

let cluster: Cluster;
const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-cluster-'));
let db: pg.Client;
let staffCookie: string;
const slots = upcomingSlots(200);
let customerNo = 0;
const nextBooking = (paymentMethod: 'onsite' | 'prepaid' = 'onsite') =>
  bookingBody(++customerNo, slots.shift() as Slot, paymentMethod);

beforeAll(async () => {
  cluster = await startCluster({
    dir: clusterDir,
    port: 0,
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      HOLD_SWEEP_SECONDS: String(HOLD_SWEEP_SECONDS),
      // Every request comes from this machine through nginx: one client address for all.
      BOOKINGS_PER_ADDRESS: '100000',
      HOLDS_PER_ADDRESS: '100000',
    },
  });
  db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  staffCookie = await signIn(cluster.url, ADMIN);
});

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  fs.rmSync(clusterDir, { recursive: true, force: true });
});

const instanceOf = (res: Response) => res.headers.get('x-instance');

describe('two instances behind nginx over one PostgreSQL server', () => {
  it('started together on an empty database, migrated and loaded reference data once (one admin, one price list)', async () => {
    expect((await db.query('select username from users')).rows).toEqual([{ username: ADMIN.username }]);
    expect((await db.query('select count(*)::int as n from tyre_stock_pricing')).rows[0].n).toBe(
      TYRE_PRICE_LIST.length,
    );
  });

  it('keeps a staff member signed in whichever instance answers', async () => {
    const answeredBy = new Set<string | null>();
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${cluster.url}/api/user`, { headers: { cookie: staffCookie } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { username: string }).username).toBe(ADMIN.username);
      answeredBy.add(instanceOf(res));
    }
    expect([...answeredBy].sort()).toEqual(['app-1', 'app-2']);
  });

  it('shows a booking made through one instance on a notifications socket held by the other', async () => {
    const app2 = cluster.instances.find((i) => i.name === 'app-2')!;
    const received: { type: string; data?: { jobNumber: string } }[] = [];
    const openSocket = async (url: string) => {
      const socket = new WebSocket(url, { headers: { cookie: staffCookie } });
      socket.on('message', (m) => received.push(JSON.parse(String(m))));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'subscribe_suburbs', suburbs: [] }));
      return socket;
    };
    // One socket held on app-2 itself, one through nginx (its WebSocket upgrade).
    const onApp2 = await openSocket(`${app2.url.replace('http', 'ws')}/ws/notifications`);
    const throughProxy = await openSocket(`${cluster.url.replace('http', 'ws')}/ws/notifications`);
    try {
      let jobNumber: string | undefined;
      for (let i = 0; i < 6 && !jobNumber; i++) {
        const res = await postJson(cluster.url, '/api/bookings', nextBooking());
        expect(res.status).toBe(200);
        if (instanceOf(res) === 'app-1') jobNumber = ((await res.json()) as { jobNumber: string }).jobNumber;
      }
      expect(jobNumber).toBeDefined();
      await expect
        .poll(() => received.filter((m) => m.type === 'new_booking' && m.data?.jobNumber === jobNumber).length, {
          timeout: 10_000,
        })
        .toBe(2);
    } finally {
      onApp2.close(1000);
      throughProxy.close(1000);
    }
  });

  it('serves a photo uploaded through one instance from the other', async () => {
    const booked = await postJson(cluster.url, '/api/bookings', nextBooking());
    expect(booked.status).toBe(200);
    const { jobId } = (await booked.json()) as { jobId: string };
    const upload = await fetch(`${cluster.url}/api/bookings/${jobId}/photos`, {
      method: 'POST',
      headers: { origin: cluster.url },
      body: photoForm(await tyrePhoto()),
    });
    expect(upload.status).toBe(200);
    const uploadedBy = instanceOf(upload);
    const [photo] = ((await upload.json()) as { photos: { id: string }[] }).photos;

    const served = new Map<string, Buffer>();
    for (let i = 0; i < 6 && served.size < 2; i++) {
      const res = await fetch(`${cluster.url}/api/dashboard/jobs/${jobId}/photos/${photo!.id}`, {
        headers: { cookie: staffCookie },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
      served.set(instanceOf(res)!, Buffer.from(await res.arrayBuffer()));
    }
    const other = uploadedBy === 'app-1' ? 'app-2' : 'app-1';
    expect(served.get(other)?.length).toBeGreaterThan(1000);
    expect(served.get(other)).toEqual(served.get(uploadedBy!));
  });

  it('sweeps a lapsed hold exactly once across both instances', async () => {
    const quoted = await postJson(cluster.url, '/api/bookings/quote', nextBooking('prepaid'));
    expect(quoted.status).toBe(200);
    const { jobId } = (await quoted.json()) as { jobId: string };
    await db.query(`update booking_holds set expires_at = now() - interval '1 minute' where job_id = $1`, [jobId]);

    await expect
      .poll(async () => (await db.query('select status from jobs where id = $1', [jobId])).rows[0]?.status, {
        timeout: 15_000,
      })
      .toBe('cancelled');
    // Both instances get further passes at the lapsed hold before the counts are taken.
    await new Promise((r) => setTimeout(r, 3 * HOLD_SWEEP_SECONDS * 1000));
    const sweptLines = ['app-1', 'app-2']
      .flatMap((name) => cluster.output(name).split('\n'))
      .filter((line) => line.includes('hold expired') && line.includes(jobId));
    expect(sweptLines).toHaveLength(1);
    const history = await db.query(
      `select action as kind, to_value from audit_log where subject = 'job:' || $1 and action = 'status'`,
      [jobId],
    );
    expect(history.rows).toEqual([expect.objectContaining({ to_value: 'cancelled' })]);
  });

  it('loses no request the proxy could retry and no booking when an instance is stopped (SIGTERM) under load, and serves again once restarted', async () => {
    // When each request was sent, by the instance's state then: a busy test process may read an
    // answer app-1 gave just before its stop only after the stop, so answers are judged by when sent.
    type Phase = 'both up' | 'app-1 stopped' | 'app-1 starting' | 'app-1 started';
    type Answer = { what: string; status: number | string; instance: string | null; email?: string; sent: Phase };
    let phase: Phase = 'both up';
    const answers: Answer[] = [];
    const acknowledged: string[] = [];
    let running = true;
    const waitForAnswers = async (n: number) => {
      const target = answers.length + n;
      await expect.poll(() => answers.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(target);
    };

    const record = async (what: string, request: () => Promise<Response>, email?: string) => {
      const sent = phase;
      try {
        const res = await request();
        const body = await res.text();
        answers.push({ what, status: res.status, instance: instanceOf(res), email, sent });
        return res.ok && what.startsWith('POST') ? (JSON.parse(body) as { jobId: string }) : null;
      } catch (err) {
        answers.push({ what, status: `network error: ${(err as Error).message}`, instance: null, email, sent });
        return null;
      }
    };
    const readers = ['/', '/healthz', `/api/time-slots?date=${slots[0]!.day}`, '/suburb/joondalup'].map(async (url) => {
      while (running) await record(`GET ${url}`, () => fetch(`${cluster.url}${url}`));
    });
    const customers = (async () => {
      for (let i = 0; running; i++) {
        const prepaid = i % 3 === 2;
        const body = nextBooking(prepaid ? 'prepaid' : 'onsite');
        const booked = await record(
          prepaid ? 'POST /api/bookings/quote' : 'POST /api/bookings',
          () => postJson(cluster.url, prepaid ? '/api/bookings/quote' : '/api/bookings', body),
          body.customer.email,
        );
        if (booked) acknowledged.push(booked.jobId);
        // A steady stream of customers, not a flood: about ten bookings a second.
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    // A dashboard's live socket on the instance that stops is told 1001 "going away", so it reconnects elsewhere.
    const app1 = cluster.instances.find((i) => i.name === 'app-1')!;
    const dashboard = new WebSocket(`${app1.url.replace('http', 'ws')}/ws/notifications`, {
      headers: { cookie: staffCookie },
    });
    const closedWith = new Promise<number>((resolve) => dashboard.once('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => dashboard.once('open', resolve).once('error', reject));

    await waitForAnswers(40);
    const stopped = await cluster.stopInstance('app-1');
    expect(stopped).toEqual({ code: 0, signal: null });
    expect(await closedWith).toBe(1001);
    expect(cluster.output('app-1')).toContain('Stopped cleanly');
    phase = 'app-1 stopped';
    const sentWhileDown = () => answers.filter((a) => a.sent === 'app-1 stopped');
    await expect.poll(() => sentWhileDown().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(60);
    phase = 'app-1 starting';
    await cluster.startInstance('app-1');
    phase = 'app-1 started';
    await expect
      .poll(() => answers.some((a) => a.sent === 'app-1 started' && a.instance === 'app-1'), { timeout: 15_000 })
      .toBe(true);
    running = false;
    await Promise.all([...readers, customers]);

    const failed = answers.filter((a) => typeof a.status !== 'number' || a.status < 200 || a.status >= 300);
    console.log(
      `SIGTERM under load: ${answers.length} answers (${sentWhileDown().length} sent while app-1 was stopped), ${acknowledged.length} bookings acknowledged, ${failed.length} failed`,
    );
    // Decision 226: the one failure allowed is a POST nginx had already written to a connection the
    // kernel reset as the instance closed its listening socket (nginx never re-sends a POST). It
    // answers 502, and the instance never read it, so nothing of it may exist.
    const notRetryable = failed.filter((a) => a.status === 502 && a.what.startsWith('POST'));
    expect(failed.filter((a) => !notRetryable.includes(a))).toEqual([]);
    expect(notRetryable.length).toBeLessThanOrEqual(2);
    for (const lost of notRetryable) {
      expect((await db.query('select id from jobs where contact_email = $1', [lost.email])).rows).toEqual([]);
    }
    expect(sentWhileDown().filter((a) => a.instance !== 'app-2')).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(10);
    const stored = await db.query('select id from jobs where id = any($1::uuid[])', [acknowledged]);
    expect(stored.rows.map((r: { id: string }) => r.id).sort()).toEqual([...acknowledged].sort());
  });
});
