import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SLOT_TAKEN_MESSAGE } from '../../shared/schemas/booking';
import { jobs } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { freshClientAddress } from '../../../tests/helpers/bookings';
import { freshSlots } from '../../../tests/helpers/fresh-slots';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { newManageToken } from './token';

/**
 * Two customers move their bookings into the last place of one slot at the same moment: the
 * database's one-job-per-place index lets exactly one in (decision 302). Run on a PostgreSQL server
 * with `npm run test:pg -- <file>`, where the transactions truly overlap; on PGlite they run one
 * after another and must agree.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const freshSlot = freshSlots('2026-12-01');

it.each([1, 2, 3])(
  'two reschedules to the last place: one wins, the other is told the slot is taken (round %s)',
  async () => {
    const target = freshSlot();
    const customers = await Promise.all(
      [freshSlot(), freshSlot()].map(async (slot) => {
        const { token, hash } = newManageToken();
        const job = await insertJob(t.db, { ...slot, manageTokenHash: hash });
        return { job, token };
      }),
    );
    const results = await Promise.all(
      customers.map(({ token }) =>
        t.app.inject({
          method: 'POST',
          url: `/api/manage/${token}/reschedule`,
          remoteAddress: freshClientAddress(),
          payload: { date: target.scheduledDay, timeSlot: target.timeSlot },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join(' | ')).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(SLOT_TAKEN_MESSAGE);
    const inTarget = (await t.db.select().from(jobs).where(eq(jobs.scheduledDay, target.scheduledDay))).filter(
      (j) => j.timeSlot === target.timeSlot && j.status !== 'cancelled',
    );
    expect(inTarget).toHaveLength(1);
    // The loser stays where it was.
    const loser = customers.find(({ job }) => !inTarget.some((j) => j.id === job.id))!;
    expect((await t.db.select().from(jobs).where(eq(jobs.id, loser.job.id)))[0]).toMatchObject({
      scheduledDay: loser.job.scheduledDay,
      timeSlot: loser.job.timeSlot,
    });
  },
);
