import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, eventually } from '../helpers/browser';
import { bookingDaysOf } from '../helpers/e2e-calendar';

// A returning customer on a 390 px phone (docs/decisions/412-book-again.md): "Book again" from a
// booking's own link fills the wizard with that booking's contact, car and address; the
// confirmation shows the new booking's own page, and no toast covers its controls
// (docs/decisions/413-returning-customer-frictions.md).
const browser = useBrowser({ viewport: { width: 390, height: 844 } });
const runId = Date.now().toString(36);
const bookingDay = bookingDaysOf('book-again');
const wizardOf = (page: Page) => page.getByRole('dialog', { name: 'Book a Mobile Service' });
const stepShown = (dialog: Locator, n: number) =>
  expect.poll(() => dialog.getByText(`Step ${n} of 7`).isVisible()).toBe(true);

async function expectAccessible(page: Page, include: string) {
  const result = await new AxeBuilder({ page }).include(include).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A first booking paid on site, through the public API as the wizard makes it; answers its manage link. */
async function firstBooking(email: string): Promise<string> {
  const res = await fetch(`${browser.baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: browser.baseUrl },
    body: JSON.stringify({
      customer: { name: 'Rita Returning', email, phone: '0412 345 678' },
      vehicle: { make: 'Mazda', model: 'CX-5', year: 2020, registration: `BA${runId.slice(-5).toUpperCase()}` },
      job: {
        serviceType: 'puncture-repair',
        scheduledDate: bookingDay(0),
        timeSlot: '8-10 AM',
        address: '5 Again Street',
        suburb: 'Mandurah',
        postcode: '6210',
        tyreSize: null,
        tyreQuantity: null,
        notes: null,
        paymentMethod: 'onsite',
      },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { manageUrl: string }).manageUrl;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('book again', () => {
  it("opens /book?again= with the first booking's details filled in, books on site, and the confirmation shows the new booking's own page", async () => {
    const email = `rita.${runId}@example.com`;
    const manageUrl = await firstBooking(email);
    const token = manageUrl.split('/booking/')[1]!;
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`/book?again=${token}`);
    const dialog = wizardOf(page);
    await dialog
      .getByText('Welcome back: your details, car and address are filled in from your last booking.')
      .waitFor();
    // It opens on the next free window, chosen already.
    const windows = dialog.getByRole('group', { name: 'Next free times' }).getByRole('button');
    await expect.poll(() => windows.first().getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, '[role="dialog"]');

    // This file books its own day (e2e-calendar.ts), not the shared next free window.
    await dialog.getByLabel('Date', { exact: true }).fill(bookingDay(1));
    const slot = dialog.getByRole('button', { name: '10 am - 12 pm', exact: true });
    await expect.poll(() => slot.isEnabled()).toBe(true);
    await slot.click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('radio', { name: /Puncture Repair/ }).click();
    await stepShown(dialog, 4);
    const filled = async (label: string) => dialog.getByLabel(label, { exact: true }).inputValue();
    expect(await filled('Street address')).toBe('5 Again Street');
    // No address service is configured here: a plain, calm field, without the failure note.
    expect(await dialog.getByText('Address suggestions unavailable - please enter manually').count()).toBe(0);
    expect(await filled('Suburb')).toBe('Mandurah');
    expect(await filled('Postcode')).toBe('6210');
    expect(await filled('Make')).toBe('Mazda');
    expect(await filled('Model')).toBe('CX-5');
    expect(await filled('Year')).toBe('2020');
    expect(await filled('Registration')).toBe(`BA${runId.slice(-5).toUpperCase()}`);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await stepShown(dialog, 5);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await stepShown(dialog, 6);
    expect(await filled('Name')).toBe('Rita Returning');
    expect(await filled('Phone')).toBe('0412 345 678');
    expect(await filled('Email')).toBe(email);
    await dialog.getByRole('radio', { name: /Pay on site/ }).check();
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await stepShown(dialog, 7);

    // The new booking's own page, and plainly that its link could not be sent (no mail server or texts here).
    const manage = dialog.getByRole('link', { name: 'Manage your booking' });
    await manage.waitFor();
    const href = (await manage.getAttribute('href')) ?? '';
    expect(href).toMatch(/\/booking\/[A-Za-z0-9_-]{32}$/);
    expect(href).not.toContain(token);
    await dialog
      .getByText("We couldn't send this link by email or text, so please keep it now: copy or bookmark it.")
      .waitFor();

    // "Booking Confirmed!" is on screen, and covers no control of the confirmation.
    const toast = page.locator('li[data-state="open"]');
    await expect.poll(() => toast.getByText('Booking Confirmed!').isVisible()).toBe(true);
    const toastBox = (await toast.boundingBox())!;
    const controls = dialog.locator('a, button');
    for (let i = 0; i < (await controls.count()); i++) {
      const box = await controls.nth(i).boundingBox();
      if (box) expect(overlaps(box, toastBox), await controls.nth(i).innerText()).toBe(false);
    }
    await expectAccessible(page, '[role="dialog"]');

    // The new booking's page opens, with its own "Book again".
    await page.goto(new URL(href).pathname);
    await page.getByRole('heading', { name: /^Your booking / }).waitFor();
    await page.getByRole('link', { name: 'Book again' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("fetches the wizard's code while the browser is idle after the home page's first paint, before any tap", async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const wizardCode = page.waitForRequest((r) => /\/assets\/booking-wizard-[^/]+\.js$/.test(r.url()));
    await page.goto('/', { waitUntil: 'load' });
    await wizardCode;
    // Nothing was tapped: the dialog is not open.
    expect(await wizardOf(page).count()).toBe(0);
  });

  it('fills nothing from a made-up link', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto('/book?again=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const dialog = wizardOf(page);
    await dialog
      .getByText("We couldn't find your last booking from that link, so please fill in your details.")
      .waitFor();
    await eventually(() => dialog.getByText('Welcome back').count()).toBe(0);
  });
});
