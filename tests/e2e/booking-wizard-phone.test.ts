import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser';
import { bookingDaysOf } from '../helpers/e2e-calendar';

/**
 * The booking walked on a 390 px touch phone as a person does it: tap a control, then type into it
 * (docs/decisions/355-booking-wizard-on-a-phone.md). Each test books on this file's own days.
 */
const browser = useBrowser({ viewport: { width: 390, height: 844 }, touch: true });
const bookingDay = bookingDaysOf('booking-wizard-phone');

const wizardOf = (page: Page) => page.getByRole('dialog', { name: 'Book a Mobile Service' });

async function openWizard(page: Page): Promise<Locator> {
  page.setDefaultTimeout(10_000);
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Book Service Now' }).first().tap();
  const dialog = wizardOf(page);
  await dialog.getByText('Step 1 of 7').waitFor();
  return dialog;
}

const tapNext = (dialog: Locator) => dialog.getByRole('button', { name: 'Next' }).tap();
const stepShown = (dialog: Locator, n: number) =>
  expect.poll(() => dialog.getByText(`Step ${n} of 7`).isVisible()).toBe(true);

/** Taps a field and types into it with the keyboard, as a thumb and an on-screen keyboard do. */
async function tapAndType(page: Page, field: Locator, text: string) {
  await field.tap();
  await page.keyboard.type(text);
}

async function chooseDay(page: Page, dialog: Locator, day: string, window: string) {
  await dialog.getByLabel('Date', { exact: true }).fill(day);
  const slot = dialog.getByRole('button', { name: window, exact: true });
  await expect.poll(() => slot.isEnabled()).toBe(true);
  await slot.tap();
}

async function toStep4(page: Page, dialog: Locator, day: string, window: string, service: RegExp) {
  await chooseDay(page, dialog, day, window);
  await tapNext(dialog);
  await stepShown(dialog, 2);
  await dialog.getByRole('radio', { name: service }).tap();
}

