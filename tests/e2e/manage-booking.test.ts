import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { addDays, formatDayLong } from '../../src/shared/domain/perth-time';
import { formatVisit } from '../../src/shared/domain/slots';
import { NOTHING_TO_PAY_OR_REFUND, NOTHING_TO_REFUND } from '../../src/shared/schemas/manage';
import { bookingDaysOf, E2E_TODAY } from '../helpers/e2e-calendar';
import { useBrowser, eventually } from '../helpers/browser';
import { readOutbox } from '../helpers/outbox';
import { staffApi } from '../helpers/staff-api';

// The customer manages their booking from the link in the confirmation email, on a phone
// (docs/decisions/358-customers-manage-their-own-booking.md).
const browser = useBrowser({ viewport: { width: 390, height: 844 } });
const runId = Date.now().toString(36);
/** This file's own block of days (e2e-calendar.ts): it books the first and moves the visit to the second. */
const FIRST_DAY = bookingDaysOf('manage-booking')(0);
const MOVED_TO = bookingDaysOf('manage-booking')(1);

async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Reschedules through the wizard's own list: "Another day", then the month that holds `day`, then the day. */
async function chooseAnotherDay(page: Page, day: string) {
  const section = page.getByRole('region', { name: 'Reschedule' });
  await section.getByRole('button', { name: 'Another day' }).click();
  const calendar = section.getByRole('group', { name: /^Calendar/ });
  const label = formatDayLong(day).replace(/ \d{4}$/, '');
  const button = calendar.getByRole('button', { name: label, exact: true });
  for (let i = 0; i < 4 && !(await calendar.getByRole('button', { name: new RegExp(`^${label}`) }).count()); i++)
    await calendar.getByRole('button', { name: 'Next month' }).click();
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
}

/** A prepaid booking paid with the simulated card, as the wizard and checkout make it; answers its confirmation's manage link. */
async function paidBookingLink(email: string): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(`${browser.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: browser.baseUrl },
      body: JSON.stringify(body),
    });
  const quote = await post('/api/bookings/quote', {
    customer: { name: 'Mia Manager', email, phone: '0400 111 222' },
    vehicle: { make: 'Mazda', model: '3', year: 2019, registration: `MB${runId.slice(-5).toUpperCase()}` },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: FIRST_DAY,
      timeSlot: '2-4 PM',
      address: '5 Manage Street',
      suburb: 'Mandurah',
      postcode: '6210',
      tyreSize: null,
      tyreQuantity: null,
      notes: null,
      paymentMethod: 'prepaid',
    },
  });
  expect(quote.status, await quote.clone().text()).toBe(200);
  const { bookingToken } = (await quote.json()) as { bookingToken: string };
  const paid = await post('/api/payments/simulated/confirm', {
    bookingToken,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
    nameOnCard: 'Mia Manager',
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return manageLinkSentTo(email);
}

/** A booking paid on site on FIRST_DAY in Mandurah, as the wizard makes it; answers its confirmation's manage link. */
async function onSiteBookingLink(booking: {
  customer: { name: string; email: string; phone: string };
  vehicle: { make: string; model: string; year: number; registration: string };
  job: { serviceType: string; timeSlot: string; address: string; tyreSize?: string; tyreQuantity?: number };
}): Promise<string> {
  const booked = await fetch(`${browser.baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: browser.baseUrl },
    body: JSON.stringify({
      ...booking,
      job: {
        scheduledDate: FIRST_DAY,
        suburb: 'Mandurah',
        postcode: '6210',
        tyreSize: null,
        tyreQuantity: null,
        notes: null,
        paymentMethod: 'onsite',
        ...booking.job,
      },
    }),
  });
  expect(booked.status, await booked.clone().text()).toBe(200);
  return manageLinkSentTo(booking.customer.email);
}

/** The manage link (`/booking/{token}`) in the booking confirmation sent to this address. */
async function manageLinkSentTo(email: string): Promise<string> {
  let link = '';
  await eventually(async () => {
    const confirmation = (await readOutbox(browser.baseUrl)).find(
      (e) => e.to === email && e.kind === 'booking_confirmation',
    );
    link = /\/booking\/[A-Za-z0-9_-]+/.exec(confirmation?.text ?? '')?.[0] ?? '';
    return link;
  }).not.toBe('');
  return link;
}

