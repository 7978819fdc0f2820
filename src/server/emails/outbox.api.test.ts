import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, SMTP_TIMEOUTS, type Mailer } from '../adapters/email';
import type { AppDeps } from '../deps';
import { testConfig } from '../config';
import { bookingHolds, outboundEmails } from '../db/schema';
import { bookingBody, seedTyrePrices, signInStaff } from '../../../tests/helpers/bookings';
import { queueBookingConfirmation } from '../bookings/notify';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { CLAIM_LEASE_MS } from './delivery-passes';
import { createOutbox } from './outbox';
import { CANCELLATION_TERMS, QUOTE_TO_FOLLOW } from './booking-confirmation';

/** Polls a database row the app's own background delivery pass writes (the test holds no handle on that pass). */
async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function emailsOfJob(t: TestApp, jobId: string) {
  return t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, jobId));
}

/** The decoded body of the MIME part whose headers name `filename`. */
function attachmentText(raw: string, filename: string): string {
  const at = raw.indexOf(filename);
  const start = raw.indexOf('\r\n\r\n', at) + 4;
  const end = raw.indexOf('\r\n--', start);
  return Buffer.from(raw.slice(start, end).replace(/\s+/g, ''), 'base64').toString('utf8');
}

describe('confirmation email through a real SMTP server', () => {
  type Received = { to: string[]; raw: string };
  const received: Received[] = [];
  const waiting: { to: string; resolve: (mail: Received) => void }[] = [];
  /** Resolves when the SMTP server has accepted a message for `to` (at once if it already has). */
  const mailFor = (to: string) =>
    new Promise<Received>((resolve) => {
      const mail = received.find((m) => m.to.includes(to));
      if (mail) resolve(mail);
      else waiting.push({ to, resolve });
    });
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const mail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          };
          received.push(mail);
          for (const w of waiting.filter((w) => mail.to.includes(w.to))) w.resolve(mail);
          callback();
        });
      },
    });
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)),
    );
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('delivers the onsite booking confirmation with its .ics for the Perth slot', async () => {
    const body = bookingBody({
      customer: { name: 'Alex Nguyen', email: 'alex.smtp@example.com' },
      job: { scheduledDate: '2026-11-24', timeSlot: '10-12 AM' },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: body });
    expect(res.statusCode).toBe(200);
    const { jobId, jobNumber } = res.json();

    const mail = await mailFor('alex.smtp@example.com');
    expect(mail.raw).toContain(`Subject: Booking confirmed: ${jobNumber}`);
    expect(mail.raw).toMatch(/Content-Type: text\/calendar/i);
    const ics = attachmentText(mail.raw, `booking-${jobNumber}.ics`);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20261124T020000Z'); // 10 am Perth (UTC+8)
    expect(ics).toContain('DTEND:20261124T040000Z');
    expect(ics).toContain(`UID:${jobId}@`);
    expect(ics).toContain('LOCATION:12 Example Street\\, Joondalup 6027');
    expect(ics).toMatch(/SUMMARY:Puncture Repair/);

    const [row] = await waitFor(async () => {
      const rows = await emailsOfJob(t, jobId);
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    expect(row!.sentAt).not.toBeNull();
    expect(row!.attempts).toBe(1);
  });
});