describe('step 4 (location and vehicle) after an error, on a touch phone', () => {
  it('keeps what is typed into Suburb, Model and Registration after Next with empty fields', async () => {
    const page = await browser.newPage();
    const dialog = await openWizard(page);
    await toStep4(page, dialog, bookingDay(0), '8 am - 10 am', /Puncture Repair/);
    await stepShown(dialog, 4);
    await tapNext(dialog);
    await expect.poll(() => dialog.getByText('Suburb is required').isVisible()).toBe(true);

    for (const [label, typed, kept] of [
      ['Suburb', 'Rockingham', 'Rockingham'],
      ['Model', 'Corolla', 'Corolla'],
      ['Registration', '1abc234', '1ABC234'],
    ] as const) {
      const field = dialog.getByLabel(label, { exact: true });
      await tapAndType(page, field, typed);
      expect(await field.inputValue(), `${label} keeps what was typed`).toBe(kept);
      expect(await field.evaluate((el) => el === document.activeElement), `${label} keeps the focus`).toBe(true);
    }
  });

  it('marks every required field for assistive technology and clears a message as soon as the field is filled', async () => {
    const page = await browser.newPage();
    const dialog = await openWizard(page);
    await toStep4(page, dialog, bookingDay(0), '10 am - 12 pm', /Puncture Repair/);
    await stepShown(dialog, 4);
    for (const label of ['Street address', 'Suburb', 'Postcode', 'Make', 'Model', 'Year', 'Registration']) {
      const field = dialog.getByLabel(label, { exact: true });
      const marked = await field.evaluate(
        (el) => (el as HTMLInputElement).required || el.getAttribute('aria-required') === 'true',
      );
      expect(marked, `${label} is marked required`).toBe(true);
    }
    await tapNext(dialog);
    await expect.poll(() => dialog.getByText('Vehicle make is required').isVisible()).toBe(true);
    // Typing is enough: the message goes while the field still has the focus.
    await tapAndType(page, dialog.getByLabel('Make', { exact: true }), 'Toyota');
    await expect.poll(() => dialog.getByText('Vehicle make is required').count()).toBe(0);
    expect(await dialog.getByLabel('Make', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe('step 2 (service) on a touch phone', () => {
  it('moves on as a service card is tapped, as Enter or Space on it does, while the arrow keys only move the choice', async () => {
    const page = await browser.newPage();
    const dialog = await openWizard(page);
    await dialog.getByRole('group', { name: 'Next free times' }).getByRole('button').first().tap();
    await stepShown(dialog, 2);

    // One tap on the card's name chooses the service and moves on: puncture repair has no tyre step.
    await dialog.getByText('Puncture Repair', { exact: true }).tap();
    await stepShown(dialog, 4);
    // Back shows the service chosen, and Next still goes on for a customer who keeps it.
    await dialog.getByRole('button', { name: 'Back' }).tap();
    await stepShown(dialog, 2);
    expect(await dialog.getByRole('radio', { name: /Puncture Repair/ }).isChecked()).toBe(true);
    await tapNext(dialog);
    await stepShown(dialog, 4);
    await dialog.getByRole('button', { name: 'Back' }).tap();
    await stepShown(dialog, 2);

    // The keyboard: an arrow moves the choice and stays on the step; Space on the card moves on.
    await dialog.getByRole('radio', { name: /Puncture Repair/ }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /Battery Service/ }).isChecked()).toBe(true);
    await page.waitForTimeout(300);
    expect(await dialog.getByText('Step 2 of 7').isVisible()).toBe(true);
    await page.keyboard.press(' ');
    await stepShown(dialog, 4);
    await dialog.getByRole('button', { name: 'Back' }).tap();
    await stepShown(dialog, 2);
    await dialog.getByRole('radio', { name: /Battery Service/ }).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await dialog.getByRole('radio', { name: /New Tyres/ }).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await stepShown(dialog, 3);
  });
});

describe('tyre details on a touch phone', () => {
  it('shows size hints that do not read as values, the total for the tyres chosen, and a hint (no second dialog) for one tyre', async () => {
    const page = await browser.newPage();
    const dialog = await openWizard(page);
    await chooseDay(page, dialog, bookingDay(1), '8 am - 10 am');
    await tapNext(dialog);
    await dialog.getByRole('radio', { name: /New Tyres/ }).tap();
    await stepShown(dialog, 3);

    // An empty width field must not look filled in: its placeholder is not a bare number.
    for (const label of ['Width', 'Profile', 'Rim']) {
      const placeholder = (await dialog.getByLabel(label, { exact: true }).getAttribute('placeholder')) ?? '';
      expect(placeholder, `${label} placeholder`).not.toMatch(/^\d+$/);
    }

    await tapAndType(page, dialog.getByLabel('Width', { exact: true }), '205');
    await tapAndType(page, dialog.getByLabel('Profile', { exact: true }), '55');
    await tapAndType(page, dialog.getByLabel('Rim', { exact: true }), '16');
    await expect.poll(() => dialog.getByText('$159.00 per tyre', { exact: false }).isVisible()).toBe(true);
    // Quantity 1 is the default: a hint on the step recommends a pair, and Next goes on without asking.
    expect(await dialog.getByText(/replacing tyres in pairs/i).isVisible()).toBe(true);
    await dialog.getByLabel('Number of tyres').selectOption('2');
    // 2 x $159.00, fitting $50.00, balancing $30.00 and the $89.80 callout, paying on site (the fee table).
    await expect.poll(() => dialog.getByTestId('tyres-total').textContent()).toContain('$487.80');
    await dialog.getByLabel('Number of tyres').selectOption('1');
    await tapNext(dialog);
    await stepShown(dialog, 4);
    expect(await page.getByRole('dialog', { name: 'Replacing just one tyre?' }).count()).toBe(0);
  });

  it('looks up the price as soon as the size is typed to its last digit, without waiting for a pause', async () => {
    const page = await browser.newPage();
    const dialog = await openWizard(page);
    await dialog.getByRole('group', { name: 'Next free times' }).getByRole('button').first().tap();
    await dialog.getByRole('radio', { name: /New Tyres/ }).tap();
    await stepShown(dialog, 3);
    // The page's clock stands still: a lookup that waited for a pause in the typing would never start.
    // A second ahead: the page's clock moves on between reading it and pausing, more on a busy machine.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const lookup = page.waitForRequest((request) => request.url().includes('/api/tyre-pricing/'), { timeout: 5_000 });
    for (const [label, digits] of [
      ['Width', '205'],
      ['Profile', '55'],
      ['Rim', '16'],
    ] as const)
      await tapAndType(page, dialog.getByLabel(label, { exact: true }), digits);
    expect(decodeURIComponent((await lookup).url())).toContain('205/55R16');
    await page.clock.resume();
    await expect.poll(() => dialog.getByText('$159.00 per tyre', { exact: false }).isVisible()).toBe(true);
  });
});

describe('the price before and after Confirm Booking, on a touch phone', () => {
  it('shows the total uncovered on step 6 and the price and address on the confirmation', async () => {
    const page = await browser.newPage();
    const dialog = await openWizard(page);
    await toStep4(page, dialog, bookingDay(2), '12 pm - 2 pm', /Puncture Repair/);
    await stepShown(dialog, 4);
    await tapAndType(page, dialog.getByLabel('Street address', { exact: true }), '12 Example Street');
    await tapAndType(page, dialog.getByLabel('Suburb', { exact: true }), 'Rockingham');
    await expect.poll(() => dialog.getByLabel('Postcode', { exact: true }).inputValue()).toBe('6168');
    await tapAndType(page, dialog.getByLabel('Make', { exact: true }), 'Toyota');
    await tapAndType(page, dialog.getByLabel('Model', { exact: true }), 'Corolla');
    await tapAndType(page, dialog.getByLabel('Year', { exact: true }), '2017');
    await tapAndType(page, dialog.getByLabel('Registration', { exact: true }), '1PHN001');
    await tapNext(dialog);
    await stepShown(dialog, 5);
    await tapNext(dialog);
    await stepShown(dialog, 6);
    await dialog.getByRole('radio', { name: /Pay on site/ }).tap();
    await tapAndType(page, dialog.getByLabel('Name', { exact: true }), 'Sam Taylor');
    await tapAndType(page, dialog.getByLabel('Phone', { exact: true }), '0400000000');
    await tapAndType(page, dialog.getByLabel('Email', { exact: true }), 'sam.phone.total@example.com');
    // The return-visit reminder is asked for, and left unticked unless the customer ticks it.
    const remind = dialog.getByRole('checkbox', { name: 'Remind me when my tyres or battery are due for a check' });
    expect(await remind.isChecked()).toBe(false);
    await remind.tap();

    // With the last field still focused, the total is inside the screen and nothing is drawn over it.
    const total = dialog.getByTestId('order-total');
    expect(await total.textContent()).toBe('$129.80');
    const uncovered = await total.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const inside =
        box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
      const top = document.elementFromPoint(x, y);
      return inside && !!top && (top === el || el.contains(top));
    });
    expect(uncovered).toBe(true);

    // The smallest phone, where the confirmation's manage link sits low on the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await dialog.getByRole('button', { name: 'Confirm Booking' }).tap();
    await stepShown(dialog, 7);
    const confirmation = (await dialog.textContent()) ?? '';
    expect(confirmation).toContain('$129.80');
    expect(confirmation).toContain('12 Example Street, Rockingham 6168');
    // The "Booking Confirmed!" toast does not lie over the manage link, the only copy without email.
    const news = page.locator('li[data-swipe-direction]').filter({ hasText: 'Booking Confirmed!' });
    await news.waitFor();
    const link = (await dialog.getByRole('link', { name: 'Manage your booking' }).boundingBox())!;
    const toastBox = (await news.boundingBox())!;
    expect(toastBox.y + toastBox.height <= link.y || link.y + link.height <= toastBox.y).toBe(true);
  });
});

describe('step 1 on a touch phone', () => {
  it('offers the next free windows as buttons, focuses the step heading, and opens a calendar for another day', async () => {
    const page = await browser.newPage();
    const dialog = await openWizard(page);
    await expect
      .poll(() =>
        dialog.getByRole('heading', { name: 'Choose a date and time' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    const windows = dialog.getByRole('group', { name: 'Next free times' }).getByRole('button');
    await expect.poll(() => windows.count()).toBe(6);
    // The first is the earliest window still open: one tap chooses its day and time and moves on.
    await windows.first().tap();
    await stepShown(dialog, 2);
    await dialog.getByRole('button', { name: 'Back' }).tap();
    await stepShown(dialog, 1);
    await expect.poll(() => windows.first().getAttribute('aria-pressed')).toBe('true');

    await dialog.getByRole('button', { name: 'Another day' }).tap();
    const calendar = dialog.getByRole('group', { name: /^Calendar/ });
    await calendar.waitFor();
    // Sundays are closed by default: every Sunday of the month shown is disabled, and a business day is not.
    const sunday = calendar.getByRole('button', { name: /^Sunday/ }).first();
    expect(await sunday.isDisabled()).toBe(true);
    // An open day with a free window is named plainly and can be tapped once its windows are known.
    const openDay = calendar
      .getByRole('button', { name: /^(Monday|Tuesday|Wednesday|Thursday|Friday) \d+ [A-Z][a-z]+$/ })
      .first();
    await expect.poll(() => openDay.isEnabled()).toBe(true);
    await openDay.tap();
    await expect.poll(() => calendar.isVisible()).toBe(false);
    expect(await dialog.getByLabel('Date', { exact: true }).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('the book button on a slow phone', () => {
  it('keeps a tap made before the page is interactive: the booking opens', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The scripts arrive late, as on a slow connection: the button is drawn well before it is wired.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const book = page.getByText('Book Service Now').first();
    await book.waitFor();
    // The tap must fall in the gap, or this test would prove nothing: React has not reached the button yet.
    const wired = () =>
      book.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__react'))).catch(() => true);
    expect(await wired()).toBe(false);
    await book.tap();
    await expect.poll(() => wizardOf(page).isVisible(), { timeout: 30_000 }).toBe(true);
    await wizardOf(page).getByText('Step 1 of 7').waitFor();
  });
});
