import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_TIME_MESSAGE } from '../../src/shared/schemas/customer-messages';
import { launchTestBrowser, newTestContext, eventually } from '../helpers/browser';
import { startBuiltApp, type BuiltApp } from '../helpers/built-app';
import { E2E_CLOCK_START, e2eNow } from '../helpers/e2e-calendar';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

/**
 * Messages to customers on a 390 px phone (docs/decisions/365-messages-to-customers-setting.md and
 * 368-on-my-way-text.md): the owner sets the reminder time, and texts a customer "on my way" from
 * the job dialog. A server of its own: the settings change here must not reach other files.
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

const MESSAGES = 'section[aria-labelledby="messages-heading"]';

async function signedInPhone(): Promise<Page> {
  const context = await newTestContext(browser, {
    viewport: { width: 390, height: 844 },
    baseURL: app.baseUrl,
    locale: 'en-AU',
    timezoneId: 'Australia/Perth',
    hasTouch: true,
    isMobile: true,
  });
  await context.clock.install({ time: e2eNow(app.launchedAtMs) });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto('/auth');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
  return page;
}

async function expectAccessible(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('Messages to customers on a 390 px phone', () => {
  it("refuses a reminder time outside 8 am-8 pm with the server's words, saves 17:15 and shows it in the history", async () => {
    const page = await signedInPhone();
    await page.goto('/dashboard?tab=settings#messages');
    const section = page.locator(MESSAGES);
    const time = section.getByLabel('Reminder time the day before');
    await eventually(() => time.inputValue()).toBe('16:00');
    expect(await section.getByLabel('Send visit reminders').isChecked()).toBe(true);
    const save = section.getByRole('button', { name: 'Save Messages' });
    expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect((await time.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await time.fill('21:00');
    await save.click();
    await eventually(() => section.getByRole('alert').filter({ hasText: REMINDER_TIME_MESSAGE }).count()).toBe(1);
    expect(await page.evaluate(async () => (await fetch('/api/dashboard/settings/messages')).json())).toMatchObject({
      reminderTime: '16:00',
    });

    await time.fill('17:15');
    await section.getByLabel('Send review requests').uncheck();
    await save.click();
    await eventually(() =>
      page.locator('li[data-swipe-direction]').getByText('Messages to customers saved.').count(),
    ).toBeGreaterThan(0);
    await eventually(() => section.getByText('Reminder time the day before: 16:00 -> 17:15').count()).toBe(1);
    expect(await page.evaluate(async () => (await fetch('/api/dashboard/settings/messages')).json())).toMatchObject({
      reminderTime: '17:15',
      reviewRequestsOn: false,
    });
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, MESSAGES);
  });

  it('texts the customer of a job in progress from the job dialog, once: a second tap says when the first went', async () => {
    const page = await signedInPhone();
    const booked = await page.evaluate(async () => {
      const res = await fetch('/api/bookings', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          customer: { name: 'Pat Waiting', email: 'pat.waiting@example.com', phone: '0400 333 444' },
          vehicle: { make: 'Mazda', model: '3', year: 2020, registration: 'OMW001' },
          job: {
            serviceType: 'puncture-repair',
            scheduledDate: '2026-11-24',
            timeSlot: '10-12 AM',
            address: '4 Waiting Street',
            suburb: 'Mandurah',
            postcode: '6210',
            tyreSize: null,
            tyreQuantity: null,
            notes: null,
            paymentMethod: 'onsite',
          },
        }),
      });
      return { status: res.status, body: (await res.json()) as { jobId: string } };
    });
    expect(booked.status).toBe(200);
    const { jobId } = booked.body;

    // A new job offers no on-my-way text; started (en route), it does.
    await page.goto(`/dashboard?tab=jobs&job=${jobId}`);
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByText('Pat Waiting').first().isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Text the customer' }).count()).toBe(0);
    const started = await page.evaluate(
      async (id) =>
        (
          await fetch(`/api/dashboard/jobs/${id}/status`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ status: 'in-progress' }),
          })
        ).status,
      jobId,
    );
    expect(started).toBe(200);
    await page.reload();

    const text = dialog.getByRole('button', { name: 'Text the customer' });
    await eventually(() => text.isVisible()).toBe(true);
    expect((await text.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await text.click();
    const state = dialog.locator('#on-my-way-state');
    await eventually(() => state.textContent()).toMatch(/^Texted Pat Waiting: arriving about \d{1,2}:\d{2} (am|pm)\.$/);
    await text.click();
    await eventually(() => state.textContent()).toMatch(/^Already texted at \d{1,2}:\d{2} (am|pm)$/);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, '[role="dialog"]');
  });
});