describe('outbox without SMTP (local stand-in), content and retries', () => {
  let t: TestApp;
  let adminCookie = '';
  beforeAll(async () => {
    t = await createTestApp();
    await seedTyrePrices(t.db);
    adminCookie = (await signInStaff(t, 'admin')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the message as "stored" and shows it to an admin at GET /api/admin/outbox', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ job: { scheduledDate: '2026-11-25', timeSlot: '2-4 PM' } }),
    });
    const { jobId, jobNumber, customerEmail } = res.json();
    await waitFor(async () => (await emailsOfJob(t, jobId))[0]?.status === 'stored');

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie: adminCookie } });
    expect(list.statusCode).toBe(200);
    const item = list.json().find((e: { jobId: string }) => e.jobId === jobId);
    expect(item).toMatchObject({
      to: customerEmail,
      status: 'stored',
      attachments: [{ filename: `booking-${jobNumber}.ics` }],
    });
    const text: string = item.text;
    for (const part of [
      `Booking reference: ${jobNumber}`,
      'When: Wednesday 25 November 2026, 2 pm - 4 pm (Perth time)',
      '2-hour arrival window',
      'Where: 12 Example Street, Joondalup 6027',
      'Service: Puncture Repair',
      'Price: $129.80',
      'Payment: Pay on site',
      '08 5550 1234',
      CANCELLATION_TERMS,
    ]) {
      expect(text).toContain(part);
    }

    const { cookie } = await signInStaff(t, 'technician');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie } })).statusCode).toBe(403);
  });

  it('says a quote will follow when the price needs a callback, and lists the tyres', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({
        job: { scheduledDate: '2026-11-26', serviceType: 'new-tyres', tyreSize: '999/99R99', tyreQuantity: 2 },
      }),
    });
    const [email] = await emailsOfJob(t, res.json().jobId);
    expect(email!.text).toContain(`Price: ${QUOTE_TO_FOLLOW}`);
    expect(email!.text).toContain('Service: New Tyres (2 x 999/99R99)');
  });

  it('queues a prepaid confirmation once, mentioning the online discount (for the payments flow)', async () => {
    const q = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/quote',
      payload: bookingBody({ job: { scheduledDate: '2026-11-27', paymentMethod: 'prepaid' } }),
    });
    expect(q.statusCode).toBe(200);
    const [hold] = await t.db.select().from(bookingHolds).where(eq(bookingHolds.token, q.json().bookingToken));
    // Only what queueBookingConfirmation touches; the payments flow passes the app's own deps.
    const appDeps = {
      config: testConfig(),
      db: t.db,
      clock: t.clock,
      log: t.app.log,
      outbox: createOutbox({
        db: t.db,
        clock: t.clock,
        mailer: noopMailer(),
        log: t.app.log,
        mailFrom: 'x@example.com',
      }),
      sms: { kick() {} },
    } as unknown as AppDeps;
    expect(await queueBookingConfirmation(appDeps, hold!.jobId)).toEqual(expect.any(String));
    expect(await queueBookingConfirmation(appDeps, hold!.jobId)).toBeNull();
    const emails = await emailsOfJob(t, hold!.jobId);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('Price: $99.80 (includes the $30.00 online payment discount)');
  });

  it('a failed send never fails the booking; it is retried with backoff and then delivered', async () => {
    let failures = 1;
    const sent: string[] = [];
    const flaky: Mailer = {
      kind: 'smtp',
      async send(m) {
        if (failures-- > 0) throw new Error('421 mail server busy');
        sent.push(m.to);
      },
      close() {},
    };
    const f = await createTestApp({ overrides: { mailer: flaky } });
    try {
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: bookingBody({ customer: { email: 'retry@example.com' } }),
      });
      expect(res.statusCode).toBe(200);
      const jobId = res.json().jobId;
      const [failed] = await waitFor(async () => {
        const rows = await emailsOfJob(f, jobId);
        return rows[0]?.lastError ? rows : undefined;
      });
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 mail server busy' });
      expect(failed!.nextAttemptAt!.getTime() - f.clock.now().getTime()).toBe(60_000);

      const outbox = createOutbox({
        db: f.db,
        clock: f.clock,
        mailer: flaky,
        log: f.app.log,
        mailFrom: 'x@example.com',
      });
      expect(await outbox.deliverDue()).toEqual({ sent: 0, stored: 0, failed: 0 });
      f.clock.advance(61_000);
      expect(await outbox.deliverDue()).toEqual({ sent: 1, stored: 0, failed: 0 });
      expect(sent).toEqual(['retry@example.com']);
      const [done] = await emailsOfJob(f, jobId);
      expect(done).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await f.close();
    }
  });
});

function noopMailer(): Mailer {
  return { kind: 'local', async send() {}, close() {} };
}