describe('manage my booking', () => {
  it('opens from the confirmation email at 390 px, reschedules, then cancels and shows the full refund', async () => {
    const email = `manager.${runId}@example.com`;
    const path = await paidBookingLink(email);
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(path);
    await page.getByRole('heading', { name: /^Your booking / }).waitFor();
    await page.getByText('Paid online').waitFor();
    await page.getByText('5 Manage Street, Mandurah 6210').waitFor();
    await expectAccessible(page);

    // The same list of next free windows as the wizard's first step (decision 413).
    const windows = page.getByRole('group', { name: 'Next free times' }).getByRole('button');
    await expect.poll(() => windows.count()).toBeGreaterThan(0);
    await chooseAnotherDay(page, MOVED_TO);
    await page.getByRole('button', { name: '10 am - 12 pm' }).click();
    await page.getByRole('button', { name: 'Move my booking' }).click();
    await eventually(() =>
      page
        .getByText(/10 am - 12 pm \(Perth time\)/)
        .first()
        .isVisible(),
    ).toBe(true);
    const moved = (await readOutbox(browser.baseUrl)).filter((e) => e.to === email && e.kind === 'booking_rescheduled');
    expect(moved).toHaveLength(1);

    await page.getByRole('button', { name: 'Cancel my booking' }).click();
    const summary = page.getByTestId('refund-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/full refund of \$[\d.]+ back to your card/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await eventually(() => page.getByText(/^Refunded \$[\d.]+ to your card$/).isVisible()).toBe(true);
    await page.getByText('Cancelled', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel my booking' }).count()).toBe(0);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await eventually(
      async () =>
        (await readOutbox(browser.baseUrl)).filter((e) => e.to === email && e.kind === 'booking_cancelled').length,
    ).toBe(1);
  });

  it('cancels a booking paid on site and says there is nothing to pay or refund, never "Pay on site"', async () => {
    const email = `manager.onsite.${runId}@example.com`;
    const path = await onSiteBookingLink({
      customer: { name: 'Olive Onsite', email, phone: '0400 777 888' },
      vehicle: { make: 'Ford', model: 'Focus', year: 2017, registration: `MC${runId.slice(-5).toUpperCase()}` },
      job: { serviceType: 'puncture-repair', timeSlot: '10-12 AM', address: '9 Cancel Street' },
    });
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(path);
    await page.getByRole('heading', { name: /^Your booking / }).waitFor();
    await page.getByRole('button', { name: 'Cancel my booking' }).click();
    expect(await page.getByTestId('refund-summary').textContent()).toBe(NOTHING_TO_REFUND);
    await page.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    // The toast and the page's payment line both say so.
    await page.getByText(/^Booking .+ cancelled$/).waitFor();
    await page.getByText('Cancelled', { exact: true }).waitFor();
    await expect.poll(() => page.getByText(NOTHING_TO_PAY_OR_REFUND, { exact: true }).count()).toBe(2);
    expect(await page.getByText(/Pay on site/).count()).toBe(0);
  });

  it('has nothing floating over its controls and every tap target at least 44 px tall, at 390 px', async () => {
    const email = `manager.end.${runId}@example.com`;
    const path = await onSiteBookingLink({
      customer: { name: 'Ed End', email, phone: '0400 333 444' },
      vehicle: { make: 'Kia', model: 'Rio', year: 2018, registration: `ME${runId.slice(-5).toUpperCase()}` },
      job: { serviceType: 'puncture-repair', timeSlot: '8-10 AM', address: '7 End Street' },
    });
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(path);
    await page.getByRole('heading', { name: /^Your booking / }).waitFor();
    await page.getByRole('group', { name: 'Next free times' }).getByRole('button').first().waitFor();
    // No floating call button over the window buttons: the page has its own call links (decision 413).
    expect(await page.getByRole('complementary', { name: 'Quick call' }).count()).toBe(0);
    const small = await page.locator('main').evaluate((main) =>
      [...main.querySelectorAll('a, button, input, select, textarea')]
        .filter((c) => {
          const r = c.getBoundingClientRect();
          return r.width > 1 && r.height > 1 && r.height < 44; // a visually hidden input (1 px) has its label to tap
        })
        .map((c) => `${c.outerHTML.slice(0, 80)} ${Math.round(c.getBoundingClientRect().height)}px`),
    );
    expect(small).toEqual([]);
  });

  it('offers no window before ordered tyres can come, and says why', async () => {
    // The owner keeps the size (a reorder minimum) but nobody holds one, so the booking orders them.
    const { api, ownerCookie } = staffApi(() => browser.baseUrl);
    const size = '315/30R22';
    const rules = await api('PUT', '/api/dashboard/stock', await ownerCookie(), {
      rules: [{ size, brand: `Ordered${runId}`, minimum: 2 }],
    });
    expect(rules.status, await rules.clone().text()).toBe(200);
    const email = `manager.tyres.${runId}@example.com`;
    const path = await onSiteBookingLink({
      customer: { name: 'Olly Order', email, phone: '0400 555 666' },
      vehicle: { make: 'Audi', model: 'Q7', year: 2020, registration: `MO${runId.slice(-5).toUpperCase()}` },
      job: {
        serviceType: 'new-tyres',
        timeSlot: '12-2 PM',
        address: '9 Order Street',
        tyreSize: size,
        tyreQuantity: 2,
      },
    });
    const { orderedTyres } = (await (
      await fetch(`${browser.baseUrl}/api${path.replace('/booking/', '/manage/')}`)
    ).json()) as {
      orderedTyres: { firstDay: string; note: string } | null;
    };
    expect(orderedTyres?.firstDay).toBeDefined();
    const firstDay = orderedTyres!.firstDay;
    expect(firstDay > E2E_TODAY).toBe(true);

    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(path);
    const section = page.getByRole('region', { name: 'Reschedule' });
    await section.getByText(orderedTyres!.note).waitFor();
    const windows = section.getByRole('group', { name: 'Next free times' }).getByRole('button');
    await expect.poll(() => windows.count()).toBeGreaterThan(0);
    const tooSoon: string[] = [];
    for (let day = E2E_TODAY; day < firstDay; day = addDays(day, 1))
      tooSoon.push(formatVisit(day, '8-10 AM').split(',')[0]!);
    const offered = await windows.allTextContents();
    expect(offered.filter((text) => tooSoon.some((d) => text.startsWith(d)))).toEqual([]);

    // A day before then, from the calendar: told why, and no times to pick.
    await chooseAnotherDay(page, nextBusinessDay(E2E_TODAY));
    await section
      .getByRole('alert')
      .filter({ hasText: `Your tyres come by ${formatDayLong(firstDay)}` })
      .waitFor();
    expect(await section.getByRole('group', { name: 'Arrival window' }).count()).toBe(0);
    await expectAccessible(page);
  });

  it("answers a made-up link with 'Booking Not Found'", async () => {
    const page = await browser.newPage();
    await page.goto('/booking/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByRole('heading', { name: 'Booking Not Found' }).waitFor();
    await page.getByText('The requested booking could not be found or has expired.').waitFor();
  });
});
