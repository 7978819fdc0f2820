import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { bookingBody, bookingRowCounts, freshClientAddress, type BookingBody } from '../../../tests/helpers/bookings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

const post = (url: string, body: BookingBody) =>
  t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: freshClientAddress() });

async function optInOf(jobId: string) {
  const [row] = await t.db.select({ optIn: jobs.returnVisitOptIn }).from(jobs).where(eq(jobs.id, jobId));
  return row!.optIn;
}

// The wizard's contact step asks, unticked; only a tick is consent (docs/decisions/355-booking-wizard-on-a-phone.md).
describe('return-visit reminders: the customer opts in when booking', () => {
  it('stores a tick on the booked job', async () => {
    const res = await post(
      '/api/bookings',
      bookingBody({ job: { scheduledDate: '2026-11-24', timeSlot: '8-10 AM', returnVisitOptIn: true } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await optInOf(res.json().jobId)).toBe(true);
  });

  it('stores no consent when the box was left alone (the field is absent)', async () => {
    const res = await post('/api/bookings', bookingBody({ job: { scheduledDate: '2026-11-24', timeSlot: '12-2 PM' } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await optInOf(res.json().jobId)).toBe(false);
  });

  it('keeps the tick through a prepaid quote', async () => {
    const res = await post(
      '/api/bookings/quote',
      bookingBody({
        job: { scheduledDate: '2026-11-25', timeSlot: '8-10 AM', paymentMethod: 'prepaid', returnVisitOptIn: true },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await optInOf(res.json().jobId)).toBe(true);
  });

  it('refuses a value that is not true or false with 400, naming the field, and writes nothing', async () => {
    const before = await bookingRowCounts(t.db);
    const res = await post(
      '/api/bookings',
      bookingBody({ job: { scheduledDate: '2026-11-24', timeSlot: '2-4 PM', returnVisitOptIn: 'yes please' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION', message: 'Reminder choice must be true or false' });
    expect(Object.keys(res.json().fields)).toContain('job.returnVisitOptIn');
    expect(await bookingRowCounts(t.db)).toEqual(before);
  });
});
