import { createHash } from 'node:crypto';
import { formatDollars, toCents } from '../../shared/domain/money';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slotStart, type TimeSlot } from '../../shared/domain/slots';
import { BOOKING_TOO_FAR_MESSAGE, SLOT_TAKEN_MESSAGE } from '../../shared/schemas/booking';
import { MANAGE_LINK_NOT_FOUND, NOTHING_TO_PAY_OR_REFUND, NOTHING_TO_REFUND } from '../../shared/schemas/manage';
import { jobPhotos, jobs, notifications, outboundEmails, paymentEvents } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { historyOf } from '../history/history';
import { SimulatedPaymentProvider } from '../payments/simulated';
import { bookingBody, freshClientAddress, seedTyrePrices, signInStaff } from '../../../tests/helpers/bookings';
import { freshSlots } from '../../../tests/helpers/fresh-slots';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { newManageToken } from './token';
import { PAST_DATE_MESSAGE } from './service';

/** The card provider's stand-in, counting the refunds asked of it. */
class CountingPayments extends SimulatedPaymentProvider {
  refunds: { paymentIntentId: string; amountCents: number; idempotencyKey: string }[] = [];
  override async refund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string }) {
    this.refunds.push(input);
    return super.refund(input);
  }
}

let t: TestApp;
const payments = new CountingPayments();
beforeAll(async () => {
  t = await createTestApp({ overrides: { payments } });
  await seedTyrePrices(t.db);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

const freshSlot = freshSlots('2026-12-01');
const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, remoteAddress = freshClientAddress()) =>
  t.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}) });

/** Books on site through the public API and reads the manage link from the confirmation email. */
async function bookOnSite(slot = freshSlot()) {
  const res = await api(
    'POST',
    '/api/bookings',
    bookingBody({ job: { scheduledDate: slot.scheduledDay, timeSlot: slot.timeSlot } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const jobId = res.json().jobId as string;
  const [email] = await t.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.jobId, jobId), eq(outboundEmails.kind, 'booking_confirmation')));
  const link = email!.text.match(/(\S+\/booking\/([A-Za-z0-9_-]+))/);
  expect(link, email!.text).not.toBeNull();
  return { jobId, url: link![1]!, token: link![2]!, slot };
}

/** A prepaid booking paid 103.22 by card (101.50 plus the surcharge), with its manage token. */
async function paidBooking(slot = freshSlot()) {
  const { token, hash } = newManageToken();
  const job = await insertJob(t.db, {
    ...slot,
    paymentMethod: 'prepaid',
    paymentStatus: 'paid',
    customerValue: '101.50',
    stripePaymentIntentId: `sim_pi_${slot.scheduledDay}${slot.timeSlot}`,
    manageTokenHash: hash,
  });
  await t.db.insert(paymentEvents).values({
    id: `evt_${job.id}`,
    type: 'payment_intent.succeeded',
    jobId: job.id,
    payload: { data: { object: { amount: 10322 } } },
  });
  return { job, token, start: slotStart(slot.scheduledDay, slot.timeSlot) };
}

const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const historyNotes = async (id: string) => (await historyOf(t.db, 'job', id)).map((h) => h.note ?? '');

