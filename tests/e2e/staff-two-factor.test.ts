import AxeBuilder from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eServer, useBrowser, eventually } from '../helpers/browser';
import { e2eNow } from '../helpers/e2e-calendar';
import { staffApi } from '../helpers/staff-api';

// A technician sets up two-factor on the phone in the van, and signs in with it there.
const browser = useBrowser({ viewport: { width: 360, height: 780 } });
const { api, ownerCookie } = staffApi(() => browser.baseUrl);
const username = `twofactor_${Date.now().toString(36)}`;
const password = 'tech-pass-2468';

/** The code an authenticator app shows now: the server's clock is the test clock (E2E_CLOCK_START onwards). */
const codeNow = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: e2eNow(e2eServer().launchedAtMs).getTime() });

/** What a screen reader reads after a field's label: the text of its aria-describedby. */
const description = (field: Locator) =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

async function expectAccessible(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function passwordStep(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('two-factor sign-in on a phone', () => {
  it('a technician sets it up from the QR code page, saves the recovery codes, then signs in with password and code', async () => {
    const added = await api('POST', '/api/admin/users', await ownerCookie(), {
      username,
      password,
      role: 'technician',
    });
    expect(added.status).toBe(201);

    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await passwordStep(page);
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/dashboard?tab=settings');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await eventually(() =>
      section.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg').count(),
    ).toBe(1);
    const typed = (await section.getByLabel('Key to type').textContent())!;
    const secret = typed.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // On the phone that holds the authenticator: open it straight from the page, or paste the key.
    const open = new URL(
      (await section.getByRole('link', { name: 'Open in authenticator app' }).getAttribute('href'))!,
    );
    expect(open.protocol).toBe('otpauth:');
    expect(open.searchParams.get('secret')).toBe(secret);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await section.getByRole('button', { name: 'Copy key' }).click();
    await eventually(() => page.getByText('Key copied: paste it into your authenticator app.').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, '#two-factor');

    // Following the link to the app (the phone hands it over; a test browser has no app, so the
    // stand-in keeps the page) leaves the code field ready for the code, above the bottom bar.
    const codeField = section.getByLabel('Code from the app');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    await section.getByRole('link', { name: 'Open in authenticator app' }).evaluate((link) => {
      link.addEventListener('click', (e) => e.preventDefault(), { once: true });
      (link as HTMLElement).click();
    });
    await eventually(() => codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    const barTop = await page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .evaluate((el) => el.getBoundingClientRect().top);
    const fieldBox = (await codeField.boundingBox())!;
    expect(fieldBox.y).toBeGreaterThanOrEqual(0);
    expect(fieldBox.y + fieldBox.height).toBeLessThanOrEqual(barTop);
    // The field says beforehand that its sixth digit sends it (no button to find), and it does.
    expect(await description(codeField)).toBe('Sent as soon as the 6th digit is typed.');
    // A wrong code is refused on the field, in the server's words.
    await codeField.fill(String((Number(codeNow(secret)) + 1) % 1_000_000).padStart(6, '0'));
    await eventually(() => section.getByText(/That code is not right/).isVisible()).toBe(true);
    // Five digits send nothing; the sixth does.
    await codeField.fill(codeNow(secret).slice(0, 5));
    expect(await section.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);
    await codeField.pressSequentially(codeNow(secret).slice(5));
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await eventually(() => codes.count()).toBe(10);
    const firstRecoveryCode = (await codes.first().textContent())!.trim();
    expect(await section.getByRole('link', { name: 'Download codes' }).getAttribute('download')).toBe(
      'recovery-codes.txt',
    );
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, '#two-factor');
    await section.getByRole('button', { name: 'I have saved my codes' }).click();
    await eventually(() => section.getByText('Status:').textContent()).toContain('On');
    await eventually(() => section.getByText('10 of 10 recovery codes left.').isVisible()).toBe(true);

    // Signed out, the password alone no longer opens the dashboard: the code step asks for the app's code.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    // The sign-in page offers back the name of who signed out, with the password ready.
    await eventually(() => page.getByLabel('Username').inputValue()).toBe(username);
    await eventually(() => page.getByLabel('Password').evaluate((el) => el === document.activeElement)).toBe(true);
    await passwordStep(page);
    const code = page.getByLabel('Code from your authenticator app');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, 'main');
    const box = await page.getByRole('button', { name: 'Verify' }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(await description(code)).toBe(
      '6 digits; it changes every 30 seconds. Sent as soon as the 6th digit is typed.',
    );
    await code.fill(codeNow(secret));
    await page.waitForURL(/\/dashboard$/);
    await eventually(() => page.getByRole('link', { name: 'My Jobs' }).isVisible()).toBe(true);

    // A recovery code signs in once, through the switch on the code step.
    await page.goto('/dashboard?tab=settings');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await passwordStep(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(firstRecoveryCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/dashboard?tab=settings');
    await eventually(() => page.getByText('9 of 10 recovery codes left.').isVisible()).toBe(true);
  });
});
