import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJob } from '../../src/server/db/seed/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { call, signedInStaff } from './staff-helpers';

/**
 * The field rules as a caller meets them (docs/product.md "API conventions"; decision 256): money,
 * days between 1900 and 2100, staff scheduling within 12 months, and whole numbers, each refused
 * with 400 and a message on the routes that once answered 500 or took the value.
 * The clock is Monday 23 November 2026, 07:00 in Perth.
 */
let t: TestApp;
let admin: string;
let jobId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t, { role: 'admin' })).cookie;
  jobId = (await insertJob(t.db, { scheduledDay: '2026-11-25', timeSlot: '2-4 PM' })).id;
});
afterAll(async () => {
  await t?.close();
});

const json = (res: { body: string }) => JSON.parse(res.body) as { message: string; fields?: Record<string, string> };

describe('days are real calendar days between 1900 and 2100', () => {
  it.each(['0000-01-01', '9999-12-31', '1899-12-31', '2101-01-01'])(
    'GET /api/time-slots/%s answers 400 to anyone',
    async (day) => {
      const res = await call(t, { method: 'GET', url: `/api/time-slots/${day}` });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('Invalid date format');
    },
  );

  it.each([
    '/api/time-slots?date=9999-12-31',
    '/api/dashboard/jobs?from=0000-01-01',
    '/api/dashboard/customer-invoices?to=9999-12-31',
    '/api/dashboard/reports/gst?startDate=0000-01-01',
    '/api/dashboard/timeslots?from=9999-12-31',
  ])('GET %s answers 400', async (url) => {
    const res = await call(t, { method: 'GET', url, cookie: admin });
    expect(res.statusCode).toBe(400);
  });

  it('unblocking a slot of year 0000 answers 400', async () => {
    const res = await call(t, {
      method: 'PATCH',
      url: `/api/dashboard/timeslots/0000-01-01/${encodeURIComponent('8-10 AM')}/unblock`,
      cookie: admin,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('staff schedule at most 12 months ahead', () => {
  it('a reschedule to 9999-12-31 or past a year from today is refused, a date within it is not', async () => {
    for (const scheduledDate of ['9999-12-31', '2027-11-24']) {
      const res = await call(t, {
        method: 'PUT',
        url: `/api/dashboard/jobs/${jobId}/reschedule`,
        cookie: admin,
        payload: { scheduledDate, timeSlot: '8-10 AM' },
      });
      expect(res.statusCode, scheduledDate).toBe(400);
    }
    const far = await call(t, {
      method: 'PUT',
      url: `/api/dashboard/jobs/${jobId}/reschedule`,
      cookie: admin,
      payload: { scheduledDate: '2027-11-24', timeSlot: '8-10 AM' },
    });
    expect(json(far).message).toBe('Choose a date within the next 12 months');
    const ok = await call(t, {
      method: 'PUT',
      url: `/api/dashboard/jobs/${jobId}/reschedule`,
      cookie: admin,
      payload: { scheduledDate: '2027-11-23', timeSlot: '8-10 AM' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a staff booking and a slot block past a year from today are refused', async () => {
    const booking = {
      customer: { name: 'Sam Taylor', email: 'sam.far@example.com', phone: '0412 345 678' },
      vehicle: { make: 'Toyota', model: 'Corolla', year: '2018', color: 'White', registration: '1ABC234' },
      job: {
        serviceType: 'puncture-repair',
        scheduledDate: '2027-11-24',
        timeSlot: '10-12 AM',
        address: '12 Example Street',
        suburb: 'Joondalup',
        postcode: '6027',
        paymentMethod: 'onsite',
      },
    };
    const booked = await call(t, { method: 'POST', url: '/api/bookings', cookie: admin, payload: booking });
    expect(booked.statusCode).toBe(400);
    expect(json(booked).fields?.['job.scheduledDate']).toBe('Choose a date within the next 12 months');
    const blocked = await call(t, {
      method: 'PATCH',
      url: '/api/dashboard/timeslots/2027-11-24/block',
      cookie: admin,
      payload: { reason: 'Holiday' },
    });
    expect(blocked.statusCode).toBe(400);
    expect(json(blocked).message).toBe('Choose a date within the next 12 months');
  });
});

describe('every phone field keeps the one phone rule (decision 173)', () => {
  it.each(['0000-01-01T00:00:00Z', '12345678901', '0412 345 67x'])(
    "a staff booking with the phone %j is refused with the rule's message",
    async (phone) => {
      const res = await call(t, {
        method: 'POST',
        url: '/api/bookings',
        cookie: admin,
        payload: {
          customer: { name: 'Sam Taylor', email: 'sam.phone@example.com', phone },
          vehicle: { make: 'Toyota', model: 'Corolla', year: '2018', color: 'White', registration: '1ABC234' },
          job: {
            serviceType: 'puncture-repair',
            scheduledDate: '2026-11-25',
            timeSlot: '10-12 AM',
            address: '12 Example Street',
            suburb: 'Joondalup',
            postcode: '6027',
            paymentMethod: 'onsite',
          },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).fields?.['customer.phone']).toBe('Valid phone number required');
    },
  );
});

describe('money is a decimal with at most two places, within its column', () => {
  it.each([[1e21], ['1.005'], ['NaN'], [' ']])(
    'a quote edit of %j answers 400 with the money message',
    async (customerValue) => {
      const res = await call(t, {
        method: 'PATCH',
        url: `/api/dashboard/jobs/${jobId}`,
        cookie: admin,
        payload: { customerValue },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('Must be a valid decimal amount');
    },
  );

  it.each([[1e21], ['1.005'], ['NaN']])(
    'an invoice line of %j answers 400 with the money message',
    async (unitPrice) => {
      const res = await call(t, {
        method: 'POST',
        url: '/api/dashboard/customer-invoices',
        cookie: admin,
        payload: { jobId, items: [{ description: 'Labour', quantity: 1, unitPrice }] },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('Must be a valid decimal amount');
    },
  );

  it('a line or an invoice whose total overflows the column is a 400 naming the cap', async () => {
    const line = await call(t, {
      method: 'POST',
      url: '/api/dashboard/customer-invoices',
      cookie: admin,
      payload: { jobId, items: [{ description: 'Tyres', quantity: 2, unitPrice: '99999999.99' }] },
    });
    expect(line.statusCode).toBe(400);
    expect(json(line).message).toBe('Quantity times unit price must be at most $99,999,999.99');
    const items = [1, 2].map(() => ({ description: 'Tyres', quantity: 1, unitPrice: '60000000.00' }));
    const total = await call(t, {
      method: 'POST',
      url: '/api/dashboard/customer-invoices',
      cookie: admin,
      payload: { jobId, items },
    });
    expect(total.statusCode).toBe(400);
    expect(json(total).message).toBe('The invoice total must be at most $99,999,999.99');
  });

  it('a line added or edited on an invoice whose total would overflow is a 400 naming the cap, and the invoice keeps its lines', async () => {
    const { id: otherJob } = await insertJob(t.db, { status: 'completed' });
    const created = await call(t, {
      method: 'POST',
      url: '/api/dashboard/customer-invoices',
      cookie: admin,
      payload: { jobId: otherJob, items: [{ description: 'Tyres', quantity: 1, unitPrice: '60000000.00' }] },
    });
    expect(created.statusCode).toBe(201);
    const invoice = (JSON.parse(created.body) as { customerInvoice: { id: string; items: { id: string }[] } })
      .customerInvoice;
    const added = await call(t, {
      method: 'POST',
      url: `/api/dashboard/customer-invoices/${invoice.id}/items`,
      cookie: admin,
      payload: { description: 'More tyres', quantity: 1, unitPrice: '60000000.00' },
    });
    expect(added.statusCode).toBe(400);
    expect(json(added).message).toBe('The invoice total must be at most $99,999,999.99');
    const second = await call(t, {
      method: 'POST',
      url: `/api/dashboard/customer-invoices/${invoice.id}/items`,
      cookie: admin,
      payload: { description: 'Valve', quantity: 1, unitPrice: '10.00' },
    });
    const itemId = (JSON.parse(second.body) as { id: string }).id;
    const edited = await call(t, {
      method: 'PATCH',
      url: `/api/dashboard/customer-invoices/${invoice.id}/items/${itemId}`,
      cookie: admin,
      payload: { unitPrice: '50000000.00' },
    });
    expect(edited.statusCode).toBe(400);
    expect(json(edited).message).toBe('The invoice total must be at most $99,999,999.99');
    const twice = await call(t, {
      method: 'PATCH',
      url: `/api/dashboard/customer-invoices/${invoice.id}/items/${itemId}`,
      cookie: admin,
      payload: { quantity: 2 },
    });
    expect(twice.statusCode).toBe(200);
    const tooMany = await call(t, {
      method: 'PATCH',
      url: `/api/dashboard/customer-invoices/${invoice.id}/items/${invoice.items[0]!.id}`,
      cookie: admin,
      payload: { quantity: 2 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany).message).toBe('Quantity times unit price must be at most $99,999,999.99');
    const after = JSON.parse(
      (await call(t, { method: 'GET', url: `/api/dashboard/customer-invoices/${invoice.id}`, cookie: admin })).body,
    ) as { totalAmount: string; items: unknown[] };
    expect(after.items).toHaveLength(2);
    expect(after.totalAmount).toBe('60000020.00');
  });
});

describe('whole numbers are decimal digits only', () => {
  it('an invoice quantity of "0x10" is refused, not read as 16', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/dashboard/customer-invoices',
      cookie: admin,
      payload: { jobId, items: [{ description: 'Tyres', quantity: '0x10', unitPrice: '10.00' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Quantity must be a whole number');
  });

  it.each(['page=0x10', 'pageSize=1e2', 'page=%20'])('GET /api/dashboard/jobs?%s answers 400', async (query) => {
    const res = await call(t, { method: 'GET', url: `/api/dashboard/jobs?${query}`, cookie: admin });
    expect(res.statusCode).toBe(400);
  });
});