describe('the manage link', () => {
  it('is in the confirmation email, opens the booking, and only its hash is stored', async () => {
    const { jobId, url, token } = await bookOnSite();
    expect(url).toBe(`${t.config.publicBaseUrl}/booking/${token}`);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const row = await jobRow(jobId);
    expect(row.manageTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const res = await api('GET', `/api/manage/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      jobNumber: row.jobNumber,
      status: 'booked',
      scheduledDay: row.scheduledDay,
      service: 'Puncture Repair',
      address: '12 Example Street, Joondalup 6027',
      vehicle: expect.stringContaining('Toyota Corolla'),
      payment: 'Pay on site (card, EFTPOS, PayID or cash)',
      can: { reschedule: true, cancel: true, addPhotos: true, change: true },
    });
    expect(res.json().price).toMatch(/^\$\d/);
  });

  it('comes with the confirmation of a prepaid booking once it is paid', async () => {
    const slot = freshSlot();
    const quote = await api(
      'POST',
      '/api/bookings/quote',
      bookingBody({ job: { scheduledDate: slot.scheduledDay, timeSlot: slot.timeSlot, paymentMethod: 'prepaid' } }),
    );
    expect(quote.statusCode, quote.body).toBe(200);
    const paid = await api('POST', '/api/payments/simulated/confirm', {
      bookingToken: quote.json().bookingToken,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
      nameOnCard: 'Sam Taylor',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [email] = await t.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.jobId, quote.json().jobId), eq(outboundEmails.kind, 'booking_confirmation')));
    const token = email!.text.match(/\/booking\/([A-Za-z0-9_-]+)/)![1]!;
    // Both show what the card was charged, the price plus the card surcharge, as the refund promises.
    const job = await jobRow(quote.json().jobId);
    const [charge] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.jobId, job.id));
    const charged = (charge!.payload as { data: { object: { amount: number } } }).data.object.amount;
    const surcharge = charged - toCents(job.customerValue!);
    expect(surcharge).toBeGreaterThan(0);
    const paidText = `Paid online ${formatDollars(charged)} (includes the card surcharge of ${formatDollars(surcharge)})`;
    expect(email!.text).toContain(`Payment: ${paidText}`);
    expect((await api('GET', `/api/manage/${token}`)).json()).toMatchObject({ payment: paidText });
  });

  it('comes with the confirmation of a booking staff make for a caller', async () => {
    const { cookie } = await signInStaff(t, 'admin');
    const slot = freshSlot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/bookings',
      headers: { cookie },
      payload: bookingBody({
        vehicle: { color: 'Blue' },
        job: { scheduledDate: slot.scheduledDay, timeSlot: slot.timeSlot },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [email] = await t.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.jobId, res.json().jobId), eq(outboundEmails.kind, 'booking_confirmation')));
    const token = email!.text.match(/\/booking\/([A-Za-z0-9_-]+)/)![1]!;
    expect((await api('GET', `/api/manage/${token}`)).json()).toMatchObject({
      jobNumber: (await jobRow(res.json().jobId)).jobNumber,
    });
  });

  it("answers a made-up, malformed or lapsed link with 'Booking Not Found'", async () => {
    for (const token of [newManageToken().token, 'x', "'; drop table jobs;--"]) {
      const res = await api('GET', `/api/manage/${encodeURIComponent(token)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MANAGE_LINK_NOT_FOUND);
    }
    const { token, slot } = await bookOnSite();
    t.clock.set(new Date(slotStart(slot.scheduledDay, slot.timeSlot).getTime() + 29 * 86_400_000).toISOString());
    expect((await api('GET', `/api/manage/${token}`)).statusCode).toBe(200);
    t.clock.set(new Date(slotStart(slot.scheduledDay, slot.timeSlot).getTime() + 31 * 86_400_000).toISOString());
    expect((await api('GET', `/api/manage/${token}`)).statusCode).toBe(404);
  });

  it('opens the right link from an address that sent 40 wrong ones; the wrong ones are refused, 429 after 20 a minute', async () => {
    const { token } = await bookOnSite();
    // Many customers share one address on a mobile network: a guesser among them locks nobody out.
    const shared = freshClientAddress();
    for (let i = 0; i < 40; i++) {
      const miss = await api('GET', `/api/manage/${newManageToken().token}`, undefined, shared);
      expect(miss.statusCode, `wrong link ${i + 1}`).toBe(i < 20 ? 404 : 429);
      if (i >= 20) {
        expect(miss.json().message).toMatch(/Too many wrong booking links/);
        expect(Number(miss.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    const right = await api('GET', `/api/manage/${token}`, undefined, shared);
    expect(right.statusCode, right.body).toBe(200);
    const change = await api('PATCH', `/api/manage/${token}`, { notes: 'Gate code 4411' }, shared);
    expect(change.statusCode, change.body).toBe(200);
    // A wrong link is still refused until the oldest miss has left the minute, then answered 404 again.
    expect((await api('GET', `/api/manage/${newManageToken().token}`, undefined, shared)).statusCode).toBe(429);
    expect((await api('GET', `/api/manage/${newManageToken().token}`)).statusCode).toBe(404);
    t.clock.advance(61_000);
    expect((await api('GET', `/api/manage/${newManageToken().token}`, undefined, shared)).statusCode).toBe(404);
    expect((await api('GET', `/api/manage/${token}`, undefined, shared)).statusCode).toBe(200);
  });
});

describe('rescheduling', () => {
  it('moves the visit, frees the old place, tells the office and emails an updated invitation', async () => {
    const { jobId, token, slot } = await bookOnSite();
    const to = freshSlot();
    const res = await api('POST', `/api/manage/${token}/reschedule`, { date: to.scheduledDay, timeSlot: to.timeSlot });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ scheduledDay: to.scheduledDay, timeSlot: to.timeSlot });
    expect(await jobRow(jobId)).toMatchObject({ scheduledDay: to.scheduledDay, timeSlot: to.timeSlot });
    // The old place is free: another customer books it.
    expect(
      (
        await api(
          'POST',
          '/api/bookings',
          bookingBody({ job: { scheduledDate: slot.scheduledDay, timeSlot: slot.timeSlot } }),
        )
      ).statusCode,
    ).toBe(200);
    const [email] = await t.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.jobId, jobId), eq(outboundEmails.kind, 'booking_rescheduled')));
    expect(email!.attachments[0]!.contentType).toContain('text/calendar');
    expect(await historyNotes(jobId)).toContain('Customer: rescheduled');
    const popups = await t.db.select().from(notifications);
    // The office popup names the day and window the visit moved to.
    expect(
      popups.some(
        (n) =>
          n.data.id === jobId &&
          n.data.change === 'rescheduled' &&
          n.data.scheduledDay === to.scheduledDay &&
          n.data.timeSlot === to.timeSlot,
      ),
    ).toBe(true);
  });

  it('refuses a taken slot with 409, and a past or too-far date or a missing slot with 400, changing nothing', async () => {
    const { jobId, token, slot } = await bookOnSite();
    const other = await bookOnSite();
    const taken = await api('POST', `/api/manage/${token}/reschedule`, {
      date: other.slot.scheduledDay,
      timeSlot: other.slot.timeSlot,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(SLOT_TAKEN_MESSAGE);
    const past = await api('POST', `/api/manage/${token}/reschedule`, { date: '2026-11-20', timeSlot: '8-10 AM' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: PAST_DATE_MESSAGE, fields: { date: PAST_DATE_MESSAGE } });
    const far = await api('POST', `/api/manage/${token}/reschedule`, { date: '2027-06-01', timeSlot: '8-10 AM' });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(BOOKING_TOO_FAR_MESSAGE);
    for (const body of [
      { date: '2026-12-24' },
      { date: 'next week', timeSlot: '8-10 AM' },
      { date: '2026-12-24', timeSlot: '6-8 PM' },
    ]) {
      expect((await api('POST', `/api/manage/${token}/reschedule`, body)).statusCode).toBe(400);
    }
    expect(await jobRow(jobId)).toMatchObject({ scheduledDay: slot.scheduledDay, timeSlot: slot.timeSlot });
  });

  it('stops 24 hours before the visit, saying to call, and refuses a cancelled or completed booking with why', async () => {
    const { jobId, token, slot } = await bookOnSite();
    t.clock.set(new Date(slotStart(slot.scheduledDay, slot.timeSlot).getTime() - 23 * 3_600_000).toISOString());
    const page = await api('GET', `/api/manage/${token}`);
    expect(page.json()).toMatchObject({ can: { reschedule: false, cancel: true } });
    expect(page.json().rescheduleNote).toMatch(/until 24 hours before the visit. Please call us on \S+/);
    const to = freshSlot();
    const late = await api('POST', `/api/manage/${token}/reschedule`, { date: to.scheduledDay, timeSlot: to.timeSlot });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/Please call us on/);

    t.clock.set(MONDAY_7AM_PERTH);
    expect((await api('POST', `/api/manage/${token}/cancel`)).statusCode).toBe(200);
    const cancelled = await api('POST', `/api/manage/${token}/reschedule`, {
      date: to.scheduledDay,
      timeSlot: to.timeSlot,
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('This booking has been cancelled, so it cannot be rescheduled.');

    const done = newManageToken();
    await insertJob(t.db, { ...freshSlot(), status: 'completed', manageTokenHash: done.hash });
    const completed = await api('POST', `/api/manage/${done.token}/reschedule`, {
      date: to.scheduledDay,
      timeSlot: to.timeSlot,
    });
    expect(completed.statusCode).toBe(409);
    expect(completed.json().message).toBe('This visit has already taken place, so it cannot be rescheduled.');
    expect((await api('POST', `/api/manage/${done.token}/cancel`)).statusCode).toBe(409);
    expect((await jobRow(jobId)).scheduledDay).toBe(slot.scheduledDay);
  });
});

describe('cancelling', () => {
  it.each([
    [25, 'full', '103.22'],
    [13, 'half', '51.61'],
    [2, 'none', '0.00'],
  ])(
    '%s hours before the visit: the preview promises %s (%s) and the cancel refunds exactly that, once',
    async (hours, policy, refund) => {
      const { job, token, start } = await paidBooking();
      t.clock.set(new Date(start.getTime() - hours * 3_600_000).toISOString());
      const preview = await api('GET', `/api/manage/${token}/cancellation`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ policy, paidAmount: '103.22', refundAmount: refund });
      expect(preview.json().summary).toContain(refund === '0.00' ? 'no refund' : `$${refund}`);

      const before = payments.refunds.length;
      const res = await api('POST', `/api/manage/${token}/cancel`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', can: { reschedule: false, cancel: false } });
      expect(await jobRow(job.id)).toMatchObject({
        status: 'cancelled',
        refundAmount: refund,
        paymentStatus: refund === '0.00' ? 'paid' : 'refunded',
      });
      expect(payments.refunds.slice(before)).toEqual(
        refund === '0.00' ? [] : [expect.objectContaining({ amountCents: Math.round(Number(refund) * 100) })],
      );

      // A second cancel changes nothing and refunds nothing.
      const again = await api('POST', `/api/manage/${token}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This booking has already been cancelled.');
      expect(payments.refunds.length).toBe(before + (refund === '0.00' ? 0 : 1));

      const [email] = await t.db
        .select()
        .from(outboundEmails)
        .where(and(eq(outboundEmails.jobId, job.id), eq(outboundEmails.kind, 'booking_cancelled')));
      const ics = Buffer.from(email!.attachments[0]!.contentBase64, 'base64').toString('utf8');
      expect(ics).toContain('METHOD:CANCEL');
      expect(ics).toContain(`UID:${job.id}@`);
      expect(ics).toContain('STATUS:CANCELLED');
      expect((await historyNotes(job.id)).some((n) => n.startsWith('Customer: '))).toBe(true);
    },
  );

  it('has nothing to refund for a booking paid on site, and frees the slot', async () => {
    const { jobId, token, slot } = await bookOnSite();
    const preview = await api('GET', `/api/manage/${token}/cancellation`);
    expect(preview.json()).toMatchObject({ policy: 'nothing-paid', refundAmount: '0.00' });
    expect(preview.json().summary).toBe(NOTHING_TO_REFUND);
    const cancelled = await api('POST', `/api/manage/${token}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    // Cancelled, it no longer asks to be paid on site.
    expect(cancelled.json().payment).toBe(NOTHING_TO_PAY_OR_REFUND);
    expect((await jobRow(jobId)).status).toBe('cancelled');
    expect(
      (
        await api(
          'POST',
          '/api/bookings',
          bookingBody({ job: { scheduledDate: slot.scheduledDay, timeSlot: slot.timeSlot } }),
        )
      ).statusCode,
    ).toBe(200);
    const popups = await t.db.select().from(notifications);
    expect(popups.some((n) => n.data.id === jobId && n.data.change === 'cancelled')).toBe(true);
  });
});

describe('contact phone, notes and photos', () => {
  it('changes the phone and notes, refuses what is not a phone number, and records both as the customer', async () => {
    const { jobId, token } = await bookOnSite();
    const bad = await api('PATCH', `/api/manage/${token}`, { phone: '0000-01-01T00:00:00Z' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Valid phone number required',
      fields: { phone: 'Valid phone number required' },
    });
    expect((await api('PATCH', `/api/manage/${token}`, {})).statusCode).toBe(400);
    const ok = await api('PATCH', `/api/manage/${token}`, { phone: '0412 345 678', notes: 'Gate code 1234' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ contactPhone: '0412 345 678', notes: 'Gate code 1234' });
    expect(await jobRow(jobId)).toMatchObject({ contactPhone: '0412 345 678', notes: 'Gate code 1234' });
    expect(await historyNotes(jobId)).toEqual(
      expect.arrayContaining(['Customer: changed the contact phone', 'Customer: changed the notes for the technician']),
    );
    const long = await api('PATCH', `/api/manage/${token}`, { notes: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Notes must be at most 1000 characters');

    expect((await api('POST', `/api/manage/${token}/cancel`)).statusCode).toBe(200);
    const afterCancel = await api('PATCH', `/api/manage/${token}`, { phone: '0411 111 111' });
    expect(afterCancel.statusCode).toBe(409);
    expect(afterCancel.json().message).toBe('This booking has been cancelled, so it cannot be changed.');
    expect((await jobRow(jobId)).contactPhone).toBe('0412 345 678');
  });

  it('adds photos until the visit, with the booking photo checks', async () => {
    const { jobId, token, slot } = await bookOnSite();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const form = (files: { name: string; data: Buffer }[]) => {
      const boundary = 'manageboundary';
      const parts = files.map((f) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${f.name}"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          f.data,
          Buffer.from('\r\n'),
        ]),
      );
      return {
        payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const upload = (files: { name: string; data: Buffer }[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/manage/${token}/photos`,
        remoteAddress: freshClientAddress(),
        ...form(files),
      });
    const res = await upload([{ name: 'tyre.png', data: png }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(jobPhotos).where(eq(jobPhotos.jobId, jobId))).toHaveLength(1);
    expect(await historyNotes(jobId)).toContain('Customer: added 1 photo');
    expect((await upload([{ name: 'notes.png', data: Buffer.from('not an image') }])).statusCode).toBe(415);
    t.clock.set(new Date(slotStart(slot.scheduledDay, slot.timeSlot).getTime() + 60_000).toISOString());
    expect((await upload([{ name: 'late.png', data: png }])).statusCode).toBe(409);
    expect(await t.db.select().from(jobPhotos).where(eq(jobPhotos.jobId, jobId))).toHaveLength(1);
  });
});

describe("another booking's link", () => {
  it('reads and changes only its own booking', async () => {
    const mine = await bookOnSite();
    const theirs = await bookOnSite();
    const to = freshSlot();
    expect((await api('PATCH', `/api/manage/${theirs.token}`, { phone: '0499 999 999' })).statusCode).toBe(200);
    expect(
      (
        await api('POST', `/api/manage/${theirs.token}/reschedule`, {
          date: to.scheduledDay,
          timeSlot: to.timeSlot as TimeSlot,
        })
      ).statusCode,
    ).toBe(200);
    expect((await api('POST', `/api/manage/${theirs.token}/cancel`)).statusCode).toBe(200);
    const page = (await api('GET', `/api/manage/${mine.token}`)).json();
    expect(page).toMatchObject({
      status: 'booked',
      contactPhone: '0400 000 000',
      scheduledDay: mine.slot.scheduledDay,
    });
    expect(JSON.stringify(page)).not.toContain((await jobRow(theirs.jobId)).jobNumber);
    expect(await jobRow(mine.jobId)).toMatchObject({ status: 'new', contactPhone: '0400 000 000' });
  });
});
