import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TIME_SLOTS, type TimeSlot } from '../../src/shared/domain/slots';
import type { JobDetail } from '../../src/shared/schemas/jobs';
import { useBrowser } from '../helpers/browser';
import { E2E_TODAY } from '../helpers/e2e-calendar';
import { staffApi } from '../helpers/staff-api';

// A technician's day without signal on a phone (docs/decisions/345-offline-day-queue.md, 346, 347).
const browser = useBrowser({ viewport: { width: 390, height: 844 } });
const { api, ownerCookie } = staffApi(() => browser.baseUrl);
const eventually = <T,>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const runId = Date.now().toString(36);

async function addTechnician(cookie: string, name: string) {
  const username = `${name}_${runId}`;
  const password = 'van-pass-123';
  const res = await api('POST', '/api/admin/users', cookie, { username, password, role: 'technician' });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return { id: ((await res.json()) as { id: string }).id, username, password };
}

/** Today's slots with a van free, as the public site offers them. */
async function freeSlotsToday(): Promise<TimeSlot[]> {
  const slots = (await (await fetch(`${browser.baseUrl}/api/time-slots?date=${E2E_TODAY}`)).json()) as { slot: TimeSlot; isAvailable: boolean }[];
  return TIME_SLOTS.filter((s) => slots.find((x) => x.slot === s)?.isAvailable);
}

async function booked(cookie: string, slot: TimeSlot, who: string, technicianId: string) {
  const res = await api('POST', '/api/bookings', cookie, {
    customer: { name: `${who} Driver`, email: `${who.toLowerCase()}.${runId}@example.com`, phone: '0400 555 666' },
    vehicle: { make: 'Mazda', model: 'CX-5', year: 2020, color: 'Red', registration: `O${runId.slice(-4).toUpperCase()}${who.slice(0, 2).toUpperCase()}` },
    job: { serviceType: 'puncture-repair', scheduledDate: E2E_TODAY, timeSlot: slot, address: `9 ${who} Road`, suburb: 'Byford', postcode: '6122', tyreSize: null, tyreQuantity: null, notes: 'Dog in the yard', paymentMethod: 'onsite', customerValue: '120.00' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const job = (await res.json()) as { jobId: string; jobNumber: string };
  const assigned = await api('PATCH', `/api/dashboard/jobs/${job.jobId}/assign`, cookie, { technicianId });
  expect(assigned.status, await assigned.clone().text()).toBe(200);
  return job;
}

async function signIn(page: Page, username: string, password: string) {
  page.setDefaultTimeout(15_000);
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

async function jobAsOwner(cookie: string, jobId: string): Promise<JobDetail> {
  const res = await api('GET', `/api/dashboard/jobs/${jobId}`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as JobDetail;
}
const statusMoves = (job: JobDetail) => job.history.filter((e) => e.kind === 'status').map((e) => `${e.from} -> ${e.to}`);

type Queued = { key: string; url: string; method: string; json?: unknown; seen: string };
/** What the phone holds in IndexedDB, store by store. */
const deviceContents = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const open = indexedDB.open('staff-device');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = Array.from(db.objectStoreNames);
          const out: Record<string, unknown[]> = {};
          if (names.length === 0) return resolve(out);
          const tx = db.transaction(names, 'readonly');
          for (const name of names) {
            const req = tx.objectStore(name).getAll();
            req.onsuccess = () => (out[name] = req.result as unknown[]);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(out);
          };
        };
      }),
  );

/** A move staff confirm first (Start Work, Complete Work): the button, then the same words in the question. */
async function confirmedMove(page: Page, dialog: ReturnType<Page['getByRole']>, label: RegExp) {
  await dialog.getByRole('button', { name: label }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: label }).click();
}

async function openJob(page: Page, jobNumber: string) {
  await page.getByRole('article', { name: jobNumber }).getByRole('button', { name: `View ${jobNumber}` }).click();
  return page.getByRole('dialog');
}