/** A mailer whose sends wait until the test releases (or fails) them, one call at a time. */
function gatedMailer() {
  const calls: { to: string; release: () => void; fail: (err: Error) => void }[] = [];
  const waiters: (() => void)[] = [];
  const mailer: Mailer = {
    kind: 'smtp',
    send(m) {
      return new Promise<void>((resolve, reject) => {
        calls.push({ to: m.to, release: resolve, fail: reject });
        waiters.splice(0).forEach((w) => w());
      });
    },
    close() {},
  };
  /** Resolves when the mailer has been called `n` times in all. */
  const called = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (calls.length >= n ? resolve() : waiters.push(check));
      check();
    });
  return { mailer, calls, called };
}

describe('outbox claims: each email is delivered once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function queueEmails(n: number, tag: string): Promise<string[]> {
    const outbox = createOutbox({
      db: t.db,
      clock: t.clock,
      mailer: noopMailer(),
      log: t.app.log,
      mailFrom: 'x@example.com',
    });
    const ids: string[] = [];
    for (let i = 1; i <= n; i++)
      ids.push(
        await outbox.queue(t.db, { kind: 'test', to: `${tag}.${i}@example.com`, subject: `Hello ${i}`, text: 'Hi' }),
      );
    return ids;
  }

  it('two concurrent passes with a slow mail server (each send 2 minutes, the batch longer than a lease) send every email exactly once', async () => {
    const ids = await queueEmails(3, 'slow');
    const gate = gatedMailer();
    const make = () =>
      createOutbox({ db: t.db, clock: t.clock, mailer: gate.mailer, log: t.app.log, mailFrom: 'x@example.com' });
    const passA = make().deliverDue();
    for (let n = 1; n <= 3; n++) {
      await gate.called(n);
      t.clock.advance(2 * 60_000); // this send took 2 minutes: the batch is now older than the 5-minute lease
      if (n < 3) gate.calls[n - 1]!.release();
    }
    // Six minutes in, with pass A still sending its third email, another pass starts. It must
    // finish without sending anything: if it claimed an email, its send (a fourth call) would
    // arrive first, and the count below would say so.
    const passB = make().deliverDue();
    await Promise.race([passB, gate.called(4)]);
    expect(gate.calls).toHaveLength(3);
    gate.calls.forEach((c) => c.release());
    const [a, b] = await Promise.all([passA, passB]);
    expect(b).toEqual({ sent: 0, stored: 0, failed: 0 });
    expect(a).toEqual({ sent: 3, stored: 0, failed: 0 });
    expect(gate.calls.map((c) => c.to).sort()).toEqual([
      'slow.1@example.com',
      'slow.2@example.com',
      'slow.3@example.com',
    ]);
    const rows = await t.db.select().from(outboundEmails).where(inArray(outboundEmails.id, ids));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('a sender that lost its claim (lease lapsed, another pass delivered) does not overwrite the result', async () => {
    const [id] = await queueEmails(1, 'lost');
    const gate = gatedMailer();
    const slow = createOutbox({
      db: t.db,
      clock: t.clock,
      mailer: gate.mailer,
      log: t.app.log,
      mailFrom: 'x@example.com',
    });
    const passA = slow.deliverDue();
    await gate.called(1);
    t.clock.advance(CLAIM_LEASE_MS + 1000); // a hung connection: the lease lapses
    const other = createOutbox({
      db: t.db,
      clock: t.clock,
      mailer: { kind: 'smtp', async send() {}, close() {} },
      log: t.app.log,
      mailFrom: 'x@example.com',
    });
    expect(await other.deliverDue()).toEqual({ sent: 1, stored: 0, failed: 0 });
    gate.calls[0]!.fail(new Error('Connection timeout'));
    await passA;
    const [row] = await t.db.select().from(outboundEmails).where(eq(outboundEmails.id, id!));
    expect(row).toMatchObject({ status: 'sent', lastError: null, attempts: 2, nextAttemptAt: null });
  });

  it('a hung delivery pass does not stop the periodic retries', async () => {
    const [first, second] = await queueEmails(2, 'hung');
    let calls = 0;
    let unhang = () => {};
    let hung!: () => void;
    const firstCall = new Promise<void>((r) => (hung = r));
    let bothSent!: () => void;
    const done = new Promise<void>((r) => (bothSent = r));
    const sent: string[] = [];
    const mailer: Mailer = {
      kind: 'smtp',
      send(m) {
        if (++calls === 1) {
          hung();
          return new Promise<void>((r) => (unhang = r)); // the first connection never answers
        }
        sent.push(m.to);
        if (sent.length === 2) bothSent();
        return Promise.resolve();
      },
      close() {},
    };
    // The periodic tick is the scheduler's timer, here every 20 ms of real time; the lease is counted
    // on the app's clock, which only the test moves. Both waits are for events (a send), not times.
    const outbox = createOutbox({ db: t.db, clock: t.clock, mailer, log: t.app.log, mailFrom: 'x@example.com' });
    outbox.start(20);
    try {
      // A tick starts the first pass, which hangs on its first send; the ticks after it find it
      // running (not yet hung on the app's clock) and only ask it to look again.
      await firstCall;
      // A whole lease later, the next tick counts the pass as hung and starts another, which sends both.
      t.clock.advance(CLAIM_LEASE_MS + 1000);
      await done;
      expect(sent.sort()).toEqual(['hung.1@example.com', 'hung.2@example.com']);
    } finally {
      unhang();
      // Waits for every pass to finish, the hung one included (its late answer is not recorded).
      await outbox.stop();
    }
    const rows = await t.db
      .select()
      .from(outboundEmails)
      .where(inArray(outboundEmails.id, [first!, second!]));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
  });
});

