import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotWindowLabel, type TimeSlot } from '../../src/shared/domain/slots';
import { VANS_MESSAGE } from '../../src/shared/schemas/capacity';
import { launchTestBrowser, newTestContext, eventually } from '../helpers/browser';
import { startBuiltApp, type BuiltApp } from '../helpers/built-app';
import { E2E_CLOCK_START, e2eNow } from '../helpers/e2e-calendar';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

/**
 * The owner sets the vans on the road from a 360 px phone (docs/decisions/302-slot-places-one-per-
 * van.md). A server of its own: the other browser files expect one van.
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

const VANS = 'section[aria-labelledby="vans-heading"]';

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

async function expectAccessible(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('Vans on the road on a 360 px phone', () => {
  it("refuses 0, 21, 1.5 and text on the form with the server's words, saves 2 and shows the change in the history", async () => {
    const page = await phonePage();
    await page.goto('/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/dashboard?tab=settings#vans');

    const section = page.locator(VANS);
    const field = section.getByRole('textbox', { name: 'Vans on the road' });
    await eventually(() => field.inputValue()).toBe('1');
    const save = section.getByRole('button', { name: 'Save Vans' });
    expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    for (const bad of ['0', '21', '1.5', 'abc']) {
      await field.fill(bad);
      await save.click();
      await eventually(() => section.getByRole('alert').filter({ hasText: VANS_MESSAGE }).count()).toBe(1);
    }
    await expectAccessible(page, VANS);

    await field.fill('2');
    await save.click();
    await eventually(() =>
      page.locator('li[data-swipe-direction]').getByText('each slot now takes 2 jobs', { exact: false }).count(),
    ).toBeGreaterThan(0);
    await eventually(() => section.getByText('Vans on the road: 1 -> 2').count()).toBe(1);
    const stored = await page.evaluate(async () => (await fetch('/api/dashboard/settings/capacity')).json());
    expect(stored).toEqual({ vans: 2 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, VANS);
  });
});

/** A public onsite booking on this file's own server; returns the job number. */
async function book(day: string, slot: TimeSlot, who: string): Promise<string> {
  const res = await fetch(`${app.baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({
      customer: { name: `${who} Driver`, email: `${who.toLowerCase()}.vans@example.com`, phone: '0400 333 444' },
      vehicle: { make: 'Mazda', model: '3', year: 2020, registration: `V${who.slice(0, 5).toUpperCase()}` },
      job: {
        serviceType: 'puncture-repair',
        scheduledDate: day,
        timeSlot: slot,
        address: `4 ${who} Street`,
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
  return ((await res.json()) as { jobNumber: string }).jobNumber;
}

describe('The Time-slots tab with two vans on a 360 px phone', () => {
  it('lists both jobs of a full slot with thumb-sized links and counts the places taken', async () => {
    const page = await phonePage();
    await page.goto('/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    const vans = await page.evaluate(
      async () =>
        (
          await fetch('/api/dashboard/settings/capacity', {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ vans: 2 }),
          })
        ).status,
    );
    expect(vans).toBe(200);

    // Wednesday 2 December 2026: a business day inside the public horizon of the suite's clock.
    const day = '2026-12-02';
    const first = await book(day, '10-12 AM', 'Ada');
    const second = await book(day, '10-12 AM', 'Bea');
    const alone = await book(day, '2-4 PM', 'Cy');
    // The server renders the tab from its own clock, the phone hydrates it from the same day: no mismatch
    // makes React throw the server's markup away (and the rows with it) as the owner looks.
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/dashboard?tab=time-slots&from=${day}`);

    const card = page.getByRole('listitem', { name: 'Wed 2 Dec' });
    const row = card.getByRole('listitem').filter({ hasText: slotWindowLabel('10-12 AM') });
    for (const jobNumber of [first, second]) {
      const link = row.getByRole('link', { name: jobNumber });
      // The day card may be drawn again as it nears the screen (decision 390): wait for the link's own box.
      await eventually(async () => (await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await row.getByText('2 of 2 booked').isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: /^Block / }).count()).toBe(0);
    const partly = card.getByRole('listitem').filter({ hasText: slotWindowLabel('2-4 PM') });
    expect(await partly.getByText('1 of 2 booked').isVisible()).toBe(true);
    expect(await partly.getByRole('link', { name: alone }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await row.screenshot({
      path: path.resolve(import.meta.dirname, '../../test-results/staff-slots-two-vans-360.png'),
    });
    await expectAccessible(page, 'ol[aria-label="Days"]');
    expect(errors).toEqual([]);
  });
});
