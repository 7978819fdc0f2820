import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, eventually } from '../helpers/browser';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

const browser = useBrowser();
// Sign-in runs a deliberately slow password hash; give the page time to react.
const runId = Date.now().toString(36);
let counter = 0;
const uniqueUsername = (prefix: string) => `${prefix}_${runId}_${counter++}`;

const ADMIN_TABS = ['Jobs', 'Schedule', 'Invoices', 'Prices', 'Expenses', 'Time Slots', 'Reports', 'Team', 'Settings'];
const TECHNICIAN_TABS = ['My Jobs', 'My Schedule', 'Settings'];

async function signInThroughForm(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const tabNames = (page: Page) =>
  page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link').allTextContents();

/** The admin's own API session, as a second device would have, for set-up and deactivation. */
async function adminApi(baseUrl: string) {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const login = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers, body: JSON.stringify(E2E_ADMIN) });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const send = async (method: string, url: string, body: unknown) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as { id: string; username: string };
  };
  return {
    addUser: (username: string, password: string) =>
      send('POST', '/api/admin/users', { username, password, role: 'technician' }),
    setActive: (userId: string, isActive: boolean) => send('PATCH', `/api/admin/users/${userId}/status`, { isActive }),
  };
}

describe('staff sign-in and roles', () => {
  it('sends an anonymous visitor from the dashboard to the login page, which refuses a wrong password', async () => {
    const page = await browser.newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
    await eventually(() => page.getByText('Contact your administrator to create a new account').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await eventually(() => page.getByText('Username is required').isVisible()).toBe(true);
    expect(await page.getByText('Password is required').isVisible()).toBe(true);

    await signInThroughForm(page, E2E_ADMIN.username, 'not-the-password');
    await eventually(() => page.getByText('Login failed', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Invalid username or password', { exact: true }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('admin signs in, sees every admin tab, adds a technician, signs out; the technician sees three tabs', async () => {
    const page = await browser.newPage();
    await signInThroughForm(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
    await eventually(() => page.getByText('Login successful', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Welcome to the business dashboard!', { exact: true }).isVisible()).toBe(true);
    expect(await tabNames(page)).toEqual(ADMIN_TABS);
    expect(await page.getByRole('link', { name: 'New Booking' }).getAttribute('href')).toBe('/dashboard/booking/new');

    // The tab lives in the URL: reload keeps it.
    await page.getByRole('link', { name: 'Team' }).click();
    await page.waitForURL('**/dashboard?tab=team');
    await page.reload();
    await eventually(() => page.getByRole('heading', { name: 'Team', exact: true }).last().isVisible()).toBe(true);
    const ownRow = page.getByRole('list', { name: 'Team members' }).getByRole('listitem').filter({ hasText: '(you)' });
    await eventually(() => ownRow.textContent()).toContain(E2E_ADMIN.username);
    // The admin's own row offers no way to deactivate themself.
    expect(await page.getByRole('button', { name: `Deactivate ${E2E_ADMIN.username}` }).count()).toBe(0);

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await eventually(() => dialog.getByText('Username must be at least 3 characters').isVisible()).toBe(true);
    expect(await dialog.getByText('Password must be at least 10 characters').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Role').inputValue()).toBe('technician');

    const username = uniqueUsername('tech');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill('van-pass-123');
    await dialog.getByLabel('Email (optional)').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await eventually(() => dialog.getByText('Invalid email address').isVisible()).toBe(true);
    await dialog.getByLabel('Email (optional)').fill(`${username}@example.com`);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await eventually(() => page.getByText('User registered successfully', { exact: true }).isVisible()).toBe(true);
    const row = page.getByRole('list', { name: 'Team members' }).getByRole('listitem').filter({ hasText: username });
    await eventually(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain('Technician');
    expect(await row.textContent()).toContain('Active');

    await page.getByRole('link', { name: 'Settings' }).click();
    await eventually(() =>
      page.getByRole('region', { name: 'Account' }).getByText('Not set', { exact: true }).isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await eventually(() => page.getByText('Logged out', { exact: true }).isVisible()).toBe(true);

    await signInThroughForm(page, username, 'van-pass-123');
    await page.waitForURL('**/dashboard');
    await eventually(() => tabNames(page)).toEqual(TECHNICIAN_TABS);
    await page.getByRole('link', { name: 'Settings' }).click();
    await eventually(() => page.getByText(`${username}@example.com`).isVisible()).toBe(true);
    expect(await page.getByText('Technician', { exact: true }).isVisible()).toBe(true);

    // A technician asking for the team tab by URL is told it is an admin's, and sees no team.
    await page.goto('/dashboard?tab=team');
    await eventually(() => page.getByText('Only an administrator can open this section.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add User' }).count()).toBe(0);
  });

  it("sends a deactivated technician's open dashboard to /auth on their next step", async () => {
    const api = await adminApi(browser.baseUrl);
    const username = uniqueUsername('gone');
    const tech = await api.addUser(username, 'van-pass-123');

    const page = await browser.newPage();
    await signInThroughForm(page, username, 'van-pass-123');
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Settings' }).click();
    await eventually(() => page.getByText(username, { exact: true }).first().isVisible()).toBe(true);

    await api.setActive(tech.id, false);
    await page.getByRole('link', { name: 'My Schedule' }).click();
    await page.waitForURL('**/auth');
    await eventually(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);

    // And they cannot sign back in.
    await signInThroughForm(page, username, 'van-pass-123');
    await eventually(() => page.getByText('Invalid username or password', { exact: true }).isVisible()).toBe(true);
  });

  it('keeps every tab reachable by touch and keyboard on a 390 px phone', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signInThroughForm(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
    // The main four on the bottom bar, the rest one tap further behind "More" (decision 352); nothing widens the page.
    await eventually(() => nav.getByRole('link').allTextContents()).toEqual([
      'Jobs',
      'Schedule',
      'Invoices',
      'Reports',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await nav.getByRole('button', { name: 'More' }).click();
    await page.getByRole('navigation', { name: 'More sections' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/dashboard?tab=settings');
    await eventually(() => page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);

    await nav.getByRole('button', { name: /Settings/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'More sections' }).getByRole('link', { name: 'Team' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard?tab=team');
    await page.goBack();
    await page.waitForURL('**/dashboard?tab=settings');
    await eventually(() => page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
  });

  // docs/decisions/395-newcomer-first-run.md: the other local address signs in too, and a refusal
  // that is not a wrong password says the server's own reason.
  it("signs in at 127.0.0.1 as at localhost, and shows the server's own reason for a refusal that is not a wrong password", async () => {
    const page = await browser.newPage();
    const local = new URL(browser.baseUrl);
    expect(local.hostname).toBe('localhost');
    local.hostname = '127.0.0.1';
    await page.goto(new URL('/auth', local).href);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.hostname === '127.0.0.1' && url.pathname === '/dashboard');

    const other = await browser.newPage();
    const refusal = `This request must come from the site itself. Open the site at ${browser.baseUrl} and try again.`;
    await other.route('**/api/login', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: refusal }) }),
    );
    await signInThroughForm(other, E2E_ADMIN.username, E2E_ADMIN.password);
    await eventually(() => other.getByText(refusal, { exact: true }).isVisible()).toBe(true);
    expect(await other.getByText('Invalid username or password', { exact: true }).count()).toBe(0);
  });
});
