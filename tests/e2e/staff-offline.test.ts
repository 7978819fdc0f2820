import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TIME_SLOTS, type TimeSlot } from '../../src/shared/domain/slots';
import type { JobDetail } from '../../src/shared/schemas/jobs';
import { PHOTO_BAD_TYPE_MESSAGE } from '../../src/shared/schemas/photos';
import { useBrowser, eventually } from '../helpers/browser';
import { E2E_TODAY, NEXT_WORKING_DAY_WINDOW } from '../helpers/e2e-calendar';
import { staffApi } from '../helpers/staff-api';

// A technician's day without signal on a phone (docs/decisions/345-offline-day-queue.md, 346, 347).
const browser = useBrowser({ viewport: { width: 390, height: 844 } });
const { api, ownerCookie } = staffApi(() => browser.baseUrl);
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
  const slots = (await (await fetch(`${browser.baseUrl}/api/time-slots?date=${E2E_TODAY}`)).json()) as {
    slot: TimeSlot;
    isAvailable: boolean;
  }[];
  return TIME_SLOTS.filter((s) => slots.find((x) => x.slot === s)?.isAvailable);
}

/**
 * A job of today that takes none of today's four windows (e2e-calendar.ts gives this file one): a
 * second van for the moment of booking, stacked in a window already taken (the latest first, as an
 * early one may have passed), then one van again. Files in a worker run one after another, so no
 * other file books while the second van is out.
 */
async function bookedBesideATakenWindow(cookie: string, who: string, technicianId: string) {
  const setVans = async (vans: number) => {
    const res = await api('PUT', '/api/dashboard/settings/capacity', cookie, { vans });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const free = await freeSlotsToday();
  const taken = TIME_SLOTS.filter((s) => !free.includes(s)).reverse();
  await setVans(2);
  try {
    for (const slot of taken) {
      const res = await book(cookie, E2E_TODAY, slot, who);
      if (res.status === 200) return assign(cookie, res, technicianId);
    }
    // This test alone (no window taken yet): a free one.
    expect(free.length, 'a free slot today').toBeGreaterThanOrEqual(1);
    return assign(cookie, await book(cookie, E2E_TODAY, free[0]!, who), technicianId);
  } finally {
    await setVans(1);
  }
}

function book(cookie: string, day: string, slot: TimeSlot, who: string): Promise<Response> {
  return api('POST', '/api/bookings', cookie, {
    customer: { name: `${who} Driver`, email: `${who.toLowerCase()}.${runId}@example.com`, phone: '0400 555 666' },
    vehicle: {
      make: 'Mazda',
      model: 'CX-5',
      year: 2020,
      color: 'Red',
      registration: `O${runId.slice(-4).toUpperCase()}${who.slice(0, 2).toUpperCase()}`,
    },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: day,
      timeSlot: slot,
      address: `9 ${who} Road`,
      suburb: 'Byford',
      postcode: '6122',
      tyreSize: null,
      tyreQuantity: null,
      notes: 'Dog in the yard',
      paymentMethod: 'onsite',
      customerValue: '120.00',
    },
  });
}

async function booked(cookie: string, day: string, slot: TimeSlot, who: string, technicianId: string) {
  return assign(cookie, await book(cookie, day, slot, who), technicianId);
}

async function assign(cookie: string, res: Response, technicianId: string) {
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
const statusMoves = (job: JobDetail) =>
  job.history.filter((e) => e.kind === 'status').map((e) => `${e.from} -> ${e.to}`);

type Queued = { url: string };
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

/** Keeps a copy of the queue, photos included, inside the page: to send it all a second time later. */
const keepQueueCopy = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('staff-device');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('queue', 'readonly').objectStore('queue').getAll();
          req.onsuccess = () => {
            (window as unknown as { queueCopy: unknown[] }).queueCopy = req.result as unknown[];
            open.result.close();
            resolve();
          };
        };
      }),
  );

const png = async (colour: string) =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A move staff confirm first (Start Work, Complete Work): the button, then the same words in the question. */
async function confirmedMove(page: Page, dialog: ReturnType<Page['getByRole']>, label: RegExp) {
  await dialog.getByRole('button', { name: label }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: label }).click();
}

async function openJob(page: Page, jobNumber: string) {
  await page
    .getByRole('article', { name: jobNumber })
    .getByRole('button', { name: `View ${jobNumber}` })
    .click();
  return page.getByRole('dialog');
}