describe("a technician's day without signal", () => {
  it('opens the day offline, queues the work, sends it once when back online, and shows what the office refused on that job', async () => {
    const owner = await ownerCookie();
    const tech = await addTechnician(owner, 'offline');
    const free = await freeSlotsToday();
    expect(free.length, 'two free slots today').toBeGreaterThanOrEqual(2);
    const worked = await booked(owner, free[0]!, 'Olive', tech.id);
    const doomed = await booked(owner, free[1]!, 'Cass', tech.id);

    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, tech.username, tech.password);
    // Signing in reaches /dashboard without a page load; the worker controls pages opened there afterwards.
    await page.goto('/dashboard');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await eventually(() => page.getByText(/^Your jobs are saved on this phone \(updated \d\d:\d\d\)\.$/).isVisible()).toBe(true);

    // No signal: the page opens again from the phone, with the day and when it was saved.
    await page.context().setOffline(true);
    await page.reload();
    await eventually(() => page.getByText(/^Offline - last updated \d\d:\d\d$/).isVisible()).toBe(true);
    await eventually(() => page.getByRole('article', { name: worked.jobNumber }).isVisible()).toBe(true);
    expect(await page.getByRole('article', { name: doomed.jobNumber }).isVisible()).toBe(true);

    let dialog = await openJob(page, worked.jobNumber);
    await eventually(() => dialog.getByText('9 Olive Road').first().isVisible()).toBe(true);
    await confirmedMove(page, dialog, /^Start Work/);
    await eventually(() => dialog.getByRole('button', { name: 'Complete Work' }).isVisible()).toBe(true);
    await confirmedMove(page, dialog, /^Complete Work/);
    await eventually(() => page.getByText('2 changes waiting to send').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Meanwhile the office cancels the other job; the technician, offline, starts it.
    const cancel = await api('POST', `/api/dashboard/jobs/${doomed.jobId}/cancel`, owner, { reason: 'Customer sold the car' });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    dialog = await openJob(page, doomed.jobNumber);
    await confirmedMove(page, dialog, /^Start Work/);
    await eventually(() => page.getByText('3 changes waiting to send').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const queued = (await deviceContents(page)).queue as Queued[];
    expect(queued.map((c) => c.url)).toEqual([`/api/dashboard/jobs/${worked.jobId}/status`, `/api/dashboard/jobs/${worked.jobId}/status`, `/api/dashboard/jobs/${doomed.jobId}/status`]);
    // Nothing reached the server while offline.
    expect((await jobAsOwner(owner, worked.jobId)).status).toBe('new');

    // Signal again: the queue empties in order, the refusal stays on its job.
    await page.context().setOffline(false);
    await eventually(async () => (await jobAsOwner(owner, worked.jobId)).status).toBe('completed');
    await eventually(() => page.getByText(/changes? waiting to send/).count()).toBe(0);
    // The cancelled job has left the list; the banner keeps its refusal in view and opens it.
    await page.getByRole('list', { name: 'Changes not sent' }).getByRole('link', { name: `Open ${doomed.jobNumber}` }).click();
    dialog = page.getByRole('dialog');
    const refusal = dialog.getByRole('alert').filter({ hasText: 'Start Work: not sent.' });
    await eventually(() => refusal.innerText()).toContain('The office cancelled this job: your change was not sent.');
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await eventually(() => refusal.count()).toBe(0);
    expect((await jobAsOwner(owner, doomed.jobId)).status).toBe('cancelled');

    // The same queue sent twice changes nothing: each key answers as the first time.
    const replies = await page.evaluate(async (changes) => {
      const out: number[] = [];
      for (const c of changes) {
        const res = await fetch(c.url, { method: c.method, credentials: 'include', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': c.key, 'X-Job-Seen': c.seen }, body: JSON.stringify(c.json) });
        out.push(res.status);
      }
      return out;
    }, queued);
    expect(replies).toEqual([200, 200, 409]);
    expect(statusMoves(await jobAsOwner(owner, worked.jobId))).toEqual(['new -> in-progress', 'in-progress -> completed']);

    // Signing out leaves nothing of the day or the queue on the phone.
    await page.goto('/dashboard?tab=settings');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth$/);
    const left = await deviceContents(page);
    expect(Object.values(left).flat()).toEqual([]);
    // The service worker keeps the app's files and the staff page, never an API answer.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);
  }, 180_000);
});
