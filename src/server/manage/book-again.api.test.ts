import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_LINK_NOT_FOUND } from '../../shared/schemas/manage';
import { bookingBody, freshClientAddress, seedTyrePrices } from '../../../tests/helpers/bookings';
import { freshSlots } from '../../../tests/helpers/fresh-slots';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { newManageToken } from './token';

// "Book again" (docs/decisions/412-book-again.md): a booking's own link fills a new booking with
// that booking's contact, vehicle and address, and nothing of any other.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_7AM_PERTH);
  await seedTyrePrices(t.db);
});
afterAll(async () => {
  await t?.close();
});

const freshSlot = freshSlots('2026-12-01');
const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: freshClientAddress() });

async function bookOnSite(over: Parameters<typeof bookingBody>[0]) {
  const slot = freshSlot();
  const body = bookingBody({
    ...over,
    job: { ...over?.job, scheduledDate: slot.scheduledDay, timeSlot: slot.timeSlot },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: body,
    remoteAddress: freshClientAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const manageUrl = res.json().manageUrl as string;
  return { body, slot, manageUrl, token: manageUrl.split('/booking/')[1]! };
}

describe('GET /api/manage/{token}/book-again', () => {
  it("answers the link's own booking's contact, vehicle and address; a made-up or another booking's link fills nothing of it", async () => {
    const first = await bookOnSite({
      customer: { name: 'Ada Returning', phone: '0412 345 678' },
      vehicle: { make: 'Mazda', model: 'CX-5', year: 2020 },
      job: {
        serviceType: 'new-tyres',
        tyreSize: '205/55R16',
        tyreQuantity: 2,
        address: '7 First Street',
        suburb: 'Joondalup',
        postcode: '6027',
      },
    });
    const other = await bookOnSite({
      customer: { name: 'Ben Other', phone: '0498 765 432' },
      vehicle: { make: 'Ford', model: 'Ranger', year: 2016 },
      job: { address: '99 Other Road', suburb: 'Mandurah', postcode: '6210' },
    });

    const own = await get(`/api/manage/${first.token}/book-again`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.json()).toEqual({
      customer: { name: 'Ada Returning', phone: '0412 345 678', email: first.body.customer.email },
      vehicle: {
        make: 'Mazda',
        model: 'CX-5',
        year: 2020,
        registration: first.body.vehicle.registration,
        tyreSize: '205/55R16',
      },
      address: '7 First Street',
      suburb: 'Joondalup',
      postcode: '6027',
    });

    const madeUp = await get(`/api/manage/${newManageToken().token}/book-again`);
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json().message).toBe(MANAGE_LINK_NOT_FOUND);
    expect(madeUp.body).not.toContain('Ada');
    expect((await get('/api/manage/not-a-token/book-again')).statusCode).toBe(404);

    // Another booking's link answers that booking only: nothing of the first one.
    const theirs = await get(`/api/manage/${other.token}/book-again`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().customer.name).toBe('Ben Other');
    for (const secret of [
      'Ada Returning',
      first.body.customer.email,
      first.body.vehicle.registration,
      '7 First Street',
    ])
      expect(theirs.body).not.toContain(secret);
  });

  it('still fills a return-visit booking a year after the visit, when the manage page itself has lapsed', async () => {
    const booked = await bookOnSite({ customer: { name: 'Cy Yearlater' } });
    const visit = new Date(`${booked.slot.scheduledDay}T00:00:00Z`).getTime();
    try {
      t.clock.set(new Date(visit + 380 * 86_400_000).toISOString());
      expect((await get(`/api/manage/${booked.token}`)).statusCode).toBe(404);
      const again = await get(`/api/manage/${booked.token}/book-again`);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().customer.name).toBe('Cy Yearlater');
      t.clock.set(new Date(visit + 440 * 86_400_000).toISOString());
      expect((await get(`/api/manage/${booked.token}/book-again`)).statusCode).toBe(404);
    } finally {
      t.clock.set(MONDAY_7AM_PERTH);
    }
  });

  it("shows the booking's manage link to the customer who just booked on site", async () => {
    const booked = await bookOnSite({});
    expect(booked.manageUrl).toMatch(/\/booking\/[A-Za-z0-9_-]{32}$/);
    expect((await get(`/api/manage/${booked.token}`)).statusCode).toBe(200);
  });
});
