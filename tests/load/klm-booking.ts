/**
 * How long a booking takes on a phone, by the keystroke-level model
 * (docs/decisions/355-booking-wizard-on-a-phone.md): 1.3 s a tap, 0.28 s a character typed, 1.35 s
 * a decision (one for each screen read and one for each field filled or choice made), plus the
 * waits measured on the page (from a tap until what it brings is ready).
 *
 * The walk: two 205/55R16 tyres for a 2017 Toyota Corolla in Rockingham, paid on site, on a
 * 390 px touch screen, tapping a field and then typing into it as a person does. Three customers
 * (docs/decisions/412-book-again.md):
 * - new: types everything (goal 75 s);
 * - autofill: a new customer whose phone fills the street, suburb, name, phone and email from one
 *   suggestion each (a tap on the field and a tap on the suggestion, nothing typed; no goal);
 * - returning: taps "Book again" in the first booking's email and books the same tyres on the next
 *   free window, with everything filled in (goal 30 s).
 *
 * Builds nothing: run `npm run build` first. Starts the built app on a free port with a fresh data
 * directory and its clock at a Monday 7 am in Perth, as the browser tests do.
 *   npm run bench:klm-booking              # exits 1 above a goal (new 75 s, returning 30 s)
 *   npm run bench:klm-booking -- --slow    # CPU x4 and a slow connection (150 ms, 1.6 Mbps)
 */
import type { Locator, Page } from 'playwright-core';
import { startBuiltApp } from '../helpers/built-app';
import { launchTestBrowser } from '../helpers/browser';
import { E2E_CLOCK_START } from '../helpers/e2e-calendar';

const TAP_S = 1.3;
const CHAR_S = 0.28;
const DECISION_S = 1.35;
const GOAL_S = 75;
const RETURNING_GOAL_S = 30;
const slow = process.argv.includes('--slow');

class Walk {
  taps = 0;
  chars = 0;
  decisions = 0;
  screens = 0;
  fields = 0;
  waitMs = 0;
  /** Each wait by what was waited for, so the slow one can be found. */
  waits: [string, number][] = [];
  constructor(readonly page: Page) {}

  /** A new screen is read: one decision. */
  screen() {
    this.screens++;
    this.decisions++;
  }
  async tap(target: Locator) {
    this.taps++;
    await target.tap();
  }
  /** A field filled or a choice made: one decision, then the taps it takes. */
  async choose(target: Locator) {
    this.fields++;
    this.decisions++;
    await this.tap(target);
  }
  /** The phone's own autofill: a tap on the field, a tap on its one suggestion, nothing typed. */
  async autofill(field: Locator, text: string) {
    await this.choose(field);
    this.taps++;
    await field.fill(text);
  }
  async type(field: Locator, text: string) {
    await this.choose(field);
    this.chars += text.length;
    // Still far quicker than the 0.28 s a character the model counts, but not all at once as no thumb types.
    await this.page.keyboard.type(text, { delay: 60 });
  }
  /** The time until something the customer waits for is ready, measured. */
  async wait(what: string, ready: () => Promise<unknown>) {
    const started = performance.now();
    await ready();
    const ms = performance.now() - started;
    this.waitMs += ms;
    this.waits.push([what, ms]);
  }
  seconds() {
    return this.taps * TAP_S + this.chars * CHAR_S + this.decisions * DECISION_S + this.waitMs / 1000;
  }
}

type Mode = 'new' | 'autofill';

