import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { jobs, outboundEmails, paymentEvents } from '../db/schema';
import { historyLines } from '../../../tests/helpers/history-lines';
import { announcements } from '../notifications/test-support';
import { bookingBody } from '../../../tests/helpers/bookings';
import { insertPrepaidBooking } from './fixtures';
import { setJobState } from '../../../tests/helpers/job-state';

const NOT_FOUND = 'The requested booking could not be found or has expired.';
const MINUTE = 60_000;

let t: TestApp;
const announced = announcements(() => t.db);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
let day = 0;
/** A fresh slot for every booking, so tests never collide on the one-job-per-slot index. */
function nextSlot() {
  day++;
  return {
    scheduledDay: `2027-0${1 + Math.floor(day / 28)}-${String((day % 28) + 1).padStart(2, '0')}`,
    timeSlot: '8-10 AM' as const,
  };
}
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  await announced.reset();
});

const book = (opts: Partial<Parameters<typeof insertPrepaidBooking>[1]> = {}) =>
  insertPrepaidBooking(t.db, { now: t.clock.now(), ...nextSlot(), ...opts });
const getBooking = (token: string) => t.app.inject({ method: 'GET', url: `/api/booking-token/${token}` });
const createIntent = (bookingToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent-token', payload: { bookingToken } });
const confirm = (bookingToken: string, cardNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { bookingToken, cardNumber, expiry: '12/30', cvc: '123', nameOnCard: 'Sam Taylor' },
  });
const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const emailsFor = (jobId: string) => t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, jobId));

describe('GET /api/booking-token/:token', () => {
  it('answers the booking with its customer, job and vehicle fields, its items, the prepaid discount and the card total', async () => {
    const { job, token } = await book({
      serviceType: 'new-tyres',
      tyreSize: '205/55R16',
      tyreQuantity: 4,
      customerValue: '819.80',
    });
    const res = await getBooking(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      amount: '819.80',
      customer: { name: 'Sam Taylor', phone: '0400 000 000' },
      serviceType: 'new-tyres',
      job: {
        scheduledDay: job.scheduledDay,
        timeSlot: '8-10 AM',
        address: '12 Example Street',
        suburb: 'Joondalup',
        postcode: '6027',
      },
      vehicle: { year: 2018, make: 'Toyota', model: 'Corolla' },
      // What "Book again and pay another way" fills in after a decline (decision 443).
      tyreSize: '205/55R16',
      tyreQuantity: 4,
      jobNumber: job.jobNumber,
      items: [
        { description: '4 x 205/55R16 tyre', price: '600.00' },
        { description: 'Fitting', price: '100.00' },
        { description: 'Balancing', price: '60.00' },
        { description: 'Mobile Service Callout', price: '89.80' },
      ],
      subtotal: '849.80',
      discount: '30.00',
      // 81980 x 0.017 = 1393.66 -> 13.94
      surchargeAmount: '13.94',
      totalAmount: '833.74',
      paymentStatus: 'pending',
      provider: 'simulated',
      publishableKey: null,
    });
    expect(body.customer.email).toMatch(/@example\.com$/);
    expect(body.job.scheduledDate).toBe(job.scheduledDate.toISOString());
  });

  it('answers 404 Booking Not Found for an unknown token', async () => {
    const res = await getBooking('no-such-token-0000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NOT_FOUND);
  });

  it('answers 404 once the unpaid hold has expired, even before the sweep ran', async () => {
    const { token } = await book();
    t.clock.advance(29 * MINUTE);
    expect((await getBooking(token)).statusCode).toBe(200);
    t.clock.advance(1 * MINUTE);
    const res = await getBooking(token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NOT_FOUND);
  });

  it('answers 404 for a cancelled job', async () => {
    const { job, token } = await book();
    await setJobState(t.db, job.id, { status: 'cancelled' });
    expect((await getBooking(token)).statusCode).toBe(404);
  });
});

