import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerInvoices, jobs, timeSlots, users } from './schema';
import { insertCustomer, insertJob, insertUserRow, insertVehicle } from './seed/factories';
import { constraintName, isStillReferenced, pgErrorCode, UNIQUE_VIOLATION } from './client';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { setJobState } from '../../../tests/helpers/job-state';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return { code: pgErrorCode(err), constraint: constraintName(err) };
  }
  throw new Error('expected the database to refuse this');
}

describe('the database refuses what the business forbids', () => {
  it('refuses a second non-cancelled job in the same day and slot', async () => {
    await insertJob(t.db, { scheduledDay: '2026-12-01', timeSlot: '8-10 AM' });
    const err = await failure(insertJob(t.db, { scheduledDay: '2026-12-01', timeSlot: '8-10 AM' }));
    expect(err).toEqual({ code: UNIQUE_VIOLATION, constraint: 'jobs_slot_place' });
  });

  it('lets a new job take a slot whose job was cancelled', async () => {
    const first = await insertJob(t.db, { scheduledDay: '2026-12-02', timeSlot: '2-4 PM' });
    await setJobState(t.db, first.id, { status: 'cancelled' });
    const second = await insertJob(t.db, { scheduledDay: '2026-12-02', timeSlot: '2-4 PM' });
    expect(second.status).toBe('new');
  });

  it(`keeps exactly one of 20 concurrent bookings of one slot`, async () => {
    const customer = await insertCustomer(t.db);
    const vehicle = await insertVehicle(t.db, { customerId: customer.id });
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        insertJob(t.db, {
          customerId: customer.id,
          vehicleId: vehicle.id,
          scheduledDay: '2026-12-03',
          timeSlot: '12-2 PM',
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const rejected = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(rejected.every((r) => pgErrorCode(r.reason) === UNIQUE_VIOLATION)).toBe(true);
    const rows = await t.db
      .select()
      .from(jobs)
      .where(sql`${jobs.scheduledDay} = '2026-12-03' and ${jobs.timeSlot} = '12-2 PM'`);
    expect(rows).toHaveLength(1);
  });

  it('numbers jobs and invoices from sequences', async () => {
    const a = await insertJob(t.db, { scheduledDay: '2026-12-04', timeSlot: '8-10 AM' });
    const b = await insertJob(t.db, { scheduledDay: '2026-12-04', timeSlot: '10-12 AM' });
    expect(a.jobNumber).toMatch(/^JOB-1\d{4}$/);
    expect(Number(b.jobNumber.slice(4))).toBeGreaterThan(Number(a.jobNumber.slice(4)));
    const [inv] = await t.db.insert(customerInvoices).values({ jobId: a.id, invoiceDate: '2026-12-04' }).returning();
    expect(inv!.invoiceNumber).toMatch(/^INV-\d{6}$/);
  });

  it('refuses to delete a job that has a customer invoice', async () => {
    const job = await insertJob(t.db, { scheduledDay: '2026-12-07', timeSlot: '8-10 AM' });
    await t.db.insert(customerInvoices).values({ jobId: job.id, invoiceDate: '2026-12-07' });
    const err = await t.db
      .delete(jobs)
      .where(eq(jobs.id, job.id))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isStillReferenced(err)).toBe(true);
    expect(await t.db.select().from(jobs).where(eq(jobs.id, job.id))).toHaveLength(1);
  });

  it('refuses a duplicate username, a duplicate slot row and an unknown job status', async () => {
    await insertUserRow(t.db, { username: 'duplicate', password: 'x' });
    expect((await failure(insertUserRow(t.db, { username: 'duplicate', password: 'x' }))).code).toBe(UNIQUE_VIOLATION);
    await t.db
      .insert(timeSlots)
      .values({ date: '2026-12-08', slot: '8-10 AM', isAvailable: false, blockedReason: 'Leave' });
    expect((await failure(t.db.insert(timeSlots).values({ date: '2026-12-08', slot: '8-10 AM' }))).code).toBe(
      UNIQUE_VIOLATION,
    );
    expect(
      (
        await failure(
          insertJob(t.db, {
            scheduledDay: '2026-12-09',
            status: 'lost' as never /* outside the type on purpose: the database must refuse it */,
          }),
        )
      ).code,
    ).toBe('23514');
    const [u] = await t.db.select().from(users).where(eq(users.username, 'duplicate'));
    expect(u!.isActive).toBe(true);
  });
});
