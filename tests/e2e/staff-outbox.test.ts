import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, eventually } from '../helpers/browser';
import { bookingDaysOf } from '../helpers/e2e-calendar';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

// Mobile first: the staff dashboard on a 390 px phone.
const browser = useBrowser({ viewport: { width: 390, height: 844 } });
const runId = Date.now().toString(36);

type OutboxEmail = { to: string; subject: string; status: string };

/** A business day of this file's own (see e2e-calendar.ts), so the slot is free. */
const outboxDay = () => bookingDaysOf('staff-outbox')(0);

/** The owner's own API session (a second device), for set-up only; correct credentials, so no login failures. */
async function ownerApi(baseUrl: string) {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const login = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers, body: JSON.stringify(E2E_ADMIN) });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return {
    async outbox(): Promise<OutboxEmail[]> {
      const res = await fetch(`${baseUrl}/api/admin/outbox`, { headers: { origin: baseUrl, cookie } });
      expect(res.status).toBe(200);
      return (await res.json()) as OutboxEmail[];
    },
    async addTechnician(username: string, password: string) {
      const res = await fetch(`${baseUrl}/api/admin/users`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ username, password, role: 'technician' }),
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
    },
  };
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

describe('customer emails in the staff Settings tab', () => {
  it('lists the booking confirmation, stored because no mail server is set, and shows its text to the admin', async () => {
    const baseUrl = browser.baseUrl;
    const email = `outbox.${runId}@example.com`;
    const res = await fetch(`${baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({
        customer: { name: 'Olive Outbox', email, phone: '0400 222 333' },
        vehicle: { make: 'Toyota', model: 'Corolla', year: 2019, registration: 'OUTBX1' },
        job: {
          serviceType: 'puncture-repair',
          scheduledDate: outboxDay(),
          timeSlot: '12-2 PM',
          address: '5 Mail Street',
          suburb: 'Rockingham',
          postcode: '6168',
          tyreSize: null,
          tyreQuantity: null,
          notes: null,
          paymentMethod: 'onsite',
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { jobNumber } = (await res.json()) as { jobNumber: string };
    expect(jobNumber).toBeTruthy();

    // Delivery runs just after the booking commits; wait until the outbox has settled on "stored".
    const owner = await ownerApi(baseUrl);
    await eventually(async () => (await owner.outbox()).find((e) => e.to === email)?.status).toBe('stored');

    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    // On a phone the outboxes are Settings' "Messages to customers" screen (decision 428).
    await page.goto('/dashboard?tab=settings&section=messages');

    const section = page.getByRole('region', { name: 'Customer emails' });
    await eventually(() => section.isVisible()).toBe(true);
    const item = section.getByRole('listitem').filter({ hasText: `To: ${email}` });
    await eventually(() => item.count()).toBe(1);
    const itemText = await item.textContent();
    expect(itemText).toContain(`Booking confirmed: ${jobNumber}`);
    expect(itemText).toContain('Stored - not sent (no mail server set)');
    expect(itemText).toContain(`booking-${jobNumber}.ics`);
    // A Perth date and time such as "Sat 21 Nov, 2:05 pm".
    expect(await item.locator('time').textContent()).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} (am|pm)$/,
    );

    // The full text is folded away until asked for, from the keyboard too.
    const body = item.getByText(`Booking reference: ${jobNumber}`);
    expect(await body.isVisible()).toBe(false);
    await item.getByText('Read email').focus();
    await page.keyboard.press('Enter');
    await eventually(() => body.isVisible()).toBe(true);
    expect(await item.textContent()).toContain('Hi Olive Outbox,');
  });

  it('shows a technician no customer emails and never asks for them', async () => {
    const username = `tech_outbox_${runId}`;
    const password = 'van-pass-123';
    const owner = await ownerApi(browser.baseUrl);
    await owner.addTechnician(username, password);

    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    const outboxRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/admin/outbox')) outboxRequests.push(req.url());
    });
    await signIn(page, username, password);
    await page.goto('/dashboard?tab=settings');
    await eventually(() => page.getByText('Technician', { exact: true }).isVisible()).toBe(true);
    await eventually(() => page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);

    expect(await page.getByRole('heading', { name: 'Customer emails' }).count()).toBe(0);
    expect(await page.getByText('Read email').count()).toBe(0);
    expect(outboxRequests).toEqual([]);
  });
});
