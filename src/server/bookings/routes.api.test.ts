import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isBusinessDay } from '../../shared/domain/business-days';
import { addDays } from '../../shared/domain/perth-time';
import {
  BOOKING_TOO_FAR_MESSAGE,
  PAYMENTS_OFF_MESSAGE,
  PREPAID_NEEDS_QUOTE_MESSAGE,
  PREPAY_NOT_AVAILABLE_MESSAGE,
  SLOT_TAKEN_MESSAGE,
} from '../../shared/schemas/booking';
import { bookingHolds, customers, jobs, outboundEmails, timeSlots, vehicles } from '../db/schema';
import { announcements } from '../notifications/test-support';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { BOOKING_LIMIT } from './booking-limit';
import {
  bookingBody,
  bookingRowCounts,
  freshClientAddress,
  seedTyrePrices,
  signInStaff,
  type BookingBody,
} from '../../../tests/helpers/bookings';
import { setJobState } from '../../../tests/helpers/job-state';

let t: TestApp;
const announced = announcements(() => t.db);
beforeAll(async () => {
  t = await createTestApp();
  await seedTyrePrices(t.db);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

// Each test books its own day so tests never compete for a slot.
let cursor = '2026-11-23';
const nextDay = () => {
  do cursor = addDays(cursor, 1);
  while (!isBusinessDay(cursor));
  return cursor;
};
/** 7 am Perth on the day after the cursor, so the next days are well inside the 90-day horizon. */
const clockToCursor = () => t.clock.set(`${cursor}T23:00:00.000Z`);

// Every request comes from its own address unless a test says otherwise (the per-address limit has its own tests).
const post = (url: string, payload: unknown, cookie?: string, remoteAddress = freshClientAddress()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {}, remoteAddress });
const book = (body: BookingBody, cookie?: string) => post('/api/bookings', body, cookie);
const quote = (body: BookingBody) => post('/api/bookings/quote', body);

async function jobById(id: string) {
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

async function jobForHold(token: string) {
  const [hold] = await t.db.select().from(bookingHolds).where(eq(bookingHolds.token, token));
  return { hold: hold!, job: await jobById(hold!.jobId) };
}

type Mutate = (b: BookingBody) => void;

// The wizard's field rules (docs/product.md "Messages the UI shows"), every rule the server sees, with its message.
const publicRules: [string, Mutate, string][] = [
  ['date missing', (b) => delete b.job.scheduledDate, 'Please select a date'],
  ['date empty', (b) => (b.job.scheduledDate = ''), 'Please select a date'],
  ['date unparseable', (b) => (b.job.scheduledDate = 'next tuesday'), 'Invalid date format'],
  ['time slot missing', (b) => delete b.job.timeSlot, 'Please select a time slot'],
  ['time slot unknown', (b) => (b.job.timeSlot = '9-11 AM'), 'Please select a time slot'],
  ['service missing', (b) => delete b.job.serviceType, 'Please select a service'],
  ['service unknown', (b) => (b.job.serviceType = 'car-wash'), 'Please select a service'],
  [
    'quantity 0',
    (b) => Object.assign(b.job, { serviceType: 'new-tyres', tyreSize: '205/55R16', tyreQuantity: 0 }),
    'Quantity must be between 1 and 4',
  ],
  [
    'quantity 5',
    (b) => Object.assign(b.job, { serviceType: 'new-tyres', tyreSize: '205/55R16', tyreQuantity: 5 }),
    'Quantity must be between 1 and 4',
  ],
  ['address blank', (b) => (b.job.address = '   '), 'Please enter your address'],
  ['suburb blank', (b) => (b.job.suburb = ''), 'Suburb is required'],
  ['postcode short', (b) => (b.job.postcode = '602'), 'Please enter a valid postcode'],
  ['vehicle make blank', (b) => (b.vehicle.make = ''), 'Vehicle make is required'],
  ['vehicle model blank', (b) => (b.vehicle.model = ''), 'Vehicle model is required'],
  ['vehicle year 1899', (b) => (b.vehicle.year = 1899), 'Please enter a valid year'],
  // The test clock is in 2026, so 2028 is after next year.
  ['vehicle year after next year', (b) => (b.vehicle.year = 2028), 'Please enter a valid year'],
  ['registration blank', (b) => (b.vehicle.registration = ''), 'Registration is required'],
  ['name blank', (b) => (b.customer.name = ''), 'Name is required'],
  ['phone under 10 characters', (b) => (b.customer.phone = '0400 000'), 'Valid phone number required'],
  ['email invalid', (b) => (b.customer.email = 'sam@'), 'Valid email required'],
  ['payment method unknown', (b) => (b.job.paymentMethod = 'cheque'), 'Please choose how you will pay'],
  ['date-time without an offset', (b) => (b.job.scheduledDate = '2026-11-24T17:00'), 'Invalid date format'],
  ['name over 100 characters', (b) => (b.customer.name = 'S'.repeat(101)), 'Name must be at most 100 characters'],
  [
    'address over 200 characters',
    (b) => (b.job.address = `12 ${'Long '.repeat(40)}Street`),
    'Address must be at most 200 characters',
  ],
  ['suburb over 60 characters', (b) => (b.job.suburb = 'J'.repeat(61)), 'Suburb must be at most 60 characters'],
  [
    'vehicle make over 60 characters',
    (b) => (b.vehicle.make = 'T'.repeat(61)),
    'Vehicle make must be at most 60 characters',
  ],
  [
    'vehicle model over 60 characters',
    (b) => (b.vehicle.model = 'C'.repeat(61)),
    'Vehicle model must be at most 60 characters',
  ],
  [
    'registration over 12 characters',
    (b) => (b.vehicle.registration = 'ABC1234567890'),
    'Registration must be at most 12 characters',
  ],
  ['notes over 1000 characters', (b) => (b.job.notes = 'n'.repeat(1001)), 'Notes must be at most 1000 characters'],
  // (NUL itself is refused for every route before any schema runs: decision 190.)
  ['name of control characters only', (b) => (b.customer.name = '\u0001\u0007\r\n'), 'Name is required'],
  // Contact checks (decision 173): the same rules and messages as the wizard.
  ['phone of letters', (b) => (b.customer.phone = 'abcdefghij'), 'Valid phone number required'],
  ['phone of a date', (b) => (b.customer.phone = '0000-01-01T00:00:00Z'), 'Valid phone number required'],
  ['name of one letter', (b) => (b.customer.name = 'J'), 'Name is required'],
  [
    'postcode not the suburb’s (9999 with Mandurah)',
    (b) => Object.assign(b.job, { suburb: 'Mandurah', postcode: '9999' }),
    'Please enter a valid postcode',
  ],
  [
    'suburb outside the service area',
    (b) => Object.assign(b.job, { suburb: 'Kalgoorlie', postcode: '6430' }),
    "Sorry, Kalgoorlie is outside our service area. Please call us and we'll see if we can help.",
  ],
];

describe('public booking field rules, enforced by the server', () => {
  it.each(publicRules)(
    'POST /api/bookings refuses %s with its message and writes nothing',
    async (_name, mutate, message) => {
      const body = bookingBody({ job: { scheduledDate: '2026-11-24' } });
      mutate(body);
      const before = await bookingRowCounts(t.db);
      const res = await book(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION', message });
      expect(Object.values(res.json().fields)).toContain(message);
      expect(await bookingRowCounts(t.db)).toEqual(before);
    },
  );

  it.each(publicRules)(
    'POST /api/bookings/quote refuses %s with its message and writes nothing',
    async (_name, mutate, message) => {
      const body = bookingBody({ job: { paymentMethod: 'prepaid' } });
      mutate(body);
      const before = await bookingRowCounts(t.db);
      const res = await quote(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await bookingRowCounts(t.db)).toEqual(before);
    },
  );

  it("judges 'next year' by the server's Perth clock, not the machine's", async () => {
    // 00:30 on 1 January 2027 in Perth, still 31 December 2026 in UTC: a 2028 model is next year's.
    t.clock.set('2026-12-31T16:30:00.000Z');
    const ok = await book(bookingBody({ vehicle: { year: 2028 }, job: { scheduledDate: '2027-02-10' } }));
    expect(ok.statusCode, ok.body).toBe(200);
    const tooNew = await book(
      bookingBody({ vehicle: { year: 2029 }, job: { scheduledDate: '2027-02-10', timeSlot: '2-4 PM' } }),
    );
    expect(tooNew.statusCode).toBe(400);
    expect(tooNew.json()).toMatchObject({
      message: 'Please enter a valid year',
      fields: { 'vehicle.year': 'Please enter a valid year' },
    });
  });

  it('refuses an empty body with the first field message', async () => {
    const res = await post('/api/bookings', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION',
      message: 'Name is required',
      fields: { customer: 'Name is required' },
    });
  });

  it('strips control characters from text fields and keeps line breaks in notes', async () => {
    const res = await book(
      bookingBody({
        customer: { name: 'Sam\u0001 Tay\u001blor\r\n' },
        vehicle: { make: 'Toy\rota', registration: '1ab\tc23' },
        job: {
          scheduledDate: nextDay(),
          address: '12 Example\u0007 Street',
          notes: 'Gate code 1234\r\nRing first\rThanks\u0008',
        },
      }),
    );
    expect(res.statusCode).toBe(200);
    const job = await jobById(res.json().jobId);
    expect(job).toMatchObject({ address: '12 Example Street', notes: 'Gate code 1234\nRing first\nThanks' });
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, job.customerId));
    expect(customer!.name).toBe('Sam Taylor');
    const [vehicle] = await t.db.select().from(vehicles).where(eq(vehicles.id, job.vehicleId!));
    expect(vehicle).toMatchObject({ make: 'Toyota', registration: '1ABC23' });
  });
});

