import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTestBrowser, newTestContext, eventually } from '../helpers/browser';
import { startBuiltApp, type BuiltApp } from '../helpers/built-app';
import { E2E_CLOCK_START, e2eNow } from '../helpers/e2e-calendar';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

/**
 * "Your devices" and "Change password" on a 360 px phone (docs/decisions/326-signed-in-devices.md,
 * 325-passwords-people-choose.md). A server of its own: the owner's password changes here.
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

const DESK_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function newContext(width: number, userAgent: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newTestContext(browser, {
    viewport: { width, height: 780 },
    baseURL: app.baseUrl,
    locale: 'en-AU',
    timezoneId: 'Australia/Perth',
    userAgent,
  });
  await context.clock.install({ time: e2eNow(app.launchedAtMs) });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
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

async function signIn(page: Page, password = E2E_ADMIN.password, username = E2E_ADMIN.username) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

const DEVICES = 'section[aria-labelledby="devices-heading"]';
const PASSWORD = 'section[aria-labelledby="password-heading"]';
const NEW_PASSWORD = 'wheel-nut-torque-42';

describe('my devices and my password on a phone', () => {
  it('lists my browsers, signs the other one out at once, and changes my password with the rules shown on the form', async () => {
    const desk = await newContext(1280, DESK_UA);
    const phone = await newContext(360, PHONE_UA);
    await signIn(desk.page);
    await signIn(phone.page);

    const page = phone.page;
    // On a phone devices and password are Settings' "My account" screen (decision 428).
    await page.goto('/dashboard?tab=settings&section=account');
    const devices = page.locator(DEVICES);
    const list = devices.getByRole('list', { name: 'Signed-in devices' });
    await eventually(() => list.getByRole('listitem').count()).toBe(2);
    await expect(list.getByRole('listitem').filter({ hasText: 'This device' }).textContent()).resolves.toContain(
      'Chrome 131 on Android 14',
    );
    const other = list.getByRole('listitem').filter({ hasNotText: 'This device' });
    await expect(other.textContent()).resolves.toContain('Chrome 131 on Windows');
    expect(await noSidewaysScroll(page)).toBe(true);
    for (const button of await devices.getByRole('button').all())
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, DEVICES);
    await shot(page, 'staff-devices-360.png');

    // Sign the desk out from the phone: its very next step lands on the sign-in page.
    await other.getByRole('button', { name: /^Sign out Chrome 131 on Windows/ }).click();
    await toastSays(page, 'Device signed out');
    await eventually(() => list.getByRole('listitem').count()).toBe(1);
    await expect(devices.getByRole('button', { name: 'Sign out everywhere else' }).isDisabled()).resolves.toBe(true);
    await desk.page.getByRole('link', { name: 'Schedule' }).click();
    await desk.page.waitForURL(/\/auth$/);

    // Change password: the form's own rules, then the server's common-password rule on its field.
    const form = page.locator(PASSWORD);
    await form.getByLabel('Current password').fill(E2E_ADMIN.password);
    await form.getByLabel('New password', { exact: true }).fill('short-pw1');
    await form.getByLabel('Repeat new password').fill('short-pw1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Password must be at least 10 characters').waitFor();
    await form.getByLabel('New password', { exact: true }).fill('my-owner-password');
    await form.getByLabel('Repeat new password').fill('my-owner-password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Password must not contain your username').waitFor();
    await form.getByLabel('New password', { exact: true }).fill('qwertyuiop');
    await form.getByLabel('Repeat new password').fill('qwertyuiop');
    await form.getByRole('button', { name: 'Change password' }).click();
    await eventually(() => form.getByText('That password is one of the most common ones').count()).toBe(1);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, PASSWORD);
    await shot(page, 'staff-change-password-360.png');

    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await toastSays(page, 'Password changed');
    await eventually(() => form.getByLabel('Current password').inputValue()).toBe('');

    // The new password is the one that signs in now.
    await signIn(desk.page, NEW_PASSWORD);
    await desk.context.close();
    await phone.context.close();
  });

  it("an admin resets a technician's password from Team; the technician must choose their own before anything else", async () => {
    const admin = await newContext(360, PHONE_UA);
    await signIn(admin.page, NEW_PASSWORD);
    const page = admin.page;
    await page.goto('/dashboard?tab=team');
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByLabel('Username').fill('van_tech_reset');
    await add.getByLabel('Password').fill('first-pass');
    await add.getByRole('button', { name: 'Add User' }).click();
    await toastSays(page, 'User registered successfully');

    await page.getByRole('button', { name: 'Reset password for van_tech_reset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset password for van_tech_reset' });
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    const shown = dialog.getByLabel('Temporary password', { exact: true });
    await eventually(() => shown.count()).toBe(1);
    const temporary = (await shown.textContent())!.trim();
    expect(temporary).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const tech = await newContext(360, PHONE_UA);
    await signIn(tech.page, temporary, 'van_tech_reset');
    await tech.page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await tech.page.getByRole('link', { name: 'My Jobs' }).count()).toBe(0);
    await tech.page.getByLabel('Temporary password').fill(temporary);
    await tech.page.getByLabel('New password', { exact: true }).fill('spare-wheel-stack-9');
    await tech.page.getByLabel('Repeat new password').fill('spare-wheel-stack-9');
    await expectAccessible(tech.page, 'main');
    await shot(tech.page, 'staff-choose-password-360.png');
    await tech.page.getByRole('button', { name: 'Change password' }).click();
    await tech.page.getByRole('link', { name: 'My Jobs' }).waitFor();
    await admin.context.close();
    await tech.context.close();
  });
});