describe('POST /api/create-payment-intent-token (simulated provider)', () => {
  it('adds the 1.7% card surcharge and returns a client secret, the same one on a reload', async () => {
    const { job, token } = await book();
    const res = await createIntent(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 9980 x 0.017 = 169.66 -> 1.70
    expect(body).toMatchObject({ originalAmount: '99.80', surchargeAmount: '1.70', totalAmount: '101.50' });
    expect(body.clientSecret).toMatch(/^sim_.+_secret$/);
    expect(body.message).toContain('1.7%');
    const again = (await createIntent(token)).json();
    expect(again.clientSecret).toBe(body.clientSecret);
    expect((await jobRow(job.id)).stripePaymentIntentId).toBe(
      body.clientSecret.replace(/^sim_/, '').replace(/_secret$/, ''),
    );
    // Creating the intent changes nothing about the booking's payment.
    expect((await getBooking(token)).json().paymentStatus).toBe('pending');
  });

  it('answers 404 for an unknown or expired token', async () => {
    expect((await createIntent('unknown-token-123456789')).statusCode).toBe(404);
    const { token } = await book();
    t.clock.advance(31 * MINUTE);
    const res = await createIntent(token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NOT_FOUND);
  });

  it('answers 409 when the booking is already paid', async () => {
    const { token } = await book();
    expect((await confirm(token, '4242 4242 4242 4242')).statusCode).toBe(200);
    const res = await createIntent(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This booking has already been paid.');
  });
});

describe('POST /api/payments/simulated/confirm', () => {
  it('refuses an expired card as a card provider would, and leaves the booking unpaid', async () => {
    const { job, token } = await book();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { bookingToken: token, cardNumber: '4242424242424242', expiry: '01/20', cvc: '123', nameOnCard: 'Sam' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('Your card has expired');
    expect((await jobRow(job.id)).paymentStatus).toBe('pending');
  });

  it('pays with 4242: the job is paid, one confirmation email is queued and one new_booking is announced', async () => {
    const { job, token } = await book();
    const res = await confirm(token, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'succeeded', jobNumber: job.jobNumber });

    const paid = await jobRow(job.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', status: 'new', paymentFlag: null });
    expect(paid.stripePaymentIntentId).toMatch(/^sim_pi_/);
    const emails = await emailsFor(job.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to).toMatch(/@example\.com$/);
    expect((await announced.list()).map((a) => a.data.jobNumber)).toEqual([job.jobNumber]);
    const recorded = await t.db.select().from(paymentEvents).where(eq(paymentEvents.jobId, job.id));
    expect(recorded.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
    expect((recorded[0]!.payload as { data: { object: { amount: number } } }).data.object.amount).toBe(10150);
    // The job's history shows the payment (staff read it on the job's timeline).
    const history = await historyLines(t.db, `job:${job.id}`);
    expect(history.find((e) => e.kind === 'payment')).toMatchObject({
      from: 'pending',
      to: 'paid',
      note: 'Paid online $101.50',
    });

    // A paid booking outlives its hold: the success page still reads it after the hold time.
    t.clock.advance(45 * MINUTE);
    const later = await getBooking(token);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ paymentStatus: 'paid', holdExpiresAt: null });
  });

  it('answers the paid booking its manage link, the one its confirmation email carries (decision 422)', async () => {
    const { job, token } = await book();
    expect((await getBooking(token)).json()).toMatchObject({ manageUrl: null });
    expect((await confirm(token, '4242 4242 4242 4242')).statusCode).toBe(200);

    const { manageUrl } = (await getBooking(token)).json() as { manageUrl: string };
    const [email] = await emailsFor(job.id);
    expect(email!.text).toContain(`Manage your booking here: ${manageUrl}`);
    const manageToken = /\/booking\/([\w-]{32})$/.exec(manageUrl)?.[1];
    expect(manageToken).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: `/api/manage/${manageToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ jobNumber: job.jobNumber });
    // The database keeps the token sealed, never as it was sent.
    expect((await jobRow(job.id)).manageTokenSealed).not.toContain(manageToken);
  });

  it("stops showing the customer's name, email, phone and address an hour after payment (decision 193)", async () => {
    const { job, token } = await book();
    t.clock.advance(20 * MINUTE);
    expect((await confirm(token, '4242424242424242')).statusCode).toBe(200);

    // The success page, and a reload within the hour, read the booking.
    t.clock.advance(59 * MINUTE);
    const soon = await getBooking(token);
    expect(soon.statusCode).toBe(200);
    expect(soon.json()).toMatchObject({
      jobNumber: job.jobNumber,
      outcome: 'confirmed',
      customer: { name: 'Sam Taylor' },
    });

    t.clock.advance(2 * MINUTE);
    const later = await getBooking(token);
    expect(later.statusCode).toBe(404);
    expect(later.json().message).toBe(NOT_FOUND);
    expect(later.body).not.toContain('Sam Taylor');
    expect(later.body).not.toContain(job.contactEmail);
    expect(later.body).not.toContain('12 Example Street');
    // Paying again is refused the same way, not with "already paid".
    expect((await createIntent(token)).statusCode).toBe(404);
  });

  it('declines 4000 0000 0000 0002 with 402 and keeps the job pending, and a second card can still pay', async () => {
    const { job, token } = await book();
    const res = await confirm(token, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    expect((await jobRow(job.id)).paymentStatus).toBe('pending');
    expect(await emailsFor(job.id)).toHaveLength(0);
    expect(await announced.list()).toHaveLength(0);
    const recorded = await t.db.select().from(paymentEvents).where(eq(paymentEvents.jobId, job.id));
    expect(recorded.map((e) => e.type)).toEqual(['payment_intent.payment_failed']);

    expect((await confirm(token, '4242424242424242')).statusCode).toBe(200);
    expect((await jobRow(job.id)).paymentStatus).toBe('paid');
  });

  it('refuses other card numbers as invalid and changes nothing', async () => {
    const { job, token } = await book();
    const res = await confirm(token, '4111 1111 1111 1111');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your card number is invalid.');
    expect((await jobRow(job.id)).paymentStatus).toBe('pending');
  });

  it('refuses a second payment for a paid booking with 409, leaving one email', async () => {
    const { job, token } = await book();
    await confirm(token, '4242424242424242');
    const res = await confirm(token, '4242424242424242');
    expect(res.statusCode).toBe(409);
    expect(await emailsFor(job.id)).toHaveLength(1);
  });

  it('answers 404 for an expired hold', async () => {
    const { job, token } = await book();
    t.clock.advance(31 * MINUTE);
    const res = await confirm(token, '4242424242424242');
    expect(res.statusCode).toBe(404);
    expect((await jobRow(job.id)).paymentStatus).toBe('pending');
  });
});

describe('from the quote to a paid booking', () => {
  it('pays a prepaid quote made by POST /api/bookings/quote: amount plus 1.7%, one confirmation email', async () => {
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/quote',
      payload: bookingBody({ job: { scheduledDate: '2026-11-25', timeSlot: '12-2 PM', paymentMethod: 'prepaid' } }),
    });
    expect(quote.statusCode).toBe(200);
    const { bookingToken, amount } = quote.json();
    expect(amount).toBe('99.80');

    const booking = (await getBooking(bookingToken)).json();
    expect(booking).toMatchObject({
      amount: '99.80',
      paymentStatus: 'pending',
      items: [
        { description: 'Puncture Repair', price: '40.00' },
        { description: 'Mobile Service Callout', price: '89.80' },
      ],
      discount: '30.00',
    });
    expect((await createIntent(bookingToken)).json()).toMatchObject({
      originalAmount: '99.80',
      surchargeAmount: '1.70',
      totalAmount: '101.50',
    });
    expect((await confirm(bookingToken, '4242424242424242')).statusCode).toBe(200);

    const [job] = await t.db.select().from(jobs).where(eq(jobs.jobNumber, booking.jobNumber));
    expect(job).toMatchObject({ paymentStatus: 'paid', status: 'new', customerValue: '99.80' });
    const emails = await emailsFor(job!.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain(booking.jobNumber);
    expect((await announced.list()).filter((a) => a.data.id === job!.id)).toHaveLength(1);
  });
});

describe('without a card provider (production without Stripe keys)', () => {
  it('answers 503 to create-payment-intent-token and 404 to the simulated confirm', async () => {
    const off = await createTestApp({ env: { PAYMENTS_SIMULATED: 'false' } });
    try {
      const { token } = await insertPrepaidBooking(off.db, { now: off.clock.now() });
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent-token',
        payload: { bookingToken: token },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/pay on site/);
      const confirmRes = await off.app.inject({
        method: 'POST',
        url: '/api/payments/simulated/confirm',
        payload: { bookingToken: token, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123', nameOnCard: 'A' },
      });
      expect(confirmRes.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
