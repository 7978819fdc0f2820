import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../src/shared/domain/slots';
import { useBrowser } from '../helpers/browser';
import { bookingDaysOf } from '../helpers/e2e-calendar';
import { readOutbox } from '../helpers/outbox';

const browser = useBrowser({ viewport: { width: 390, height: 844 } });

/** Slots persist across test files in one server, so this file books only its own days (e2e-calendar.ts). */
const bookingDay = bookingDaysOf('checkout-simulated');

type Booking = {
  jobNumber: string;
  amount: string;
  totalAmount: string;
  surchargeAmount: string;
  paymentStatus: string;
};

async function bookingByToken(token: string): Promise<{ status: number; body: Booking }> {
  const res = await fetch(`${browser.baseUrl}/api/booking-token/${token}`);
  return { status: res.status, body: (await res.json()) as Booking };
}

/** A prepaid quote made the way the wizard makes it (POST /api/bookings/quote). */
async function quoteViaApi(
  day: string,
  slot: TimeSlot,
  email: string,
): Promise<{ bookingToken: string; amount: string }> {
  const res = await fetch(`${browser.baseUrl}/api/bookings/quote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      customer: { name: 'Sam Taylor', email, phone: '0400 000 000' },
      vehicle: { make: 'Toyota', model: 'Corolla', year: 2018, registration: `PAY${Date.now() % 100000}` },
      job: {
        serviceType: 'puncture-repair',
        scheduledDate: day,
        timeSlot: slot,
        address: '12 Example Street',
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
  return (await res.json()) as { bookingToken: string; amount: string };
}

const outbox = () => readOutbox(browser.baseUrl);

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Sam Taylor');
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \$|^Processing\.\.\.$/ });

async function openWizard(page: Page): Promise<Locator> {
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Book Service Now' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Book a Mobile Service' });
  await dialog.getByText('Step 1 of 7').waitFor();
  return dialog;
}

/** The same prepaid booking each time: four 205/55R16 tyres on the first booking day, 10 am - 12 pm. */
async function fillPrepaidTyres(dialog: Locator, email: string) {
  await dialog.getByLabel('Date', { exact: true }).fill(bookingDay(0));
  const slot = dialog.getByRole('button', { name: '10 am - 12 pm', exact: true });
  await expect.poll(() => slot.isEnabled()).toBe(true);
  await slot.click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('radio', { name: /New Tyres/ }).click(); // a service card moves on by itself
  await dialog.getByLabel('Width').fill('205');
  await dialog.getByLabel('Profile').fill('55');
  await dialog.getByLabel('Rim').fill('16');
  await expect.poll(() => dialog.getByText('$159.00 per tyre', { exact: false }).isVisible()).toBe(true);
  await dialog.getByLabel('Number of tyres').selectOption('4');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Street address').fill('12 Example Street');
  await dialog.getByLabel('Suburb').fill('Mandurah');
  await expect.poll(() => dialog.getByLabel('Postcode').inputValue()).toBe('6210');
  await dialog.getByLabel('Make').fill('Toyota');
  await dialog.getByLabel('Model').fill('Corolla');
  await dialog.getByLabel('Year').fill('2018');
  await dialog.getByLabel('Registration').fill('1PAY001');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Step 6 of 7').waitFor();
  // (159 + 25 + 15) x 4 + 89.80 - 30 prepaid discount
  expect(await dialog.getByTestId('order-total').textContent()).toBe('$855.80');
  await dialog.getByLabel('Name', { exact: true }).fill('Sam Taylor');
  await dialog.getByLabel('Phone', { exact: true }).fill('0400 000 000');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
}

describe('checkout with the simulated card provider', () => {
  it('takes a prepaid new-tyres booking from the wizard through checkout with 4242 to the success page, paid once', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const email = `sam.checkout.${Date.now()}@example.com`;
    const dialog = await openWizard(page);
    await fillPrepaidTyres(dialog, email);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/checkout\/[^/?]+$/);
    const firstToken = new URL(page.url()).pathname.split('/').pop()!;

    // Back from checkout and on again: the wizard opens where the customer left it, with their
    // answers (docs/decisions/445-the-wizard-keeps-its-answers.md); their own quote is replaced, and
    // the window they hold is not "no longer available" to them (decision 441).
    await page.goBack();
    await page.getByRole('button', { name: 'Book Service Now' }).first().click();
    const again = page.getByRole('dialog', { name: 'Book a Mobile Service' });
    await again.getByText('Step 6 of 7').waitFor();
    expect(await again.getByText('Your answers from before are filled in.').isVisible()).toBe(true);
    expect(await again.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await again.getByTestId('order-total').textContent()).toBe('$855.80');
    await again.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL((url) => /^\/checkout\/[^/?]+$/.test(url.pathname) && !url.pathname.endsWith(firstToken));
    const token = new URL(page.url()).pathname.split('/').pop()!;

    // The order summary, the surcharge line and the test-mode label.
    await page.getByRole('heading', { name: 'Order summary' }).waitFor();
    // The card form appears once the payment intent is ready.
    await page.getByLabel('Card number').waitFor();
    expect(await page.getByText('Test mode - no real payment is taken').isVisible()).toBe(true);
    expect(await page.getByText('4 x 205/55R16 tyre').isVisible()).toBe(true);
    expect(await page.getByText('Prepaid discount').isVisible()).toBe(true);
    expect(await page.getByText('Card surcharge (1.7%)').isVisible()).toBe(true);
    expect(await page.getByText('12 Example Street, Mandurah 6210').isVisible()).toBe(true);
    expect(await page.getByText('2018 Toyota Corolla (1PAY001)').isVisible()).toBe(true);
    // 855.80 + round(855.80 x 1.7%) = 855.80 + 14.55
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$870.35');
    expect(await payButton(page).textContent()).toBe('Pay $870.35');

    // Hold the confirm call until the in-progress state has been seen and a second press tried.
    let confirmCalls = 0;
    let releaseConfirm!: () => void;
    const confirmReleased = new Promise<void>((r) => (releaseConfirm = r));
    await page.route('**/api/payments/simulated/confirm', async (route) => {
      confirmCalls++;
      await confirmReleased;
      await route.continue();
    });
    await fillCard(page, '4242 4242 4242 4242');
    await payButton(page).click();
    await expect.poll(() => payButton(page).textContent()).toBe('Processing...');
    expect(await payButton(page).isDisabled()).toBe(true);
    await payButton(page)
      .click({ force: true, timeout: 1000 })
      .catch(() => undefined);
    releaseConfirm();

    await page.waitForURL(
      (url) =>
        url.pathname === '/' &&
        url.searchParams.get('payment') === 'success' &&
        url.searchParams.get('booking') === token,
    );
    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment successful' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    const { status, body } = await bookingByToken(token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      paymentStatus: 'paid',
      amount: '855.80',
      surchargeAmount: '14.55',
      totalAmount: '870.35',
    });
    expect(await page.getByTestId('job-number').textContent()).toBe(body.jobNumber);
    // No mail server here: the page says so instead of "on its way" (decision 241).
    expect(
      await page
        .getByText(
          `Please keep your booking reference: we can't send emails at the moment, so no confirmation email will reach ${email}.`,
        )
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText('on its way').count()).toBe(0);
    expect(await page.getByText(/technician will call you before arriving within your 2-hour window/).isVisible()).toBe(
      true,
    );
    expect(confirmCalls).toBe(1);

    const emails = (await outbox()).filter((e) => e.to === email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain(body.jobNumber);

    // The paid page shows the booking's own page, the same link as the confirmation (decision 422),
    // and says plainly it could not be sent (no mail server, no texts here).
    const emailedLink = /Manage your booking here: (\S+)/.exec(emails[0]!.text)?.[1];
    expect(emailedLink).toMatch(/\/booking\/[\w-]{32}$/);
    const manage = page.getByRole('link', { name: 'Manage your booking' });
    expect(await manage.getAttribute('href')).toBe(emailedLink);
    expect(
      await page
        .getByText("We couldn't send this link by email or text, so please keep it now: copy or bookmark it.")
        .isVisible(),
    ).toBe(true);
    await manage.click();
    await expect.poll(() => page.getByText(body.jobNumber).first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe(new URL(emailedLink!).pathname);
    expect(errors).toEqual([]);
  });

  it('shows Payment Failed for the declined card 4000 0000 0000 0002 and leaves the booking unpaid', async () => {
    const email = `sam.declined.${Date.now()}@example.com`;
    const { bookingToken, amount } = await quoteViaApi(bookingDay(1), '12-2 PM', email);
    expect(amount).toBe('99.80');
    const page = await browser.newPage();
    await page.goto(`/checkout/${bookingToken}`);
    await page.getByLabel('Card number').waitFor();
    await expect.poll(() => payButton(page).textContent()).toBe('Pay $101.50');

    await fillCard(page, '4000 0000 0000 0002');
    await payButton(page).click();
    await expect.poll(() => page.getByText('Payment Failed', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Your card was declined.').first().isVisible()).toBe(true);
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/checkout/${bookingToken}`);
    expect((await bookingByToken(bookingToken)).body.paymentStatus).toBe('pending');
    expect((await outbox()).filter((e) => e.to === email)).toHaveLength(0);
  });

  it('does not mark a booking paid from the return address alone', async () => {
    const { bookingToken } = await quoteViaApi(bookingDay(2), '8-10 AM', `sam.forged.${Date.now()}@example.com`);
    const page = await browser.newPage();
    await page.goto(`/?payment=success&booking=${bookingToken}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Confirming your payment' }).isVisible()).toBe(true);
    expect(await page.getByText('Payment successful').count()).toBe(0);
    expect((await bookingByToken(bookingToken)).body.paymentStatus).toBe('pending');
  });

  it('shows Booking Not Found for an unknown or expired token', async () => {
    const page = await browser.newPage();
    await page.goto('/checkout/this-token-does-not-exist-123');
    await expect.poll(() => page.getByRole('heading', { name: 'Booking Not Found' }).isVisible()).toBe(true);
    expect(await page.getByText('The requested booking could not be found or has expired.').first().isVisible()).toBe(
      true,
    );
    // The toast says it too.
    expect(
      await page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Booking Not Found')
        .isVisible(),
    ).toBe(true);
    expect(await page.getByLabel('Card number').count()).toBe(0);
  });
});
