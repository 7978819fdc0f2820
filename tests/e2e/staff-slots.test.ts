import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatVisit, slotWindowLabel, TIME_SLOTS, type TimeSlot } from '../../src/shared/domain/slots';
import { useBrowser, eventually } from '../helpers/browser';
import { staffApi } from '../helpers/staff-api';
import { bookingDaysOf, E2E_TODAY } from '../helpers/e2e-calendar';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

const browser = useBrowser();
const runId = Date.now().toString(36);
const shots = path.resolve(import.meta.dirname, '../../test-results');

/**
 * The browser files of a worker share its server, so this file uses its own block of days
 * (e2e-calendar.ts). Today's run uses today's free slots, whichever they are.
 */
const BLOCK_DAY = bookingDaysOf('staff-slots')(0);
const LATER_DAY = bookingDaysOf('staff-slots')(1);

async function send(method: 'POST' | 'PATCH', url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${browser.baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: browser.baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

const { ownerCookie } = staffApi(() => browser.baseUrl);

async function signIn(page: Page, username: string, password: string) {
  page.setDefaultTimeout(10_000);
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** An onsite booking as the public wizard makes it; returns the job's id. */
async function book(day: string, slot: TimeSlot, who: string, address: string): Promise<string> {
  const res = await send('POST', '/api/bookings', {
    customer: { name: `${who} Driver`, email: `${who.toLowerCase()}.${runId}@example.com`, phone: '0400 333 444' },
    vehicle: {
      make: 'Mazda',
      model: '3',
      year: 2020,
      registration: `S${runId.slice(-5).toUpperCase()}${who.slice(0, 1)}`,
    },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: day,
      timeSlot: slot,
      address,
      suburb: 'Mandurah',
      postcode: '6210',
      tyreSize: null,
      tyreQuantity: null,
      notes: null,
      paymentMethod: 'onsite',
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { jobId: string }).jobId;
}

describe('the Time-slots tab', () => {
  it('blocks a slot with a reason, and the booking wizard then shows it unavailable with that reason', async () => {
    const page = await browser.newPage();
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.goto(`/dashboard?tab=time-slots&from=${BLOCK_DAY}`);
    const reason = `Van service ${runId}`;
    // "Tue 16 Feb, 10 am - 12 pm" is named "10 am - 12 pm on Tue 16 Feb" on the tab's buttons (for example).
    const slotName = `${slotWindowLabel('10-12 AM')} on ${formatVisit(BLOCK_DAY, '10-12 AM').split(',')[0]}`;

    await page.getByRole('button', { name: `Block ${slotName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${slotName}` });
    // The reason is required, with the server's own message.
    await dialog.getByRole('button', { name: 'Block Slot' }).click();
    await eventually(() => dialog.getByText('Please give a reason for blocking').isVisible()).toBe(true);
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Block Slot' }).click();

    await eventually(() => page.getByText('Slot Blocked').first().isVisible()).toBe(true);
    await eventually(() => dialog.isVisible()).toBe(false);
    const unblock = page.getByRole('button', { name: `Unblock ${slotName}` });
    await eventually(() => unblock.isVisible()).toBe(true);
    expect(await page.getByRole('cell', { name: new RegExp(reason) }).count()).toBe(1);
    await page.screenshot({ path: path.join(shots, 'staff-slots-blocked-1280.png'), fullPage: false });

    // A customer books the 2-4 pm slot while the tab still shows it free: the block is refused with the server's sentence.
    const lateName = `${slotWindowLabel('2-4 PM')} on ${formatVisit(BLOCK_DAY, '2-4 PM').split(',')[0]}`;
    const res = await send('POST', '/api/bookings', {
      customer: { name: 'Quick Driver', email: `quick.${runId}@example.com`, phone: '0400 333 444' },
      vehicle: { make: 'Mazda', model: '3', year: 2020, registration: `Q${runId.slice(-5).toUpperCase()}` },
      job: {
        serviceType: 'puncture-repair',
        scheduledDate: BLOCK_DAY,
        timeSlot: '2-4 PM',
        address: '4 Quick Street',
        suburb: 'Mandurah',
        postcode: '6210',
        tyreSize: null,
        tyreQuantity: null,
        notes: null,
        paymentMethod: 'onsite',
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { jobNumber } = (await res.json()) as { jobNumber: string };
    await page.getByRole('button', { name: `Block ${lateName}` }).click();
    const late = page.getByRole('dialog', { name: `Block ${lateName}` });
    await late.getByLabel('Reason').fill('Too late');
    await late.getByRole('button', { name: 'Block Slot' }).click();
    await eventually(() => page.getByText('Block Failed').first().isVisible()).toBe(true);
    expect(
      await page
        .getByText(`${jobNumber} is booked in this slot. Reschedule or cancel it before blocking the slot.`)
        .first()
        .isVisible(),
    ).toBe(true);
    await late.getByRole('button', { name: 'Cancel' }).click();
    // The calendar is read again and shows the job where the Block button was.
    await eventually(() => page.getByRole('link', { name: jobNumber }).isVisible()).toBe(true);

    // The customer's date step, on the same server.
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Book Service Now' }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Book a Mobile Service' });
    await wizard.getByLabel('Date', { exact: true }).fill(BLOCK_DAY);
    const blocked = wizard.getByRole('button', { name: new RegExp(`^${slotWindowLabel('10-12 AM')}`) });
    await eventually(() => blocked.textContent()).toContain(reason);
    expect(await blocked.isDisabled()).toBe(true);
    const open = wizard.getByRole('button', { name: slotWindowLabel('12-2 PM'), exact: true });
    await eventually(() => open.isEnabled()).toBe(true);
  });
});

describe('the Schedule tab for a technician', () => {
  it("shows 'My Assigned Jobs' on a 390 px phone with their counts, and today's run in slot order with one route link", async () => {
    const owner = await ownerCookie();
    const username = `van_${runId}`;
    const password = 'van-pass-123';
    const added = await send('POST', '/api/admin/users', { username, password, role: 'technician' }, owner);
    expect(added.status, await added.clone().text()).toBeLessThan(300);
    const technicianId = ((await added.json()) as { id: string }).id;

    // Two of today's free slots (the latest ones, so none passes while the suite runs) and a later day.
    const slotsRes = await fetch(`${browser.baseUrl}/api/time-slots?date=${E2E_TODAY}`);
    expect(slotsRes.status, await slotsRes.clone().text()).toBe(200);
    const today = (await slotsRes.json()) as { slot: TimeSlot; isAvailable: boolean }[];
    const free = TIME_SLOTS.filter((s) => today.find((t) => t.slot === s)?.isAvailable).slice(-2);
    expect(free).toHaveLength(2);
    const first = await book(E2E_TODAY, free[0]!, 'First', '1 First Street');
    const second = await book(E2E_TODAY, free[1]!, 'Second', '2 Second Street');
    const later = await book(LATER_DAY, '8-10 AM', 'Later', '3 Later Street');
    for (const jobId of [first, second, later]) {
      const res = await send('PATCH', `/api/dashboard/jobs/${jobId}/assign`, { technicianId }, owner);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    for (const status of ['in-progress', 'completed']) {
      const res = await send('PATCH', `/api/dashboard/jobs/${later}/status`, { status }, owner);
      expect(res.status, await res.clone().text()).toBe(200);
    }

    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, username, password);
    await page.getByRole('link', { name: 'My Schedule' }).click();
    await eventually(() => page.getByRole('heading', { name: 'My Assigned Jobs' }).isVisible()).toBe(true);

    const counts = page.getByRole('list', { name: 'My job counts' });
    await eventually(async () => (await counts.innerText()).replace(/\s+/g, ' ')).toBe('Total 3 Pending 2 Completed 1');

    const run = page.getByRole('list', { name: "Today's run" }).getByRole('listitem');
    await eventually(() => run.count()).toBe(2);
    expect(await run.nth(0).textContent()).toContain(slotWindowLabel(free[0]!));
    expect(await run.nth(1).textContent()).toContain(slotWindowLabel(free[1]!));

    const route = page.getByRole('link', { name: /Open today's route \(2 stops\)/ });
    const url = new URL((await route.getAttribute('href'))!);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('waypoints')).toBe('1 First Street, Mandurah WA 6210');
    expect(url.searchParams.get('destination')).toBe('2 Second Street, Mandurah WA 6210');

    // Nothing an admin does is offered: no technician choice, no other tabs.
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Time Slots' }).count()).toBe(0);
    // Every link of the run (the job, the call) and the route are thumb-sized targets, and nothing scrolls sideways.
    for (const target of [...(await page.getByRole('list', { name: "Today's run" }).getByRole('link').all()), route]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(shots, 'staff-schedule-technician-390.png'), fullPage: true });
  });
});

describe('the installable dashboard', () => {
  it('registers its service worker only after the page has loaded and had a few quiet seconds', async () => {
    type Timings = { registeredAt?: number; loadedAt?: number };
    const page = await browser.newPage();
    // When the page finished loading and when it asked for the worker, by the page's own clock (decision 387).
    await page.addInitScript(() => {
      const w = window as unknown as Timings;
      window.addEventListener('load', () => (w.loadedAt = performance.now()));
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (...args) => {
        w.registeredAt = performance.now();
        return register(...args);
      };
    });
    const timings = () =>
      page.evaluate((): Timings => {
        const w = window as unknown as Timings;
        return { registeredAt: w.registeredAt, loadedAt: w.loadedAt };
      });
    await page.goto('/auth');
    await eventually(async () => (await timings()).registeredAt !== undefined).toBe(true);
    const { registeredAt, loadedAt } = await timings();
    expect(registeredAt! - loadedAt!).toBeGreaterThanOrEqual(3000);
    await page.close();
  });

  it('links a manifest and registers a service worker on /dashboard only, caching no API answer', async () => {
    const page = await browser.newPage();
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    // Signing in reaches /dashboard without a page load; the worker serves pages opened there afterwards.
    await page.goto('/dashboard');

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/dashboard.webmanifest');
    const res = await page.request.get(href!);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Mobile Tyre & Battery Co. Dashboard',
      short_name: 'Mobile Tyre',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#1f2328',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const png = await page.request.get(icon.src);
      expect(png.status()).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
    }

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/dashboard');
    // Chromium's own verdict: nothing stops it offering to install, but that the test context is incognito.
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    // API reads still go to the network under the worker, and none is put in a cache (decision 345).
    await page.reload();
    await eventually(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await eventually(() => page.getByRole('link', { name: 'Time Slots' }).isVisible()).toBe(true);
    expect(
      (
        await page.evaluate(async () => {
          const urls: string[] = [];
          for (const name of await caches.keys())
            for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
          return urls;
        })
      ).filter((u) => u.startsWith('/api')),
    ).toEqual([]);

    await page.goto('/');
    expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  });
});