describe("a technician's day without signal", () => {
  it('opens the day offline, queues the work, sends it once when back online, and shows what the office refused on that job', async () => {
    const owner = await ownerCookie();
    const tech = await addTechnician(owner, 'offline');
    const free = await freeSlotsToday();
    expect(free.length, 'a free slot today').toBeGreaterThanOrEqual(1);
    const worked = await booked(owner, E2E_TODAY, free[0]!, 'Olive', tech.id);
    // The phone keeps the next working day too; that day's last window is this file's (e2e-calendar.ts).
    const doomed = await booked(owner, NEXT_WORKING_DAY_WINDOW.day, NEXT_WORKING_DAY_WINDOW.slot, 'Cass', tech.id);

    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, tech.username, tech.password);
    // Signing in reaches /dashboard without a page load; the worker controls pages opened there afterwards.
    await page.goto('/dashboard');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await eventually(() =>
      page.getByText(/^Your jobs are saved on this phone \(updated \d\d:\d\d\)\.$/).isVisible(),
    ).toBe(true);
    // The page kept for use offline holds neither the jobs the server rendered into it nor their
    // customer or who was signed in (docs/decisions/370-staff-first-screen-server-rendered.md); the
    // server's own page did hold them.
    expect(await page.locator('#root').innerHTML()).toContain(worked.jobNumber);
    const keptPage = () =>
      page.evaluate(async () => (await (await caches.open('staff-page')).match('/dashboard'))?.text() ?? null);
    await eventually(keptPage).not.toBeNull();
    const kept = (await keptPage())!;
    expect(kept).toContain('<div id="root"></div>');
    for (const secret of [worked.jobNumber, doomed.jobNumber, 'Olive Driver', '9 Olive Road', tech.username])
      expect(kept).not.toContain(secret);

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

    // A cash payment taken at the job, the amount starting at the job's price.
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const payment = dialog.getByRole('form', { name: `Record payment: ${worked.jobNumber}` });
    await payment.getByRole('radio', { name: 'Cash' }).check();
    expect(await payment.getByLabel('Amount taken ($)').inputValue()).toBe('120.00');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await eventually(() => page.getByText('3 changes waiting to send').isVisible()).toBe(true);

    // Photos: a file that is not a photo is refused on the phone, before anything is queued; two photos are queued.
    await dialog.getByLabel('Photo type').selectOption('after');
    const gallery = dialog.getByTestId('photo-gallery-input');
    await gallery.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') }]);
    await eventually(() => dialog.getByText(PHOTO_BAD_TYPE_MESSAGE).isVisible()).toBe(true);
    expect(await page.getByText('3 changes waiting to send').isVisible()).toBe(true);
    await gallery.setInputFiles([
      { name: 'after-front.png', mimeType: 'image/png', buffer: await png('#f5b301') },
      { name: 'after-rear.png', mimeType: 'image/png', buffer: await png('#1f2328') },
    ]);
    await eventually(() => page.getByText('4 changes waiting to send').isVisible()).toBe(true);

    // A note: a blank one is refused under the field before anything is queued; a real one is queued.
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await eventually(() => dialog.getByText('Note is required').isVisible()).toBe(true);
    expect(await page.getByText('4 changes waiting to send').isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Add a note' }).fill('  Locking wheel nut key is in the glovebox  ');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await eventually(() => page.getByText('5 changes waiting to send').isVisible()).toBe(true);
    await eventually(() => dialog.getByText('Note: waiting to send').isVisible()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Add a note' }).inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Meanwhile the office cancels the other job; the technician, offline, starts it.
    const cancel = await api('POST', `/api/dashboard/jobs/${doomed.jobId}/cancel`, owner, {
      reason: 'Customer sold the car',
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    dialog = await openJob(page, doomed.jobNumber);
    await confirmedMove(page, dialog, /^Start Work/);
    await eventually(() => page.getByText('6 changes waiting to send').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await keepQueueCopy(page);
    const queued = (await deviceContents(page)).queue as Queued[];
    expect(queued.map((c) => c.url)).toEqual([
      `/api/dashboard/jobs/${worked.jobId}/status`,
      `/api/dashboard/jobs/${worked.jobId}/status`,
      `/api/dashboard/jobs/${worked.jobId}/onsite-payment`,
      `/api/dashboard/jobs/${worked.jobId}/photos`,
      `/api/dashboard/jobs/${worked.jobId}/notes`,
      `/api/dashboard/jobs/${doomed.jobId}/status`,
    ]);
    // Nothing reached the server while offline.
    expect((await jobAsOwner(owner, worked.jobId)).status).toBe('new');

    // Signal again: the queue empties in order, the refusal stays on its job.
    await page.context().setOffline(false);
    await eventually(async () => (await jobAsOwner(owner, worked.jobId)).status).toBe('paid');
    await eventually(async () =>
      (await jobAsOwner(owner, worked.jobId)).history.some(
        (e) => e.note === 'Note: Locking wheel nut key is in the glovebox',
      ),
    ).toBe(true);
    await eventually(() => page.getByText(/changes? waiting to send/).count()).toBe(0);
    // The cancelled job has left the list; the banner keeps its refusal in view and opens it.
    await page
      .getByRole('list', { name: 'Changes not sent' })
      .getByRole('link', { name: `Open ${doomed.jobNumber}` })
      .click();
    dialog = page.getByRole('dialog');
    const refusal = dialog.getByRole('alert').filter({ hasText: 'Start Work: not sent.' });
    await eventually(() => refusal.innerText()).toContain('The office cancelled this job: your change was not sent.');
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await eventually(() => refusal.count()).toBe(0);
    expect((await jobAsOwner(owner, doomed.jobId)).status).toBe('cancelled');

    // The same queue sent twice changes nothing: each key answers as the first time.
    const replies = await page.evaluate(async () => {
      type Copy = {
        key: string;
        url: string;
        method: string;
        json?: unknown;
        seen: string;
        photos?: { type: string; files: { name: string; blob: Blob }[] };
      };
      const out: number[] = [];
      for (const c of (window as unknown as { queueCopy: Copy[] }).queueCopy) {
        const headers: Record<string, string> = { 'Idempotency-Key': c.key, 'X-Job-Seen': c.seen };
        let body: BodyInit;
        if (c.photos) {
          const form = new FormData();
          form.append('type', c.photos.type);
          for (const f of c.photos.files) form.append('photos', f.blob, f.name);
          body = form;
        } else {
          headers['Content-Type'] = 'application/json';
          body = JSON.stringify(c.json);
        }
        out.push((await fetch(c.url, { method: c.method, credentials: 'include', headers, body })).status);
      }
      return out;
    });
    expect(replies).toEqual([200, 200, 200, 201, 200, 409]);
    const after = await jobAsOwner(owner, worked.jobId);
    expect(statusMoves(after)).toEqual([
      'new -> in-progress',
      'in-progress -> completed',
      'completed -> invoiced',
      'invoiced -> paid',
    ]);
    expect(after).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect(after.photos.map((p) => p.originalName).sort()).toEqual(['after-front.png', 'after-rear.png']);
    // The note reached the office once, trimmed, with who wrote it.
    expect(
      after.history.filter((e) => e.kind === 'note' && e.note?.startsWith('Note: ')).map((e) => [e.note, e.actor]),
    ).toEqual([['Note: Locking wheel nut key is in the glovebox', tech.username]]);

    // Signing out leaves nothing of the day or the queue on the phone.
    await page.goto('/dashboard?tab=settings');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth$/);
    const left = await deviceContents(page);
    expect(Object.values(left).flat()).toEqual([]);
    // The service worker keeps the app's files and the staff page, never an API answer.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);
  }, 180_000);

  it('a phone whose browser says it is online while requests fail tries its waiting change again on its own (decision 402)', async () => {
    const owner = await ownerCookie();
    const tech = await addTechnician(owner, 'flaky');
    const job = await bookedBesideATakenWindow(owner, 'Flynn', tech.id);

    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, tech.username, tech.password);
    await page.goto('/dashboard');
    await eventually(() =>
      page.getByText(/^Your jobs are saved on this phone \(updated \d\d:\d\d\)\.$/).isVisible(),
    ).toBe(true);

    const dialog = await openJob(page, job.jobNumber);
    await eventually(() => dialog.getByRole('button', { name: /^Start Work/ }).isVisible()).toBe(true);
    // Today's only stop of this technician: the move needs no question, with Undo once it reaches the server (decision 420).
    await eventually(() => dialog.getByText(/^Today's next stop: one tap/).isVisible()).toBe(true);

    // Then the network fails, but the context stays online: navigator.onLine keeps saying true. The
    // context's route also catches what the service worker fetches.
    const cut = (route: { abort: () => Promise<void> }) => route.abort();
    await page.context().route('**/api/**', cut);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    await dialog.getByRole('button', { name: /^Start Work/ }).click();
    await eventually(() => page.getByText('1 change waiting to send').isVisible()).toBe(true);
    // Saved on the phone, not on the server: no Undo that could not work.
    await eventually(() => page.getByText(/will be sent when there is signal/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await eventually(() => page.getByText(/^Last tried \d+ s ago$/).isVisible()).toBe(true);
    expect((await jobAsOwner(owner, job.jobId)).status).toBe('new');

    // The network answers again; no "online" event, no reload: the change reaches the office on its own.
    await page.context().unroute('**/api/**', cut);
    await expect.poll(async () => (await jobAsOwner(owner, job.jobId)).status, { timeout: 30_000 }).toBe('in-progress');
    await eventually(() => page.getByText(/changes? waiting to send/).count()).toBe(0);
  }, 180_000);
});
