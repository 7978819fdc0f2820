import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { publicChangesHeard } from '../../../tests/helpers/public-changes';
import { jobs } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { insertPrepaidBooking } from '../payments/fixtures';
import { listJobHistory } from '../jobs/history';
import { sweepExpiredHolds } from './service';
import { setJobState } from '../../../tests/helpers/job-state';

const MINUTE = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
async function slot(day: string, name: string) {
  await publicChangesHeard(t.app, t.db);
  const res = await t.app.inject({ method: 'GET', url: `/api/time-slots?date=${day}` });
  return (res.json() as { slot: string; isAvailable: boolean }[]).find((s) => s.slot === name)!;
}

describe('sweepExpiredHolds', () => {
  it('cancels an unpaid prepaid job once its 30-minute hold has passed, and its slot is free again', async () => {
    const day = '2026-11-25';
    const { job } = await insertPrepaidBooking(t.db, { now: t.clock.now(), scheduledDay: day, timeSlot: '2-4 PM' });
    expect((await slot(day, '2-4 PM')).isAvailable).toBe(false);
    // While held, nobody else can have the slot.
    await expect(insertJob(t.db, { scheduledDay: day, timeSlot: '2-4 PM' })).rejects.toThrow();

    t.clock.advance(29 * MINUTE);
    expect(await sweepExpiredHolds({ db: t.db, clock: t.clock })).toHaveLength(0);
    expect((await jobRow(job.id)).status).toBe('new');

    t.clock.advance(1 * MINUTE);
    const released = await sweepExpiredHolds({ db: t.db, clock: t.clock });
    expect(released.map((r) => r.id)).toEqual([job.id]);
    expect(await jobRow(job.id)).toMatchObject({
      status: 'cancelled',
      cancelledAt: t.clock.now(),
      paymentStatus: 'pending',
    });
    expect((await slot(day, '2-4 PM')).isAvailable).toBe(true);
    const next = await insertJob(t.db, { scheduledDay: day, timeSlot: '2-4 PM' });
    expect(next.status).toBe('new');

    // A second pass finds nothing more to do.
    expect(await sweepExpiredHolds({ db: t.db, clock: t.clock })).toHaveLength(0);

    // Staff see why the job was cancelled, once, in its history.
    const history = await listJobHistory(t.db, job.id);
    expect(history.filter((e) => e.kind === 'status')).toEqual([
      expect.objectContaining({
        from: 'new',
        to: 'cancelled',
        actor: null,
        note: 'Not paid within the hold time; the slot was freed',
      }),
    ]);
  });

  it('leaves paid bookings, onsite jobs and holds still running alone', async () => {
    const now = t.clock.now();
    const paid = await insertPrepaidBooking(t.db, { now, scheduledDay: '2026-11-26', timeSlot: '8-10 AM' });
    await setJobState(t.db, paid.job.id, { paymentStatus: 'paid' });
    const onsite = await insertJob(t.db, { scheduledDay: '2026-11-26', timeSlot: '10-12 AM', paymentMethod: 'onsite' });
    const fresh = await insertPrepaidBooking(t.db, {
      now: new Date(now.getTime() + 20 * MINUTE),
      scheduledDay: '2026-11-26',
      timeSlot: '12-2 PM',
    });

    t.clock.advance(45 * MINUTE);
    expect(await sweepExpiredHolds({ db: t.db, clock: t.clock })).toHaveLength(0);
    for (const id of [paid.job.id, onsite.id, fresh.job.id]) expect((await jobRow(id)).status).toBe('new');
  });
});

describe('the periodic sweep', () => {
  it('runs on its own once the app is ready when given an interval (off by default in tests)', async () => {
    const swept = await createTestApp({ overrides: { holdSweepMs: 25 } });
    try {
      const { job } = await insertPrepaidBooking(swept.db, {
        now: new Date(swept.clock.now().getTime() - 31 * MINUTE),
      });
      await expect
        .poll(async () => (await swept.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!.status, { interval: 50 })
        .toBe('cancelled');
    } finally {
      await swept.close();
    }
  });
});
