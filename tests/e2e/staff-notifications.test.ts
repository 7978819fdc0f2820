import { describe, expect, it } from 'vitest';
import { addDays, perthDay } from '../../src/shared/domain/perth-time';
import { TIME_SLOTS } from '../../src/shared/domain/slots';
import { e2eServer, eventually, useBrowser } from '../helpers/browser';
import { e2eNow } from '../helpers/e2e-calendar';
import { signInAsOwner } from '../helpers/staff-api';

/**
 * Live new-booking popups on the staff dashboard (docs/product.md "Live notifications",
 * decision 196): a booking made through the API pops up within 2 s and opens its job.
 */
const browser = useBrowser();
const runId = Date.now().toString(36);

/**
 * The other browser-test files book the first weeks after the test server's today; this one takes
 * the first free slot it finds, searching back from 11 weeks ahead (inside the 90-day horizon) of
 * the test server's today, whose clock started at E2E_CLOCK_START (never the real date).
 */
async function freeSlot(baseUrl: string): Promise<{ scheduledDate: string; timeSlot: string }> {
  const today = perthDay(e2eNow(e2eServer().launchedAtMs));
  for (let offset = 80; offset > 45; offset--) {
    const date = addDays(today, offset);
    const res = await fetch(`${baseUrl}/api/time-slots?date=${date}`);
    if (!res.ok) continue;
    const slots = (await res.json()) as { slot: string; isAvailable: boolean }[];
    const open = slots.find((s) => s.isAvailable);
    if (open) return { scheduledDate: date, timeSlot: open.slot };
  }
  throw new Error('no free slot found for the notification test');
}

/** A customer's booking through the public API (pay on site), as the wizard would send it. */
async function bookAsCustomer(baseUrl: string, suburb: string, n: number) {
  const { scheduledDate, timeSlot } = await freeSlot(baseUrl);
  expect(TIME_SLOTS).toContain(timeSlot);
  const res = await fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      customer: { name: 'Nina Notify', email: `notify.${runId}.${n}@example.com`, phone: '0400 333 444' },
      vehicle: { make: 'Mazda', model: 'CX-5', year: 2020, registration: `NTF${n}${runId.slice(-2)}`.toUpperCase() },
      job: {
        serviceType: 'puncture-repair',
        scheduledDate,
        timeSlot,
        address: '9 Alert Road',
        suburb,
        postcode: suburb === 'Rockingham' ? '6168' : '6027',
        tyreSize: null,
        tyreQuantity: null,
        notes: null,
        paymentMethod: 'onsite',
      },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { jobId: string; jobNumber: string };
}

describe('live new-booking popups', () => {
  it('shows an admin on the dashboard a popup within 2 s of a booking, reads Live, and the popup opens the job', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    // The connection state is text in the header, not a colour only.
    await eventually(() => page.getByText('Live notifications: Live').isVisible()).toBe(true);

    const booking = await bookAsCustomer(browser.baseUrl, 'Rockingham', 1);
    const bookedAt = Date.now();
    const popups = page.getByRole('region', { name: 'New bookings' });
    const open = popups.getByRole('link', {
      name: new RegExp(`^Open job ${booking.jobNumber}: Puncture Repair in Rockingham`),
    });
    await open.waitFor({ state: 'visible', timeout: 2_000 });
    expect(Date.now() - bookedAt).toBeLessThan(2_000);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: `New booking ${booking.jobNumber}` })
        .count(),
    ).toBe(1);

    await open.click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/dashboard' &&
        url.searchParams.get('tab') === 'jobs' &&
        url.searchParams.get('job') === booking.jobId,
    );
    // Opened means read: the popup is gone.
    await eventually(() => open.count()).toBe(0);
  });

  it('on a 360 px phone: popups span the top, the newest shown and the rest as one count, each dismissable with a 44 px target', async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await eventually(() => page.getByText('Live notifications: Live').isVisible()).toBe(true);

    const bookings = [];
    for (let i = 0; i < 4; i++) bookings.push(await bookAsCustomer(browser.baseUrl, 'Joondalup', 10 + i));
    const popups = page.getByRole('region', { name: 'New bookings' });
    const items = popups.getByRole('listitem');
    await eventually(() => popups.getByRole('button', { name: '3 more' }).isVisible()).toBe(true);
    expect(await items.count()).toBe(1);
    // Newest first.
    expect(await items.first().textContent()).toContain(bookings[3]!.jobNumber);

    const box = (await popups.boundingBox())!;
    expect(box.width).toBeGreaterThan(360 - 24);
    expect(box.y).toBeLessThan(16);

    await popups.getByRole('button', { name: '3 more' }).click();
    expect(await items.count()).toBe(4);
    expect(await items.last().textContent()).toContain(bookings[0]!.jobNumber);

    const dismiss = popups.getByRole('button', { name: `Dismiss new booking ${bookings[1]!.jobNumber}` });
    const target = (await dismiss.boundingBox())!;
    expect(target.width).toBeGreaterThanOrEqual(44);
    expect(target.height).toBeGreaterThanOrEqual(44);
    await dismiss.click();
    await eventually(() => items.count()).toBe(3);
    expect(await popups.textContent()).not.toContain(bookings[1]!.jobNumber);
  });
});