async function walkBooking(page: Page, mode: Mode): Promise<{ walk: Walk; manageUrl: string }> {
  const walk = new Walk(page);
  const enter = (field: Locator, text: string) =>
    mode === 'autofill' ? walk.autofill(field, text) : walk.type(field, text);
  const dialog = page.getByRole('dialog', { name: 'Book a Mobile Service' });
  const next = () => walk.tap(dialog.getByRole('button', { name: 'Next' }));
  const step = (n: number) => walk.wait(`step ${n}`, () => dialog.getByText(`Step ${n} of 7`).waitFor());

  await page.goto('/', { waitUntil: 'load' });
  walk.screen(); // the home page
  await walk.tap(page.getByRole('button', { name: 'Book Service Now' }).first());
  await step(1);

  walk.screen(); // step 1: the next free times
  const windows = dialog.getByRole('group', { name: 'Next free times' }).getByRole('button');
  await walk.wait('free windows', () => windows.first().waitFor());
  await walk.choose(windows.first());
  await step(2);

  walk.screen(); // step 2: the service; tapping its card moves on
  await walk.choose(dialog.getByRole('radio', { name: /New Tyres/ }));
  await step(3);

  walk.screen(); // step 3: tyre size, typed as printed ("205 55 16"): one field
  await walk.type(dialog.getByLabel('Width', { exact: true }), '2055516');
  await walk.wait('tyre price', () => dialog.getByTestId('tyres-total').waitFor());
  // Two tyres: the pair the hint recommends, one tap.
  await walk.choose(dialog.getByRole('button', { name: 'Make it 2 tyres' }));
  await walk.wait('total for 2 tyres', async () => {
    while (!((await dialog.getByTestId('tyres-total').textContent()) ?? '').includes('2 tyres'))
      await page.waitForTimeout(20);
  });
  await next();
  await step(4);

  walk.screen(); // step 4: where and which car
  await enter(dialog.getByLabel('Street address', { exact: true }), '12 Example Street');
  await enter(dialog.getByLabel('Suburb', { exact: true }), 'Rockingham');
  await walk.type(dialog.getByLabel('Make', { exact: true }), 'Toyota');
  await walk.type(dialog.getByLabel('Model', { exact: true }), 'Corolla');
  await walk.type(dialog.getByLabel('Year', { exact: true }), '2017');
  await walk.type(dialog.getByLabel('Registration', { exact: true }), '1ABC234');
  await next();
  await step(5);

  walk.screen(); // step 5: photos, optional
  await next();
  await step(6);

  walk.screen(); // step 6: contact and payment
  await walk.choose(dialog.getByRole('radio', { name: /Pay on site/ }));
  await enter(dialog.getByLabel('Name', { exact: true }), 'Sam Taylor');
  await enter(dialog.getByLabel('Phone', { exact: true }), '0400000000');
  await enter(dialog.getByLabel('Email', { exact: true }), 'sam@example.com');
  await walk.tap(dialog.getByRole('button', { name: 'Confirm Booking' }));
  await walk.wait('booking confirmed', () => dialog.getByTestId('booking-reference').waitFor({ timeout: 30_000 }));
  walk.screen(); // the confirmation
  const manageUrl = (await dialog.getByRole('link', { name: 'Manage your booking' }).getAttribute('href')) ?? '';
  return { walk, manageUrl };
}

/**
 * The returning customer: "Book again" from the first booking's email opens the wizard with the
 * contact, car, address and tyre size filled in, on the next free window, chosen already.
 */
