import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/domain/perth-time';
import { launchTestBrowser, newTestContext, eventually } from '../helpers/browser';
import { startBuiltApp, type BuiltApp } from '../helpers/built-app';
import { E2E_CLOCK_START, E2E_TODAY, e2eNow } from '../helpers/e2e-calendar';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

/**
 * The owner reads the audit log from a 360 px phone (docs/decisions/303-one-audit-log-every-history-a-view.md,
 * 330-audit-log-address-and-download.md): a change they just made, with who, the old and new value
 * and the address, narrowed by kind and days, and downloaded as CSV. A server of its own: its fees change.
 */
let app: BuiltApp;
let browser: Browser;
beforeAll(async () => {
  app = await startBuiltApp(
    { ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password },
    { clockStart: E2E_CLOCK_START },
  );
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const AUDIT = 'section[aria-labelledby="audit-log-heading"]';
const shots = path.resolve(import.meta.dirname, '../../test-results');
async function shot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await page.locator(AUDIT).screenshot({ path: path.join(shots, name) });
}
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function expectAccessible(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function phonePage(): Promise<Page> {
  const context = await newTestContext(browser, {
    viewport: { width: 360, height: 780 },
    baseURL: app.baseUrl,
    locale: 'en-AU',
    timezoneId: 'Australia/Perth',
    acceptDownloads: true,
  });
  await context.clock.install({ time: e2eNow(app.launchedAtMs) });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

describe('the audit log on a 360 px phone', () => {
  it('shows the fee the owner changed with the old and new value, filters by kind and days, and downloads as CSV', async () => {
    const page = await phonePage();
    await page.goto('/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);

    await page.goto('/dashboard?tab=settings&section=fees');
    const fees = page.locator('section[aria-labelledby="fees-heading"]');
    await eventually(() => fees.getByLabel('Puncture repair').inputValue()).toBe('40.00');
    await fees.getByLabel('Puncture repair').fill('45.50');
    await fees.getByRole('button', { name: 'Save Fees' }).click();
    await eventually(() =>
      fees.getByRole('region', { name: 'Recent changes' }).getByText('Puncture repair: 40.00 -> 45.50').isVisible(),
    ).toBe(true);

    // One screen per subject on a phone (decision 428): back to the index, then its audit log.
    await page.getByRole('link', { name: 'All settings' }).click();
    await page.getByRole('navigation', { name: 'Business settings' }).getByRole('link', { name: 'Audit log' }).click();
    const audit = page.locator(AUDIT);
    const entries = audit.getByRole('list', { name: 'Audit log entries' });
    // The section was read when the tab opened; a page reload shows the change just made.
    await page.reload();
    await eventually(() => entries.getByText('changed: Puncture repair 40.00 -> 45.50').isVisible()).toBe(true);
    const card = entries.getByRole('listitem').filter({ hasText: 'Puncture repair 40.00 -> 45.50' });
    expect(await card.textContent()).toContain(E2E_ADMIN.username);
    expect(await card.textContent()).toMatch(/127\.0\.0\.1|::1/);

    // Kind and days: the fee change is a setting of today, and nothing matches tomorrow.
    await eventually(() => audit.getByLabel('Kind').locator('option', { hasText: 'Setting' }).count()).toBe(1);
    await audit.getByLabel('Kind').selectOption({ label: 'Setting' });
    await audit.getByLabel('From').fill(E2E_TODAY);
    await eventually(() => entries.getByText('changed: Puncture repair 40.00 -> 45.50').isVisible()).toBe(true);
    await audit.getByLabel('From').fill(addDays(E2E_TODAY, 1));
    await eventually(() => audit.getByText('No entries match these filters.').isVisible()).toBe(true);

    // The server's own rule and words, before anything is sent.
    await audit.getByLabel('To').fill(E2E_TODAY);
    await eventually(() => audit.getByRole('alert').textContent()).toBe('From must be on or before To');
    expect(await audit.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, AUDIT);

    await audit.getByLabel('From').fill(E2E_TODAY);
    await eventually(() => entries.getByText('changed: Puncture repair 40.00 -> 45.50').isVisible()).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, AUDIT);
    await shot(page, 'staff-audit-log-360.png');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      audit.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('When (UTC),Who,Address,Kind,Subject,What,Action,Field,From,To,Note');
    expect(csv).toContain(`${E2E_ADMIN.username},`);
    expect(csv).toMatch(/,setting,fees,Fees,changed,Puncture repair,40\.00,45\.50,/);

    // A desk: the same rows as a table.
    await page.setViewportSize({ width: 1280, height: 900 });
    const table = audit.getByRole('table', { name: 'Audit log entries' });
    await eventually(() =>
      table.getByRole('row').filter({ hasText: 'Puncture repair 40.00 -> 45.50' }).isVisible(),
    ).toBe(true);
    expect(await entries.isVisible()).toBe(false);
    await expectAccessible(page, AUDIT);
    await shot(page, 'staff-audit-log-1280.png');
  });
});