describe('SMTP adapter timeouts', () => {
  it('bounds one send well inside the claim lease: connecting, the greeting and a stalled socket all time out', () => {
    expect(SMTP_TIMEOUTS).toEqual({ connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
    expect(SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout).toBeLessThan(
      CLAIM_LEASE_MS / 2,
    );
  });

  it('gives up on a server that accepts the connection but never greets (greeting timeout shortened for the test)', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    const port = await new Promise<number>((resolve) =>
      silent.listen(0, '127.0.0.1', () => resolve((silent.address() as net.AddressInfo).port)),
    );
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, {
      connectionTimeout: 2_000,
      greetingTimeout: 100,
      socketTimeout: 2_000,
    });
    try {
      await expect(
        mailer.send({ from: 'x@example.com', to: 'y@example.com', subject: 's', text: 't', attachments: [] }),
      ).rejects.toThrow(/greeting|timeout/i);
      expect(sockets).toHaveLength(1);
    } finally {
      mailer.close();
      sockets.forEach((s) => s.destroy());
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});

describe('the outbox logs no customer address or subject', () => {
  it('a refusal quoting the address and an email kept without a mail server are logged by id only', async () => {
    const t = await createTestApp();
    try {
      const lines: string[] = [];
      const log = pino(
        { level: 'info' },
        new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }),
      );
      const refusing: Mailer = {
        kind: 'smtp',
        async send(m) {
          throw new Error(`550 5.1.1 <${m.to}>: mailbox unavailable`);
        },
        close() {},
      };
      const failing = createOutbox({ db: t.db, clock: t.clock, mailer: refusing, log, mailFrom: 'x@example.com' });
      await failing.queue(t.db, {
        kind: 'test',
        to: 'philippa.quenby@example.com',
        subject: 'Your booking, Philippa Quenby',
        text: 'Hi',
      });
      expect(await failing.deliverDue()).toMatchObject({ failed: 1 });
      const stored = createOutbox({ db: t.db, clock: t.clock, mailer: noopMailer(), log, mailFrom: 'x@example.com' });
      await stored.queue(t.db, { kind: 'test', to: 'marsh@example.com', subject: 'Invoice for Marsh', text: 'Hi' });
      expect(await stored.deliverDue()).toMatchObject({ stored: 1 });
      const logged = lines.join('');
      expect(logged).toContain('Email delivery failed');
      expect(logged).toContain('Email kept in the outbox');
      expect(logged).not.toMatch(/quenby|marsh@/i);
    } finally {
      await t.close();
    }
  });
});
