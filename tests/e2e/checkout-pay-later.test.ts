import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../src/shared/domain/slots';
import { eventually, useBrowser } from '../helpers/browser';
import { bookingDaysOf } from '../helpers/e2e-calendar';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

/**
 * Afterpay at checkout on a phone (docs/decisions/410-afterpay-zip-and-wallets.md): the owner turns
 * it on in Settings, the customer chooses it, leaves for the (simulated, labelled) provider, and
 * comes back to the booking: confirmed when approved, freed with the other ways to pay when declined.
 */
const browser = useBrowser({ viewport: { width: 390, height: 844 } });
const bookingDay = bookingDaysOf('checkout-pay-later');

async function quoteViaApi(day: string, slot: TimeSlot, email: string): Promise<string> {
  const res = await fetch(`${browser.baseUrl}/api/bookings/quote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      customer: { name: 'Alex Chen', email, phone: '0400 000 000' },
      vehicle: { make: 'Mazda', model: 'CX-5', year: 2020, registration: `BNPL${Date.now() % 100000}` },
      job: {
        serviceType: 'puncture-repair',
        scheduledDate: day,
        timeSlot: slot,
        address: '3 Example Avenue',
        suburb: 'Mandurah',
        postcode: '6210',
        tyreSize: null,
        tyreQuantity: null,
        notes: null,
        paymentMethod: 'prepaid',
      },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { bookingToken: string }).bookingToken;
}

/** A public page's HTML as any visitor gets it (the structured data included). */
const htmlOf = async (path: string) => (await fetch(`${browser.baseUrl}${path}`)).text();

const isSlotFree = async (day: string, slot: TimeSlot) => {
  const res = await fetch(`${browser.baseUrl}/api/time-slots/availability?date=${day}`);
  return ((await res.json()) as { slot: string; isAvailable: boolean }[]).find((s) => s.slot === slot)!.isAvailable;
};

/** The owner's switches, saved from Settings on the phone. */
async function switchPayLater(page: Page, on: { afterpay: boolean; zip: boolean }) {
  await page.goto('/dashboard?tab=settings&section=payments');
  const section = page.getByRole('region', { name: 'Ways to pay online', exact: true });
  const afterpay = section.getByRole('checkbox', { name: 'Afterpay' });
  const zip = section.getByRole('checkbox', { name: 'Zip' });
  await afterpay.setChecked(on.afterpay);
  await zip.setChecked(on.zip);
  expect([await afterpay.isChecked(), await zip.isChecked()]).toEqual([on.afterpay, on.zip]);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/dashboard/settings/payment-methods') && r.request().method() === 'PUT',
  );
  await section.getByRole('button', { name: 'Save Ways to Pay' }).click();
  expect(await (await saved).json()).toMatchObject(on);
  await page.getByText('Ways to pay online saved.', { exact: true }).first().waitFor();
}

async function payWithAfterpay(page: Page, token: string, decision: 'Approve payment' | 'Decline payment') {
  await page.goto(`/checkout/${token}`);
  const choice = page.getByRole('group', { name: 'How would you like to pay?' });
  await choice.getByRole('radio', { name: /Afterpay/ }).check();
  // No card surcharge on Afterpay: the total is the booking amount.
  await eventually(async () => (await page.getByTestId('checkout-total').textContent())?.trim()).toBe('$99.80');
  await page.getByRole('button', { name: 'Continue to Afterpay' }).click();
  await page.waitForURL(/\/checkout\/[^?]+\?provider=afterpay$/);
  await page.getByRole('heading', { name: 'Afterpay (simulated)' }).waitFor();
  expect(await page.getByText('Test mode - no real payment is taken').isVisible()).toBe(true);
  await page.getByText('$99.80').waitFor();
  await page.getByRole('button', { name: decision }).click();
  await page.waitForURL(/\/\?payment=success&booking=/);
}

const wizardOf = (page: Page) => page.getByRole('dialog', { name: 'Book a Mobile Service' });
const stepShown = (dialog: Locator, n: number) =>
  expect.poll(() => dialog.getByText(`Step ${n} of 7`).isVisible()).toBe(true);

/** "Book again and pay another way" opens the wizard filled in from the declined booking (decision 443). */
async function expectWizardFilledFrom(page: Page, link: Locator, email: string) {
  await link.click();
  await page.waitForURL(/\/book\?declined=/);
  const dialog = wizardOf(page);
  await dialog
    .getByText('Your details, car, address and service are filled in from the booking that was not paid.', {
      exact: false,
    })
    .waitFor();
  const windows = dialog.getByRole('group', { name: 'Next free times' }).getByRole('button');
  await expect.poll(() => windows.first().getAttribute('aria-pressed')).toBe('true');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await stepShown(dialog, 2);
  expect(await dialog.getByRole('radio', { name: /Puncture Repair/ }).isChecked()).toBe(true);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await stepShown(dialog, 4);
  const filled = async (label: string) => dialog.getByLabel(label, { exact: true }).inputValue();
  expect(await filled('Street address')).toBe('3 Example Avenue');
  expect(await filled('Suburb')).toBe('Mandurah');
  expect(await filled('Make')).toBe('Mazda');
  expect(await filled('Model')).toBe('CX-5');
  expect(await filled('Year')).toBe('2020');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await stepShown(dialog, 5);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await stepShown(dialog, 6);
  expect(await filled('Name')).toBe('Alex Chen');
  expect(await filled('Phone')).toBe('0400 000 000');
  expect(await filled('Email')).toBe(email);
}

describe('Afterpay at checkout on a phone', () => {
  it('the owner turns it on, the customer goes to Afterpay and back: approved confirms the booking, declined frees the slot with another way to pay, and off is no longer promised', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await switchPayLater(page, { afterpay: true, zip: true });

    try {
      await expect
        .poll(async () => (await htmlOf('/')).includes('Pay in instalments online with Afterpay or Zip'), {
          timeout: 10_000,
        })
        .toBe(true);
      expect(await htmlOf('/')).toContain('Afterpay (buy now, pay later), Zip (buy now, pay later)');

      const approved = await quoteViaApi(bookingDay(0), '10-12 AM', `alex.approve.${Date.now()}@example.com`);
      await payWithAfterpay(page, approved, 'Approve payment');
      await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
      expect(await page.getByText('Paid $99.80 with Afterpay.').isVisible()).toBe(true);
      // Its checkout opened again shows what Afterpay took: no card surcharge.
      await page.goto(`/checkout/${approved}`);
      await page.getByText('This booking is already paid.').waitFor();
      expect((await page.getByTestId('checkout-total').textContent())?.trim()).toBe('$99.80');
      expect(await page.getByText(/Card surcharge/).count()).toBe(0);

      const email = `alex.decline.${Date.now()}@example.com`;
      const declined = await quoteViaApi(bookingDay(1), '10-12 AM', email);
      expect(await isSlotFree(bookingDay(1), '10-12 AM')).toBe(false);
      await payWithAfterpay(page, declined, 'Decline payment');
      await page.getByRole('heading', { name: 'Your payment was not approved' }).waitFor();
      const another = page.getByRole('link', { name: 'Book again and pay another way' });
      expect(await another.getAttribute('href')).toBe(`/book?declined=${declined}`);
      const box = (await another.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(await isSlotFree(bookingDay(1), '10-12 AM')).toBe(true);
      await expectWizardFilledFrom(page, another, email);

      // A made-up token fills nothing.
      await page.goto(`/book?declined=${'x'.repeat(43)}`);
      await wizardOf(page)
        .getByText("We couldn't find your last booking from that link, so please fill in your details.")
        .waitFor();

      // Switched off: the home page (its structured data too) and the terms stop promising Afterpay
      // once the change reaches the page cache (a moment after the save).
      await switchPayLater(page, { afterpay: false, zip: true });
      expect(await (await page.request.get('/api/dashboard/settings/payment-methods')).json()).toMatchObject({
        afterpay: false,
        zip: true,
      });
      await expect.poll(async () => (await htmlOf('/')).includes('Afterpay'), { timeout: 10_000 }).toBe(false);
      const home = await htmlOf('/');
      expect(home).toContain('Pay in instalments online with Zip');
      expect(home).toContain('Zip (buy now, pay later)');
      const terms = await htmlOf('/terms');
      expect(terms).not.toContain('Afterpay');
      expect(terms).toContain('in instalments with Zip');
      expect(errors).toEqual([]);
    } finally {
      // Other files read the home page: leave the switches as the first start has them.
      await switchPayLater(page, { afterpay: false, zip: false });
    }
  });
});