async function walkReturning(page: Page, manageUrl: string): Promise<Walk> {
  const walk = new Walk(page);
  const dialog = page.getByRole('dialog', { name: 'Book a Mobile Service' });
  const next = () => walk.tap(dialog.getByRole('button', { name: 'Next' }));
  const step = (n: number) => walk.wait(`step ${n}`, () => dialog.getByText(`Step ${n} of 7`).waitFor());
  const token = manageUrl.split('/booking/')[1];
  if (!token) throw new Error(`The first booking's confirmation showed no manage link (${manageUrl})`);

  walk.screen(); // the email with "Book again"
  walk.taps++; // the tap on its link
  await page.goto(`/book?again=${token}`, { waitUntil: 'load' });
  await step(1);

  walk.screen(); // step 1: the next free window, chosen already
  const windows = dialog.getByRole('group', { name: 'Next free times' }).getByRole('button');
  await walk.wait('details and window', async () => {
    await dialog.getByText(/^Welcome back/).waitFor();
    await windows.and(page.locator('[aria-pressed="true"]')).first().waitFor();
  });
  await next();
  await step(2);

  walk.screen(); // step 2: the same service
  await walk.choose(dialog.getByRole('radio', { name: /New Tyres/ }));
  await step(3);

  walk.screen(); // step 3: the size is filled in; the pair again
  await walk.wait('tyre price', () => dialog.getByTestId('tyres-total').waitFor());
  await walk.choose(dialog.getByRole('button', { name: 'Make it 2 tyres' }));
  await walk.wait('total for 2 tyres', async () => {
    while (!((await dialog.getByTestId('tyres-total').textContent()) ?? '').includes('2 tyres'))
      await page.waitForTimeout(20);
  });
  await next();
  await step(4);

  walk.screen(); // step 4: address and car, filled in: read and go on
  await next();
  await step(5);

  walk.screen(); // step 5: photos, optional
  await next();
  await step(6);

  walk.screen(); // step 6: contact filled in; how to pay
  await walk.choose(dialog.getByRole('radio', { name: /Pay on site/ }));
  await walk.tap(dialog.getByRole('button', { name: 'Confirm Booking' }));
  await walk.wait('booking confirmed', () => dialog.getByTestId('booking-reference').waitFor({ timeout: 30_000 }));
  walk.screen(); // the confirmation
  return walk;
}

function report(label: string, walk: Walk, goal: number | null): boolean {
  const total = walk.seconds();
  const ok = goal === null || total <= goal;
  console.log(`${label}:`);
  console.log(
    `  ${walk.screens} screens, ${walk.taps} taps, ${walk.chars} characters, ${walk.fields} fields, ${walk.decisions} decisions, ${(walk.waitMs / 1000).toFixed(1)} s of waits`,
  );
  console.log(`  waits: ${walk.waits.map(([what, ms]) => `${what} ${Math.round(ms)} ms`).join(', ')}`);
  console.log(
    `  ${walk.taps} x ${TAP_S} + ${walk.chars} x ${CHAR_S} + ${walk.decisions} x ${DECISION_S} + ${(walk.waitMs / 1000).toFixed(1)} = ${total.toFixed(1)} s${goal === null ? '' : ` (goal ${goal} s): ${ok ? 'OK' : 'OVER'}`}`,
  );
  return ok;
}

async function main() {
  const app = await startBuiltApp({ BOOKINGS_PER_ADDRESS: '1000' }, { clockStart: E2E_CLOCK_START });
  const browser = await launchTestBrowser();
  try {
    // Each customer on a phone of their own (a fresh context: no cache, no cookies).
    const phone = async () => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        baseURL: app.baseUrl,
        locale: 'en-AU',
        timezoneId: 'Australia/Perth',
        hasTouch: true,
        isMobile: true,
      });
      await context.clock.install({ time: new Date(Date.parse(E2E_CLOCK_START) + (Date.now() - app.launchedAtMs)) });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      if (slow) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
      }
      return page;
    };
    const failed = (page: Page) => async (err: unknown) => {
      await page.screenshot({ path: 'test-results/klm-booking-failed.png' }).catch(() => undefined);
      throw err;
    };
    const first = await phone();
    const typed = await walkBooking(first, 'new').catch(failed(first));
    const second = await phone();
    const autofilled = await walkBooking(second, 'autofill').catch(failed(second));
    const third = await phone();
    const returning = await walkReturning(third, typed.manageUrl).catch(failed(third));

    const on = `on a 390 px phone${slow ? ' (CPU x4, 150 ms, 1.6 Mbps)' : ''}`;
    const okNew = report(`New customer, typing everything, ${on}`, typed.walk, GOAL_S);
    report(`New customer with the phone's autofill, ${on}`, autofilled.walk, null);
    const okReturning = report(`Returning customer, Book again, ${on}`, returning, RETURNING_GOAL_S);
    process.exitCode = okNew && okReturning ? 0 : 1;
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