describe('slot rules on booking', () => {
  it('refuses a weekend or a WA public holiday with a clear message and writes nothing', async () => {
    const before = await bookingRowCounts(t.db);
    for (const day of ['2026-11-28', '2026-12-25']) {
      const res = await book(bookingBody({ job: { scheduledDate: day } }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/We don't take bookings on .*(closed|public holiday)/);
    }
    expect(await bookingRowCounts(t.db)).toEqual(before);
  });

  it('refuses a slot whose start has passed in Perth', async () => {
    t.clock.set('2026-11-23T02:00:00.000Z'); // Monday 10:00 Perth
    const res = await book(bookingBody({ job: { scheduledDate: '2026-11-23', timeSlot: '10-12 AM' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This time slot has already passed. Please select a different time slot.');
  });

  it('answers 409 for a slot staff blocked', async () => {
    const day = nextDay();
    await t.db
      .insert(timeSlots)
      .values({ date: day, slot: '2-4 PM', isAvailable: false, blockedReason: 'Van service' });
    const res = await book(bookingBody({ job: { scheduledDate: day, timeSlot: '2-4 PM' } }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'CONFLICT', message: SLOT_TAKEN_MESSAGE });
  });

  it('answers 409 "time slot is no longer available" for a booked slot and keeps the first booking', async () => {
    const day = nextDay();
    const first = await book(bookingBody({ job: { scheduledDate: day } }));
    expect(first.statusCode).toBe(200);
    const before = await bookingRowCounts(t.db);
    const second = await book(bookingBody({ job: { scheduledDate: day } }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'CONFLICT', message: SLOT_TAKEN_MESSAGE });
    expect(await bookingRowCounts(t.db)).toEqual(before);
  });

  it('lets the slot of a cancelled job (an expired hold) be booked again', async () => {
    const day = nextDay();
    const first = await quote(bookingBody({ job: { scheduledDate: day, paymentMethod: 'prepaid' } }));
    expect(first.statusCode).toBe(200);
    expect((await quote(bookingBody({ job: { scheduledDate: day, paymentMethod: 'prepaid' } }))).statusCode).toBe(409);
    const { job } = await jobForHold(first.json().bookingToken);
    await setJobState(t.db, job.id, { status: 'cancelled', cancelledAt: t.clock.now() });
    const again = await quote(bookingBody({ job: { scheduledDate: day, paymentMethod: 'prepaid' } }));
    expect(again.statusCode).toBe(200);
  });

  it('frees a lapsed hold at once for the next customer, before the periodic sweep runs', async () => {
    const day = nextDay();
    const first = await quote(
      bookingBody({ job: { scheduledDate: day, timeSlot: '2-4 PM', paymentMethod: 'prepaid' } }),
    );
    expect(first.statusCode).toBe(200);
    const started = t.clock.now();
    try {
      t.clock.advance(29 * 60_000);
      expect((await book(bookingBody({ job: { scheduledDate: day, timeSlot: '2-4 PM' } }))).statusCode).toBe(409);
      t.clock.advance(2 * 60_000);
      const second = await book(bookingBody({ job: { scheduledDate: day, timeSlot: '2-4 PM' } }));
      expect(second.statusCode).toBe(200);
      const { job } = await jobForHold(first.json().bookingToken);
      expect(job.status).toBe('cancelled');
    } finally {
      t.clock.set(started);
    }
  });

  it("accepts the admin form's ISO date-time (the slot start) as the date", async () => {
    const day = nextDay();
    const res = await book(bookingBody({ job: { scheduledDate: `${day}T04:00:00.000Z`, timeSlot: '12-2 PM' } }));
    expect(res.statusCode).toBe(200);
    const job = await jobById(res.json().jobId);
    expect(job.scheduledDay).toBe(day);
    expect(job.scheduledDate.toISOString()).toBe(`${day}T04:00:00.000Z`);
  });
});

describe('prices match the fee table to the cent', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    // [name, job fields, onsite total, prepaid total]
    ['puncture repair', { serviceType: 'puncture-repair' }, '129.80', '99.80'],
    ['emergency callout', { serviceType: 'emergency-callout' }, '89.80', '59.80'],
    ['4 x 205/55R16', { serviceType: 'new-tyres', tyreSize: '205/55R16', tyreQuantity: 4 }, '885.80', '855.80'],
    ['1 x 205/55R16', { serviceType: 'new-tyres', tyreSize: '205/55R16', tyreQuantity: 1 }, '288.80', '258.80'],
    [
      '2 x 205 55 r16 typed loosely',
      { serviceType: 'new-tyres', tyreSize: '205 55 r16', tyreQuantity: 2 },
      '487.80',
      '457.80',
    ],
  ];

  it.each(cases)('%s: onsite booking stores %s', async (_name, fields, onsite) => {
    const res = await book(bookingBody({ job: { scheduledDate: nextDay(), ...fields } }));
    expect(res.statusCode).toBe(200);
    const job = await jobById(res.json().jobId);
    expect(job.customerValue).toBe(onsite);
    expect(job.originalCustomerValue).toBe(onsite);
    expect(job).toMatchObject({ paymentMethod: 'onsite', paymentStatus: 'pending', status: 'new' });
    if (fields.serviceType === 'new-tyres') expect(job.tyreSize).toBe('205/55R16');
  });

  it.each(cases)('%s: prepaid quote amount', async (_name, fields, onsite, prepaid) => {
    const day = nextDay();
    const res = await quote(
      bookingBody({ job: { scheduledDate: day, timeSlot: '8-10 AM', ...fields, paymentMethod: 'prepaid' } }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ amount: prepaid, currency: 'AUD', scheduledDate: `${day}T00:00:00.000Z` });
    expect(body.bookingToken).toMatch(/^[\w-]{43}$/);
    const { hold, job } = await jobForHold(body.bookingToken);
    expect(body.jobId).toBe(job.id);
    expect(job).toMatchObject({
      customerValue: prepaid,
      originalCustomerValue: onsite,
      paymentMethod: 'prepaid',
      paymentStatus: 'pending',
      status: 'new',
      scheduledDay: day,
      timeSlot: '8-10 AM',
    });
    expect(hold.expiresAt.getTime() - t.clock.now().getTime()).toBe(30 * 60_000);
  });

  it('battery service on site is the callout, 89.80', async () => {
    const res = await book(bookingBody({ job: { scheduledDate: nextDay(), serviceType: 'battery-service' } }));
    expect((await jobById(res.json().jobId)).customerValue).toBe('89.80');
  });

  it('an unknown tyre size is booked on site with the price to be quoted (customerValue null)', async () => {
    const res = await book(
      bookingBody({
        job: { scheduledDate: nextDay(), serviceType: 'new-tyres', tyreSize: '999/99R99', tyreQuantity: 2 },
      }),
    );
    expect(res.statusCode).toBe(200);
    const job = await jobById(res.json().jobId);
    expect(job).toMatchObject({
      customerValue: null,
      originalCustomerValue: null,
      tyreSize: '999/99R99',
      tyreQuantity: 2,
    });
  });

  it('"I don\'t know my tyre size" (no size) defaults to one tyre, price to be quoted', async () => {
    const res = await book(
      bookingBody({ job: { scheduledDate: nextDay(), serviceType: 'new-tyres', tyreSize: null, tyreQuantity: null } }),
    );
    const job = await jobById(res.json().jobId);
    expect(job).toMatchObject({ customerValue: null, tyreSize: null, tyreQuantity: 1 });
  });

  it('ignores a tampered customerValue from a public caller', async () => {
    const res = await book(bookingBody({ job: { scheduledDate: nextDay(), customerValue: '1.00', status: 'paid' } }));
    const job = await jobById(res.json().jobId);
    expect(job.customerValue).toBe('129.80');
    expect(job.status).toBe('new');
    const q = await quote(
      bookingBody({ job: { scheduledDate: nextDay(), paymentMethod: 'prepaid', customerValue: '0.01' } }),
    );
    expect(q.json().amount).toBe('99.80');
  });

  it.each([
    ['battery service', { serviceType: 'battery-service' }],
    ['an unknown tyre size', { serviceType: 'new-tyres', tyreSize: '999/99R99', tyreQuantity: 4 }],
    ['no tyre size', { serviceType: 'new-tyres', tyreSize: null, tyreQuantity: 4 }],
  ])('refuses a prepaid quote for %s and writes nothing', async (_name, fields) => {
    const before = await bookingRowCounts(t.db);
    const res = await quote(bookingBody({ job: { scheduledDate: nextDay(), ...fields, paymentMethod: 'prepaid' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PREPAY_NOT_AVAILABLE_MESSAGE);
    expect(await bookingRowCounts(t.db)).toEqual(before);
  });

  it('refuses a public prepaid booking without a quote', async () => {
    const res = await book(bookingBody({ job: { scheduledDate: nextDay(), paymentMethod: 'prepaid' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PREPAID_NEEDS_QUOTE_MESSAGE);
  });
});

describe('POST /api/bookings (onsite) results', () => {
  it('returns the job number, the email and the photo deadline; queues the confirmation and announces the booking', async () => {
    const day = nextDay();
    await announced.reset();
    const body = bookingBody({ job: { scheduledDate: day, timeSlot: '2-4 PM' } });
    const res = await book(body);
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({
      jobNumber: expect.stringMatching(/^JOB-\d{5,}$/),
      customerEmail: body.customer.email,
      photoUploadUntil: '2026-11-23T00:00:00.000Z',
    });
    const emails = await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, out.jobId));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to).toBe(body.customer.email);
    expect(emails[0]!.text).toContain(out.jobNumber);
    expect(emails[0]!.attachments[0]!.filename).toMatch(/\.ics$/);
    expect(await announced.list()).toEqual([
      {
        type: 'new_booking',
        data: {
          id: out.jobId,
          jobNumber: out.jobNumber,
          serviceType: 'puncture-repair',
          suburb: 'Joondalup',
          timeSlot: '2-4 PM',
          scheduledDay: day,
          createdAt: MONDAY_7AM_PERTH,
        },
      },
    ]);
  });

  it('a prepaid quote sends no email and no announcement until payment', async () => {
    await announced.reset();
    const res = await quote(bookingBody({ job: { scheduledDate: nextDay(), paymentMethod: 'prepaid' } }));
    const { job } = await jobForHold(res.json().bookingToken);
    expect(await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id))).toHaveLength(0);
    expect(await announced.list()).toHaveLength(0);
  });

  it('matches a returning customer by email case-insensitively, and the vehicle by registration', async () => {
    const email = `Returning.${Date.now()}@Example.com`;
    const a = await book(
      bookingBody({
        customer: { email, name: 'Sam T', phone: '0400 111 111' },
        vehicle: { registration: 'rtn123' },
        job: { scheduledDate: nextDay() },
      }),
    );
    const b = await book(
      bookingBody({
        customer: { email: email.toLowerCase(), name: 'Samantha Taylor', phone: '0400 222 222' },
        vehicle: { registration: 'RTN123', year: 2019 },
        job: { scheduledDate: nextDay() },
      }),
    );
    const [ja, jb] = [await jobById(a.json().jobId), await jobById(b.json().jobId)];
    expect(ja.customerId).toBe(jb.customerId);
    expect(ja.vehicleId).toBe(jb.vehicleId);
    expect(await t.db.select().from(customers).where(eq(customers.id, ja.customerId))).toHaveLength(1);
    const [vehicle] = await t.db.select().from(vehicles).where(eq(vehicles.id, ja.vehicleId!));
    expect(vehicle).toMatchObject({ registration: 'RTN123', year: 2019 });
  });

  it("a booking with someone's email in another letter case changes nothing staff see on their earlier job, nor their customer record", async () => {
    const email = `owner.${Date.now()}@example.com`;
    const cookie = (await signInStaff(t, 'admin')).cookie;
    const mine = await book(
      bookingBody({
        customer: { email, name: 'Olive Owner', phone: '0400 333 333' },
        job: { scheduledDate: nextDay() },
      }),
    );
    const other = await book(
      bookingBody({
        customer: { email: email.toUpperCase(), name: 'Mallory Imposter', phone: '0499 999 999' },
        job: { scheduledDate: nextDay() },
      }),
    );
    expect([mine.statusCode, other.statusCode]).toEqual([200, 200]);

    const detail = async (jobId: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/dashboard/jobs/${jobId}`, headers: { cookie } })).json();
    expect((await detail(mine.json().jobId)).customer).toEqual({ name: 'Olive Owner', phone: '0400 333 333', email });
    expect((await detail(other.json().jobId)).customer).toEqual({
      name: 'Mallory Imposter',
      phone: '0499 999 999',
      email: email.toUpperCase(),
    });
    const [customer] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.id, (await jobById(mine.json().jobId)).customerId));
    expect(customer).toMatchObject({ name: 'Olive Owner', phone: '0400 333 333', email });

    // Each confirmation goes to the contact given with its own booking.
    const [mineEmail] = await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, mine.json().jobId));
    const [otherEmail] = await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, other.json().jobId));
    expect(mineEmail).toMatchObject({ to: email });
    expect(mineEmail!.text).toContain('Olive Owner');
    expect(otherEmail).toMatchObject({ to: email.toUpperCase() });
    expect(otherEmail!.text).toContain('Mallory Imposter');
  });

  it("a staff booking keeps the contact it was given on the job, and leaves the customer's record as it was", async () => {
    const email = `staffbooked.${Date.now()}@example.com`;
    const cookie = (await signInStaff(t, 'admin')).cookie;
    const first = await book(
      bookingBody({ customer: { email, name: 'Pat First', phone: '0400 444 444' }, job: { scheduledDate: nextDay() } }),
    );
    const staff = await book(
      bookingBody({
        customer: { email, name: 'Pat Second', phone: '0400 555 555' },
        vehicle: { color: 'Red', year: '2015' },
        job: { scheduledDate: nextDay() },
      }),
      cookie,
    );
    expect(staff.statusCode).toBe(200);
    expect(await jobById(staff.json().jobId)).toMatchObject({
      contactName: 'Pat Second',
      contactPhone: '0400 555 555',
      contactEmail: email,
    });
    expect(await jobById(first.json().jobId)).toMatchObject({
      contactName: 'Pat First',
      contactPhone: '0400 444 444',
      contactEmail: email,
    });
    const [customer] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.id, (await jobById(first.json().jobId)).customerId));
    expect(customer).toMatchObject({ name: 'Pat First', phone: '0400 444 444' });
  });

  it('two concurrent quotes by one email for different slots both succeed with one customer', async () => {
    const email = `concurrent.${Date.now()}@example.com`;
    const day = nextDay();
    const [a, b] = await Promise.all([
      quote(
        bookingBody({
          customer: { email },
          job: { scheduledDate: day, timeSlot: '8-10 AM', paymentMethod: 'prepaid' },
        }),
      ),
      quote(
        bookingBody({
          customer: { email: email.toUpperCase() },
          job: { scheduledDate: day, timeSlot: '12-2 PM', paymentMethod: 'prepaid' },
        }),
      ),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.db.select().from(jobs).where(eq(jobs.scheduledDay, day));
    expect(new Set(rows.map((r) => r.customerId)).size).toBe(1);
  });
});

describe('50 concurrent quotes for one slot', () => {
  it('give exactly one 200 and 49 409, one job and one hold', async () => {
    const day = nextDay();
    const before = await bookingRowCounts(t.db);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        quote(
          bookingBody({
            customer: { email: `racer.${i % 7}.${day}@example.com` },
            job: { scheduledDate: day, timeSlot: '12-2 PM', paymentMethod: 'prepaid' },
          }),
        ),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of responses.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(SLOT_TAKEN_MESSAGE);
    const held = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.scheduledDay, day), eq(jobs.timeSlot, '12-2 PM')));
    expect(held).toHaveLength(1);
    const after = await bookingRowCounts(t.db);
    expect(after.jobs - before.jobs).toBe(1);
    expect(after.holds - before.holds).toBe(1);
    expect(after.customers - before.customers).toBe(1);
  });
});

describe('payments switched off', () => {
  it('answers 503 to a prepaid quote and writes nothing', async () => {
    const off = await createTestApp({ env: { PAYMENTS_SIMULATED: 'false' } });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/bookings/quote',
        payload: bookingBody({ job: { paymentMethod: 'prepaid' } }),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(PAYMENTS_OFF_MESSAGE);
      expect((await bookingRowCounts(off.db)).jobs).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('staff booking (signed-in staff on POST /api/bookings)', () => {
  let cookie = '';
  beforeAll(async () => {
    cookie = (await signInStaff(t, 'admin')).cookie;
  });

  const staffBody = (over: Record<string, unknown> = {}) => {
    const b = bookingBody({ vehicle: { color: 'Silver', year: '2017' }, job: { scheduledDate: nextDay(), ...over } });
    return b;
  };

  it('stores the staff estimate, colour, brand and defaults tyre quantity to 4', async () => {
    const res = await book(
      staffBody({
        serviceType: 'new-tyres',
        tyreSize: '205/55R16',
        tyreQuantity: null,
        tyreBrand: 'Hankook',
        customerValue: '850.00',
      }),
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const job = await jobById(res.json().jobId);
    expect(job).toMatchObject({
      customerValue: '850.00',
      tyreBrand: 'Hankook',
      tyreQuantity: 4,
      paymentMethod: 'onsite',
    });
    const [vehicle] = await t.db.select().from(vehicles).where(eq(vehicles.id, job.vehicleId!));
    expect(vehicle).toMatchObject({ color: 'Silver', year: 2017 });
  });

  it("books the public wizard's shape (no colour) as a public booking when staff are signed in", async () => {
    const res = await book(bookingBody({ job: { scheduledDate: nextDay(), customerValue: '1.00' } }), cookie);
    expect(res.statusCode).toBe(200);
    expect((await jobById(res.json().jobId)).customerValue).toBe('129.80');
  });

  it('rounds an estimate sent as a number to the cent exactly (1.005 -> 1.01)', async () => {
    const res = await book(staffBody({ customerValue: 1.005 }), cookie);
    expect(res.statusCode).toBe(200);
    expect((await jobById(res.json().jobId)).customerValue).toBe('1.01');
    const res2 = await book(staffBody({ customerValue: 850 }), cookie);
    expect((await jobById(res2.json().jobId)).customerValue).toBe('850.00');
  });

  it("ignores a technician's estimate and stores the server's admin estimate", async () => {
    const tech = (await signInStaff(t, 'technician')).cookie;
    const res = await book(staffBody({ customerValue: '1.00' }), tech);
    expect(res.statusCode).toBe(200);
    expect(await jobById(res.json().jobId)).toMatchObject({ customerValue: '129.80', originalCustomerValue: '129.80' });
    const tyres = await book(
      staffBody({ serviceType: 'new-tyres', tyreSize: '205/55R16', tyreQuantity: 4, customerValue: '1.00' }),
      tech,
    );
    expect((await jobById(tyres.json().jobId)).customerValue).toBe('885.80');
    const unknownSize = await book(
      staffBody({ serviceType: 'new-tyres', tyreSize: '999/99R99', tyreQuantity: 2, customerValue: '1.00' }),
      tech,
    );
    expect((await jobById(unknownSize.json().jobId)).customerValue).toBeNull();
  });

  it('books outside the service area, with any postcode and an overseas phone, as the admin form always could, but never a phone that is not one (decision 173)', async () => {
    const res = await book(staffBody({ suburb: 'Kalgoorlie', postcode: '6430' }), cookie);
    expect(res.statusCode, res.body).toBe(200);
    const mismatch = staffBody({ suburb: 'Mandurah', postcode: '6000' });
    expect((await book(mismatch, cookie)).statusCode).toBe(200);
    // The one phone rule, as every phone field (docs/product.md "API conventions").
    const overseas = staffBody({ suburb: 'Mandurah', postcode: '6210' });
    overseas.customer.phone = '+64 21 123 4567';
    expect((await book(overseas, cookie)).statusCode).toBe(200);
    const notAPhone = staffBody({ suburb: 'Mandurah', postcode: '6210' });
    notAPhone.customer.phone = '0000-01-01T00:00:00Z';
    const refused = await book(notAPhone, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'customer.phone': 'Valid phone number required' });
  });

  it('prices it on the server when no estimate is given', async () => {
    const res = await book(
      staffBody({ serviceType: 'new-tyres', tyreSize: '205/55R16', tyreQuantity: 4, customerValue: '' }),
      cookie,
    );
    expect((await jobById(res.json().jobId)).customerValue).toBe('885.80');
  });

  const adminRules: [string, Mutate, string][] = [
    ['name of 1 character', (b) => (b.customer.name = 'S'), 'Customer name is required'],
    ['email invalid', (b) => (b.customer.email = 'nope'), 'Valid email address required'],
    ['colour blank', (b) => (b.vehicle.color = ''), 'Vehicle color is required'],
    ['year of 2 digits', (b) => (b.vehicle.year = '17'), 'Vehicle year is required'],
    ['address under 5 characters', (b) => (b.job.address = '1 St'), 'Full address is required'],
    ['suburb of 1 character', (b) => (b.job.suburb = 'J'), 'Suburb is required'],
    ['postcode short', (b) => (b.job.postcode = '60'), 'Postcode is required'],
    ['date missing', (b) => delete b.job.scheduledDate, 'Date is required'],
    ['slot missing', (b) => (b.job.timeSlot = ''), 'Time slot is required'],
    ['slot outside the list', (b) => (b.job.timeSlot = '4-6 PM'), 'Invalid time slot'],
    ['service missing', (b) => delete b.job.serviceType, 'Service type is required'],
    ['payment method missing', (b) => delete b.job.paymentMethod, 'Payment method is required'],
    ['estimate not money', (b) => (b.job.customerValue = '12.345'), 'Must be a valid decimal amount'],
    ['estimate negative', (b) => (b.job.customerValue = '-5.00'), 'Must be a valid decimal amount'],
    ['date-time without an offset', (b) => (b.job.scheduledDate = '2026-11-24T17:00'), 'Invalid date format'],
    [
      'name over 100 characters',
      (b) => (b.customer.name = 'S'.repeat(101)),
      'Customer name must be at most 100 characters',
    ],
    [
      'colour over 40 characters',
      (b) => (b.vehicle.color = 'S'.repeat(41)),
      'Vehicle color must be at most 40 characters',
    ],
    [
      'registration over 12 characters',
      (b) => (b.vehicle.registration = 'ABC1234567890'),
      'Registration must be at most 12 characters',
    ],
    [
      'tyre brand over 60 characters',
      (b) => (b.job.tyreBrand = 'H'.repeat(61)),
      'Tyre brand must be at most 60 characters',
    ],
    ['notes over 1000 characters', (b) => (b.job.notes = 'n'.repeat(1001)), 'Notes must be at most 1000 characters'],
  ];

  it.each(adminRules)("refuses %s with the admin form's message and writes nothing", async (_name, mutate, message) => {
    const body = staffBody();
    mutate(body);
    const before = await bookingRowCounts(t.db);
    const res = await book(body, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await bookingRowCounts(t.db)).toEqual(before);
  });
});

describe('per-address limit on public quotes and bookings (decision 160)', () => {
  it('allows 20 in 15 minutes from one address, then answers 429 with the phone number until the window moves on', async () => {
    clockToCursor();
    const address = '203.0.113.7';
    for (let i = 0; i < BOOKING_LIMIT.max; i++) {
      // Two of them quotes (within the live-hold cap per address, decision 198), the rest onsite bookings.
      const res =
        i === 1 || i === 3
          ? await post(
              '/api/bookings/quote',
              bookingBody({ job: { scheduledDate: nextDay(), paymentMethod: 'prepaid' } }),
              undefined,
              address,
            )
          : await post('/api/bookings', bookingBody({ job: { scheduledDate: nextDay() } }), undefined, address);
      expect(res.statusCode).toBe(200);
      t.clock.advance(30_000);
    }
    const before = await bookingRowCounts(t.db);
    const limited = await post('/api/bookings', bookingBody({ job: { scheduledDate: nextDay() } }), undefined, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: 'RATE_LIMITED',
      message: 'Too many bookings from this connection. Please call us on 08 5550 1234 or try again in 5 minutes.',
      retryAfterSeconds: 300,
    });
    expect(limited.headers['retry-after']).toBe('300');
    const quoteLimited = await post(
      '/api/bookings/quote',
      bookingBody({ job: { scheduledDate: nextDay(), paymentMethod: 'prepaid' } }),
      undefined,
      address,
    );
    expect(quoteLimited.statusCode).toBe(429);
    expect(await bookingRowCounts(t.db)).toEqual(before);

    // Another address is not affected, nor is signed-in staff at this address.
    expect(
      (await post('/api/bookings', bookingBody({ job: { scheduledDate: nextDay() } }), undefined, '203.0.113.8'))
        .statusCode,
    ).toBe(200);
    const { cookie } = await signInStaff(t, 'technician');
    const staff = await post(
      '/api/bookings',
      bookingBody({ vehicle: { color: 'Blue', year: '2016' }, job: { scheduledDate: nextDay() } }),
      cookie,
      address,
    );
    expect(staff.statusCode).toBe(200);
    const staffWizard = await post(
      '/api/bookings',
      bookingBody({ job: { scheduledDate: nextDay() } }),
      cookie,
      address,
    );
    expect(staffWizard.statusCode).toBe(200);

    // Five minutes later the first request has left the window: one more is allowed.
    t.clock.advance(5 * 60_000);
    expect(
      (await post('/api/bookings', bookingBody({ job: { scheduledDate: nextDay() } }), undefined, address)).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/bookings', bookingBody({ job: { scheduledDate: nextDay() } }), undefined, address)).statusCode,
    ).toBe(429);
  });
});

describe('live unpaid holds per customer email (decision 160)', () => {
  it('allows two, refuses a third with a clear 429, and allows again once one lapses or is paid', async () => {
    clockToCursor();
    const email = `holder.${Date.now()}@example.com`;
    const day = nextDay();
    const q = (slot: string, e = email) =>
      quote(
        bookingBody({ customer: { email: e }, job: { scheduledDate: day, timeSlot: slot, paymentMethod: 'prepaid' } }),
      );
    const first = await q('8-10 AM');
    expect(first.statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await q('10-12 AM')).statusCode).toBe(200);
    const before = await bookingRowCounts(t.db);
    const third = await q('12-2 PM', email.toUpperCase());
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      'You already have 2 bookings waiting for payment. Please finish paying for one of them, choose pay on site, or call us on 08 5550 1234.',
    );
    expect(await bookingRowCounts(t.db)).toEqual(before);
    // Paying on site is not a hold, so it is still allowed.
    expect(
      (await book(bookingBody({ customer: { email }, job: { scheduledDate: day, timeSlot: '2-4 PM' } }))).statusCode,
    ).toBe(200);

    // The first hold lapses 30 minutes after it was made: a new quote is allowed.
    t.clock.advance(21 * 60_000);
    expect((await q('12-2 PM')).statusCode).toBe(200);

    // A paid booking is no longer a hold.
    const other = `payer.${Date.now()}@example.com`;
    const paid = await q('8-10 AM', other);
    const secondDay = nextDay();
    expect(
      (
        await quote(
          bookingBody({ customer: { email: other }, job: { scheduledDate: secondDay, paymentMethod: 'prepaid' } }),
        )
      ).statusCode,
    ).toBe(200);
    const { job } = await jobForHold(paid.json().bookingToken);
    await setJobState(t.db, job.id, { paymentStatus: 'paid' });
    expect(
      (
        await quote(
          bookingBody({
            customer: { email: other },
            job: { scheduledDate: secondDay, timeSlot: '2-4 PM', paymentMethod: 'prepaid' },
          }),
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('live unpaid holds per client address (decision 198)', () => {
  const HOLDS_MESSAGE =
    'There are already 3 bookings waiting for payment from this connection. Please finish paying for one of them, choose pay on site, or call us on 08 5550 1234.';
  const quoteFrom = (address: string, day: string, slot = '8-10 AM', cookie?: string) =>
    post(
      '/api/bookings/quote',
      bookingBody({ job: { scheduledDate: day, timeSlot: slot, paymentMethod: 'prepaid' } }),
      cookie,
      address,
    );

  it('allows three from one address whatever the emails, refuses a fourth with a clear 429, and allows again once one lapses or is paid', async () => {
    clockToCursor();
    const address = '198.51.100.40';
    const tokens: string[] = [];
    for (const slot of ['8-10 AM', '10-12 AM', '12-2 PM']) {
      const res = await quoteFrom(address, nextDay(), slot);
      expect(res.statusCode).toBe(200);
      tokens.push(res.json().bookingToken);
      t.clock.advance(5 * 60_000);
    }
    const before = await bookingRowCounts(t.db);
    const fourth = await quoteFrom(address, nextDay());
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ error: 'RATE_LIMITED', message: HOLDS_MESSAGE });
    expect(await bookingRowCounts(t.db)).toEqual(before);

    // Paying on site is not a hold; another address and signed-in staff are not capped.
    expect(
      (await post('/api/bookings', bookingBody({ job: { scheduledDate: nextDay() } }), undefined, address)).statusCode,
    ).toBe(200);
    expect((await quoteFrom('198.51.100.41', nextDay())).statusCode).toBe(200);
    const { cookie } = await signInStaff(t, 'admin');
    expect((await quoteFrom(address, nextDay(), '8-10 AM', cookie)).statusCode).toBe(200);

    // A paid booking is no longer a hold.
    await setJobState(t.db, (await jobForHold(tokens[2]!)).job.id, { paymentStatus: 'paid' });
    expect((await quoteFrom(address, nextDay())).statusCode).toBe(200);
    expect((await quoteFrom(address, nextDay())).statusCode).toBe(429);

    // The first hold lapses 30 minutes after it was made: a new quote is allowed.
    t.clock.advance(16 * 60_000);
    expect((await quoteFrom(address, nextDay())).statusCode).toBe(200);
  });

  it('holds the cap when eight quotes from one address arrive at once', async () => {
    clockToCursor();
    const address = '198.51.100.50';
    const day = nextDay();
    const second = nextDay();
    const slots = ['8-10 AM', '10-12 AM', '12-2 PM', '2-4 PM'];
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => quoteFrom(address, i < 4 ? day : second, slots[i % 4])),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });
});

describe('booking horizon: up to 90 Perth days ahead (decision 161)', () => {
  it('accepts day 90 and refuses day 91 for quotes and bookings, with the message; staff may book later', async () => {
    // 7 am Perth on a day after every day other tests used, moved on until day 90 is a business day.
    let today = addDays(cursor, 1);
    while (!isBusinessDay(addDays(today, 90))) today = addDays(today, 1);
    t.clock.set(`${addDays(today, -1)}T23:00:00.000Z`);
    const day90 = addDays(today, 90);
    const day91 = addDays(today, 91);
    let later = addDays(today, 120);
    while (!isBusinessDay(later)) later = addDays(later, 1);
    const ok = await book(bookingBody({ job: { scheduledDate: day90 } }));
    expect(ok.statusCode).toBe(200);
    const before = await bookingRowCounts(t.db);
    for (const res of [
      await book(bookingBody({ job: { scheduledDate: day91 } })),
      await quote(bookingBody({ job: { scheduledDate: day91, paymentMethod: 'prepaid' } })),
      await book(bookingBody({ job: { scheduledDate: `${day91}T00:00:00.000Z`, timeSlot: '8-10 AM' } })),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: BOOKING_TOO_FAR_MESSAGE,
        fields: { 'job.scheduledDate': BOOKING_TOO_FAR_MESSAGE },
      });
    }
    expect(await bookingRowCounts(t.db)).toEqual(before);
    const { cookie } = await signInStaff(t, 'admin');
    const staff = await book(
      bookingBody({ vehicle: { color: 'Red', year: '2015' }, job: { scheduledDate: later } }),
      cookie,
    );
    expect(staff.statusCode).toBe(200);
  });
});

describe('a customer back from checkout books again: their own unpaid quote is replaced (decision 441)', () => {
  it('quoting the same window again, three times over, replaces the last quote each time: never "taken", never "2 waiting"', async () => {
    clockToCursor();
    const day = nextDay();
    const body = bookingBody({ job: { scheduledDate: day, paymentMethod: 'prepaid' } });
    const first = await quote(body);
    expect(first.statusCode, first.body).toBe(200);
    // Without saying which quote it replaces, the customer's own hold keeps the window (one van).
    expect((await quote(body)).statusCode).toBe(409);

    let last = first.json().bookingToken as string;
    const replaced: string[] = [];
    for (let i = 0; i < 3; i++) {
      const again = await quote({ ...body, replacesHold: last });
      expect(again.statusCode, again.body).toBe(200);
      replaced.push(last);
      last = again.json().bookingToken;
    }
    for (const token of replaced) {
      const { job } = await jobForHold(token);
      expect(job.status).toBe('cancelled');
    }
    expect((await jobForHold(last)).job.status).toBe('new');
  });

  it('going back and paying on site instead releases the quote too', async () => {
    clockToCursor();
    const day = nextDay();
    const body = bookingBody({ job: { scheduledDate: day, paymentMethod: 'prepaid' } });
    const first = await quote(body);
    expect(first.statusCode).toBe(200);
    const onSite = await book({
      ...body,
      job: { ...body.job, paymentMethod: 'onsite' },
      replacesHold: first.json().bookingToken,
    });
    expect(onSite.statusCode, onSite.body).toBe(200);
    expect((await jobForHold(first.json().bookingToken)).job.status).toBe('cancelled');
  });

  it("another customer's quote is not released by its token, and a bad token is refused with 400", async () => {
    clockToCursor();
    const day = nextDay();
    const theirs = await quote(bookingBody({ job: { scheduledDate: day, paymentMethod: 'prepaid' } }));
    expect(theirs.statusCode).toBe(200);
    const mine = await quote({
      ...bookingBody({ job: { scheduledDate: day, paymentMethod: 'prepaid' } }),
      replacesHold: theirs.json().bookingToken,
    });
    expect(mine.statusCode).toBe(409);
    expect((await jobForHold(theirs.json().bookingToken)).job.status).toBe('new');

    const bad = await quote({
      ...bookingBody({ job: { scheduledDate: nextDay(), paymentMethod: 'prepaid' } }),
      replacesHold: 'not a token!',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ replacesHold: 'Invalid booking token' });
  });
});
