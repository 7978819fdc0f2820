import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchTestBrowser, newTestContext } from '../helpers/browser';
import { startBuiltApp, type BuiltApp } from '../helpers/built-app';

/** A newcomer runs the app with no staff user and no ADMIN_USERNAME (decision 111). */
let app: BuiltApp;
let browser: Browser;
beforeAll(async () => {
  app = await startBuiltApp({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'info' });
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('first run', () => {
  it('offers the owner account on /dashboard, guarded by the setup code from the log, and never again; the books start empty', async () => {
    const code = /setup code ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(app.output())?.[1];
    expect(code, app.output()).toBeTruthy();
    // docs/decisions/395-newcomer-first-run.md: the first log line is the address to open, and the code
    // also stands out as plain lines, not only inside a JSON line.
    const firstLine = app
      .output()
      .split('\n')
      .find((line) => line.startsWith('{'));
    expect(JSON.parse(firstLine!).msg).toBe(
      `Serving the site at ${app.baseUrl} (staff dashboard: ${app.baseUrl}/dashboard)`,
    );
    expect(app.output()).toContain(`  1. Open ${app.baseUrl}/dashboard\n`);
    expect(app.output()).toContain(`  2. Enter the setup code  ${code}\n`);
    const page = await (await newTestContext(browser, { viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${app.baseUrl}/dashboard`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Create the owner account' }).isVisible(), { timeout: 10_000 })
      .toBe(true);

    // The one password rule (docs/decisions/394-one-password-rule.md): checked in the browser with the
    // server's schema, and the common passwords by the server, on the same field.
    await page.getByLabel('Setup code').fill(code!);
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Password').fill('123456');
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await expect
      .poll(() => page.getByText('Password must be at least 10 characters').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await page.getByLabel('Password').fill('qwertyuiop');
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await expect
      .poll(() => page.getByText('That password is one of the most common ones').first().isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await page.getByRole('heading', { name: 'Create the owner account' }).isVisible()).toBe(true);

    await page.getByLabel('Setup code').fill('WRONG-CODE-0000');
    await page.getByLabel('Password').fill('a-long-password');
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await expect
      .poll(
        () =>
          page
            .getByText(/setup code is not right/)
            .first()
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);

    await page.getByLabel('Setup code').fill(code!);
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Dashboard sections' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    // A new business's books are empty, and say where to start.
    await page.goto(`${app.baseUrl}/dashboard?tab=expenses`);
    await expect
      .poll(() => page.getByText('Start by adding your first business expense.').isVisible(), { timeout: 10_000 })
      .toBe(true);

    // Signed out, the site now asks for a sign-in: the owner screen never appears again.
    const fresh = await (await browser.newContext()).newPage();
    await fresh.goto(`${app.baseUrl}/auth`);
    await expect
      .poll(() => fresh.getByRole('heading', { name: 'Staff sign in' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await fresh.getByRole('heading', { name: 'Create the owner account' }).count()).toBe(0);
  });
});
