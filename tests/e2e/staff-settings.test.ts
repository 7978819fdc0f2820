import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { launchTestBrowser, newTestContext, eventually } from '../helpers/browser';
import { startBuiltApp, type BuiltApp } from '../helpers/built-app';
import { E2E_CLOCK_START, E2E_TODAY, e2eNow } from '../helpers/e2e-calendar';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

/**
 * The owner runs the fees and the business profile from a 360 px phone (docs/decisions/280-owner-
 * settings-in-the-database.md). A server of its own: its fees and ABN change, and the other
 * browser files expect the defaults.
 */
let app: BuiltApp;
let browser: Browser;
beforeAll(async () => {
  app = await startBuiltApp(
    { ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password, PAYMENTS_SIMULATED: 'true' },
    { clockStart: E2E_CLOCK_START },
  );
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const shots = path.resolve(import.meta.dirname, '../../test-results');
async function shot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, name), fullPage: true });
}

const SETTINGS = 'section[aria-labelledby="fees-heading"]';

async function phonePage(): Promise<Page> {
  const context = await newTestContext(browser, {
    viewport: { width: 360, height: 780 },
    baseURL: app.baseUrl,
    locale: 'en-AU',
    timezoneId: 'Australia/Perth',
  });
  await context.clock.install({ time: e2eNow(app.launchedAtMs) });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** The visible text of a server-rendered page, fetched as a search engine would. */
async function publicText(path: string): Promise<string> {
  const html = await (await fetch(`${app.baseUrl}${path}`)).text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

async function expectAccessible(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function toastSays(page: Page, text: string) {
  await eventually(() =>
    page.locator('li[data-swipe-direction]').getByText(text, { exact: false }).count(),
  ).toBeGreaterThan(0);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function signIn(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** The wizard as a customer uses it, up to the order summary of a puncture repair paid online. */
async function quotePunctureInWizard(page: Page): Promise<Locator> {
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Book Service Now' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Book a Mobile Service' });
  await dialog.getByText('Step 1 of 7').waitFor();
  await dialog.getByLabel('Date', { exact: true }).fill(nextBusinessDay(E2E_TODAY));
  const slot = dialog.getByRole('button', { name: '10 am - 12 pm', exact: true });
  await eventually(() => slot.isEnabled()).toBe(true);
  await slot.click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('radio', { name: /Puncture Repair/ }).click(); // a service card moves on by itself
  await dialog.getByText('Step 4 of 7').waitFor();
  await dialog.getByLabel('Street address').fill('12 Example Street');
  await dialog.getByLabel('Suburb').fill('Mandurah');
  await eventually(() => dialog.getByLabel('Postcode').inputValue()).toBe('6210');
  await dialog.getByLabel('Make').fill('Toyota');
  await dialog.getByLabel('Model').fill('Corolla');
  await dialog.getByLabel('Year').fill('2018');
  await dialog.getByLabel('Registration').fill('1ABC234');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Step 5 of 7').waitFor();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Step 6 of 7').waitFor();
  return dialog;
}

describe('Settings on a 360 px phone', () => {
  it('the owner changes the puncture fee and the prepay discount; the wizard and the home page quote them at once', async () => {
    // The home page is rendered once and kept (decision 232) before the change.
    expect(await publicText('/')).toContain('Save $30 when you book and pay online');

    const page = await phonePage();
    await signIn(page);
    await page.goto('/dashboard?tab=settings');
    const index = page.getByRole('navigation', { name: 'Business settings' });
    await eventually(() => index.getByRole('link', { name: 'Changes' }).isVisible()).toBe(true);
    // Fees and prices is a screen of its own on a phone, from the index (decision 428).
    await index.getByRole('link', { name: 'Fees and prices' }).click();
    await page.waitForURL('**/dashboard?tab=settings&section=fees');
    const fees = page.locator(SETTINGS);
    await eventually(() => fees.getByLabel('Puncture repair').inputValue()).toBe('40.00');

    // The server's own rule and message, before anything is sent.
    await fees.getByLabel('Puncture repair').fill('1.234');
    await fees.getByRole('button', { name: 'Save Fees' }).click();
    await eventually(() => fees.getByRole('alert').first().textContent()).toBe('Must be a valid decimal amount');

    await fees.getByLabel('Puncture repair').fill('45.50');
    await fees.getByLabel('Prepayment discount').fill('25');
    // The admin estimate follows the fees as they are typed.
    await eventually(() => fees.getByRole('definition').first().textContent()).toBe('$135.30');
    await fees.getByRole('button', { name: 'Save Fees' }).click();
    await toastSays(page, 'Fees saved');
    const changes = fees.getByRole('region', { name: 'Recent changes' });
    await eventually(() => changes.getByText('Puncture repair: 40.00 -> 45.50').isVisible()).toBe(true);
    expect(await changes.getByText('Prepayment discount: 30.00 -> 25.00').isVisible()).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, 'staff-settings-360.png');
    await expectAccessible(page, SETTINGS);
    // The whole history is a screen of its own (decision 428), back through the index.
    await page.getByRole('link', { name: 'All settings' }).click();
    await index.getByRole('link', { name: 'Changes and audit log' }).click();
    const history = page.locator('section[aria-labelledby="changes-heading"]');
    await eventually(() => history.getByText('Puncture repair', { exact: false }).first().isVisible()).toBe(true);
    await expectAccessible(page, 'section[aria-labelledby="changes-heading"]');

    // A customer on the public site: the new fee in the wizard's quote, the new discount on the page.
    const customer = await phonePage();
    const wizard = await quotePunctureInWizard(customer);
    // 89.80 + 45.50 - 25.00 online; 135.30 on site.
    await eventually(() => wizard.getByTestId('order-total').textContent()).toBe('$110.30');
    expect(await wizard.getByText('Pay online now and save $25').isVisible()).toBe(true);
    await wizard.getByRole('radio', { name: /Pay on site/ }).check();
    expect(await wizard.getByTestId('order-total').textContent()).toBe('$135.30');
    expect(await publicText('/')).toContain('Save $25 when you book and pay online');
  });

  it('every section is on one subject screen of the index, each opens at its top, back returns to the index, and a desk keeps them all', async () => {
    // A desk: the index above every section, in the index's order (nothing lost from 640 px up).
    const deskContext = await newTestContext(browser, { viewport: { width: 1280, height: 900 }, baseURL: app.baseUrl });
    const desk = await deskContext.newPage();
    desk.setDefaultTimeout(10_000);
    await signIn(desk);
    await desk.goto('/dashboard?tab=settings');
    await eventually(() => desk.getByRole('heading', { name: 'Text messages' }).isVisible()).toBe(true);
    // The two subjects whose code comes on demand, in place too.
    await eventually(() => desk.getByRole('heading', { name: 'Suburb pages', exact: true }).isVisible()).toBe(true);
    await eventually(() => desk.getByRole('heading', { name: 'Tyres', exact: true }).isVisible()).toBe(true);
    const headingsOf = (page: Page) =>
      page.evaluate(() =>
        [...document.querySelectorAll('main h2')].map((h) => (h.textContent ?? '').replace(/\s+/g, ' ').trim()),
      );
    const everySection = await headingsOf(desk);
    expect(everySection).toContain('Customer emails');
    expect(everySection).toContain('Text messages');
    expect(everySection).toContain('Fees and prices');
    await deskContext.close();

    // A phone: the index alone (with who is signed in), then each subject on a screen of its own.
    const page = await phonePage();
    await signIn(page);
    await page.goto('/dashboard?tab=settings');
    const index = page.getByRole('navigation', { name: 'Business settings' });
    await eventually(() => index.getByRole('link').count()).toBeGreaterThan(5);
    const subjects = await index.getByRole('link').allTextContents();
    // The owner's business first, their own account last.
    expect(subjects.slice(0, 4)).toEqual(['Business profile', 'Fees and prices', 'Vans and rosters', 'Closures']);
    expect(subjects.at(-1)).toBe('My account');
    expect(await headingsOf(page)).toEqual(['Account']);
    for (const link of await index.getByRole('link').all()) {
      expect((await link.boundingBox())!.height, (await link.textContent()) ?? '').toBeGreaterThanOrEqual(44);
    }
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, 'nav[aria-label="Business settings"]');

    // Read from the screens themselves, so a section added later on no subject's screen fails here.
    const seen: string[] = [];
    for (const subject of subjects) {
      // Scrolled down first, so the subject is seen to open at its top.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await index.getByRole('link', { name: subject, exact: true }).click();
      await page.waitForURL(/[?&]section=[a-z-]+$/);
      const back = page.getByRole('link', { name: 'All settings' });
      await back.waitFor();
      await eventually(async () => (await headingsOf(page)).length).toBeGreaterThan(0);
      const headings = await headingsOf(page);
      seen.push(...headings);
      // The screen's first heading is in view, under the header, and nothing covers it.
      const first = page.locator('main h2').first();
      expect(
        await first.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + 4, r.y + r.height / 2);
          return r.top >= 0 && r.bottom <= window.innerHeight && hit !== null && el.contains(hit);
        }),
        subject,
      ).toBe(true);
      expect(await noSidewaysScroll(page), subject).toBe(true);
      expect((await back.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      // Back (the browser's) returns to the index.
      await page.goBack();
      await page.waitForURL(/tab=settings$/);
      await index.waitFor();
    }
    expect(seen).toEqual(everySection);

    // The same subjects in the "More" sheet, each a full target, marking the one open.
    await index.getByRole('link', { name: 'Closures', exact: true }).click();
    await page.waitForURL('**/dashboard?tab=settings&section=closures');
    await page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('button', { name: /Settings/ })
      .click();
    const inMore = page.getByRole('dialog', { name: 'More sections' }).getByRole('navigation', { name: 'Settings' });
    expect(await inMore.getByRole('link').allTextContents()).toEqual(subjects);
    for (const link of await inMore.getByRole('link').all()) {
      expect((await link.boundingBox())!.height, (await link.textContent()) ?? '').toBeGreaterThanOrEqual(44);
    }
    expect(await inMore.getByRole('link', { name: 'Closures', exact: true }).getAttribute('aria-current')).toBe('page');
    await inMore.getByRole('link', { name: 'Vans and rosters', exact: true }).click();
    await page.waitForURL('**/dashboard?tab=settings&section=vans');
    await eventually(() => page.getByRole('heading', { name: 'Vans on the road' }).isVisible()).toBe(true);
    // The rosters are each technician's, under Team: one tap away.
    expect(await page.getByRole('link', { name: "Technicians' rosters" }).getAttribute('href')).toBe(
      '/dashboard?tab=team',
    );

    // An old link to a section's anchor (the alert emails' #system) opens the subject holding it.
    await page.goto('/dashboard?tab=settings#text-messages');
    await eventually(() => page.getByRole('heading', { name: 'Text messages' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Messages to customers' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Fees and prices' }).count()).toBe(0);
  });

  it('on a fresh start the phone alone saves with the ABN not set yet; a wrong ABN is refused, a right one is shown on the public pages', async () => {
    expect(await publicText('/')).toContain('ABN 00 000 000 000');
    const page = await phonePage();
    await signIn(page);
    await page.goto('/dashboard?tab=settings#business');
    const business = page.locator('section[aria-labelledby="business-heading"]');
    const abn = business.getByLabel('ABN');
    await eventually(() => business.getByLabel('Phone').inputValue()).toBe('08 5550 1234');
    expect(await abn.inputValue()).toBe('');
    expect(await abn.getAttribute('placeholder')).toBe('Not set yet');
    await business.getByLabel('Phone').fill('0412 999 888');
    await business.getByRole('button', { name: 'Save Business Profile' }).click();
    await toastSays(page, 'Business profile saved');
    const home = await publicText('/');
    expect(home).toContain('0412 999 888');
    expect(home).toContain('ABN 00 000 000 000');

    await abn.fill('51824753557');
    await business.getByRole('button', { name: 'Save Business Profile' }).click();
    await eventually(() => business.getByText('ABN is not valid: check the 11 digits').isVisible()).toBe(true);

    await abn.fill('51824753556');
    await business.getByRole('button', { name: 'Save Business Profile' }).click();
    await toastSays(page, 'Business profile saved');
    await eventually(() => abn.inputValue()).toBe('51 824 753 556');
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, 'section[aria-labelledby="business-heading"]');
    expect(await publicText('/')).toContain('ABN 51 824 753 556');
  });
});
