import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, vehicles } from '../db/schema';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import {
  bookingBody,
  bookingRowCounts,
  freshClientAddress,
  seedTyrePrices,
  signInStaff,
} from '../../../tests/helpers/bookings';

/**
 * The staff booking has its own contract (decision 276): the New Booking form posts it to
 * /api/dashboard/bookings, and signed-in staff may still send it to POST /api/bookings (decision 130).
 */
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
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
    remoteAddress: freshClientAddress(),
  });
const staffBody = (day: string, job: Record<string, unknown> = {}) =>
  bookingBody({
    vehicle: { color: 'Silver', year: '2017' },
    job: { scheduledDate: day, suburb: 'Kalgoorlie', postcode: '6430', ...job },
  });

describe('the New Booking form on the staff path', () => {
  it('books with the colour, brand and estimate, anywhere, like the same body on POST /api/bookings', async () => {
    const viaStaffPath = await post(
      '/api/dashboard/bookings',
      staffBody('2026-11-24', {
        serviceType: 'new-tyres',
        tyreSize: '205/55R16',
        tyreBrand: 'Hankook',
        customerValue: '850.00',
      }),
      adminCookie,
    );
    expect(viaStaffPath.statusCode, viaStaffPath.body).toBe(200);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, viaStaffPath.json().jobId));
    expect(job).toMatchObject({ customerValue: '850.00', tyreBrand: 'Hankook', tyreQuantity: 4, suburb: 'Kalgoorlie' });
    const [vehicle] = await t.db.select().from(vehicles).where(eq(vehicles.id, job!.vehicleId!));
    expect(vehicle).toMatchObject({ color: 'Silver', year: 2017 });

    const viaPublicPath = await post('/api/bookings', staffBody('2026-11-25', { customerValue: '95.00' }), adminCookie);
    expect(viaPublicPath.statusCode, viaPublicPath.body).toBe(200);
    const [second] = await t.db.select().from(jobs).where(eq(jobs.id, viaPublicPath.json().jobId));
    expect(second).toMatchObject({ customerValue: '95.00', suburb: 'Kalgoorlie' });
  });

  it("refuses with the admin form's messages and writes nothing", async () => {
    const before = await bookingRowCounts(t.db);
    const res = await post(
      '/api/dashboard/bookings',
      {
        ...staffBody('2026-11-26'),
        vehicle: { make: 'Toyota', model: 'Corolla', year: '2017', registration: 'ABC1', color: '' },
      },
      adminCookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Vehicle color is required');
    expect(await bookingRowCounts(t.db)).toEqual(before);
  });

  it('is for signed-in staff only; a public caller sending the staff body to POST /api/bookings gets the public rules', async () => {
    expect((await post('/api/dashboard/bookings', staffBody('2026-11-26'))).statusCode).toBe(401);
    const res = await post('/api/bookings', staffBody('2026-11-26'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Sorry, Kalgoorlie is outside our service area. Please call us and we'll see if we can help.",
    );
  });
});
