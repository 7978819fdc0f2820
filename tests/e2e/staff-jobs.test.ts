import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bookingDaysOf } from '../helpers/e2e-calendar';
import { formatVisit, type TimeSlot } from '../../src/shared/domain/slots';
import { useBrowser, eventually } from '../helpers/browser';
import { staffApi } from '../helpers/staff-api';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

const browser = useBrowser();
const runId = Date.now().toString(36);
const shots = path.resolve(import.meta.dirname, '../../test-results');

/** The browser files of a worker share its server, so this file books only its own block of days (e2e-calendar.ts). */
const day = bookingDaysOf('staff-jobs');

type Booked = { jobId: string; jobNumber: string };

function bookingBody(slotDay: string, slot: TimeSlot, who: string, paymentMethod: 'onsite' | 'prepaid') {
  return {
    customer: { name: `${who} Driver`, email: `${who.toLowerCase()}.${runId}@example.com`, phone: '0400 111 222' },
    vehicle: {
      make: 'Toyota',
      model: 'Corolla',
      year: 2019,
      registration: `J${runId.slice(-5).toUpperCase()}${who.slice(0, 1)}`,
    },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: slotDay,
      timeSlot: slot,
      address: '42 Long Example Boulevard',
      suburb: 'Rockingham',
      postcode: '6168',
      tyreSize: null,
      tyreQuantity: null,
      notes: 'Gate code 1234',
      paymentMethod,
    },
  };
}

async function post(url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${browser.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: browser.baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** An onsite booking, as the public wizard makes it. */
async function bookOnsite(slotDay: string, slot: TimeSlot, who: string): Promise<Booked> {
  const res = await post('/api/bookings', bookingBody(slotDay, slot, who, 'onsite'));
  expect(res.status, await res.clone().text()).toBe(200);
  const { jobId, jobNumber } = (await res.json()) as Booked;
  return { jobId, jobNumber };
}

/** A small PNG, uploaded the way the wizard uploads photos (multipart, field `photos`). */
async function uploadPhoto(jobId: string, name: string) {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#f5b301' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('type', 'tyre-condition');
  form.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const res = await fetch(`${browser.baseUrl}/api/bookings/${jobId}/photos`, {
    method: 'POST',
    headers: { origin: browser.baseUrl },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

/** A booking paid online with the simulated card, so cancelling it refunds under the policy. */
async function bookPrepaidAndPay(slotDay: string, slot: TimeSlot, who: string): Promise<Booked> {
  const quote = await post('/api/bookings/quote', bookingBody(slotDay, slot, who, 'prepaid'));
  expect(quote.status, await quote.clone().text()).toBe(200);
  const { bookingToken, jobId } = (await quote.json()) as { bookingToken: string; jobId: string };
  const intent = await post('/api/create-payment-intent-token', { bookingToken });
  expect(intent.status, await intent.clone().text()).toBe(200);
  const paid = await post('/api/payments/simulated/confirm', {
    bookingToken,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
    nameOnCard: `${who} Driver`,
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
  const { jobNumber } = (await paid.json()) as { jobNumber: string };
  return { jobId, jobNumber };
}

const { ownerCookie } = staffApi(() => browser.baseUrl);

/** A technician added by the owner; returns their id. */
async function addTechnician(cookie: string, username: string, password: string): Promise<string> {
  const added = await post('/api/admin/users', { username, password, role: 'technician' }, cookie);
  expect(added.status, await added.clone().text()).toBeLessThan(300);
  return ((await added.json()) as { id: string }).id;
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/**
 * Waits for a toast with this title; a failure names the toast that showed instead. Found by its
 * markup, not its role: while a dialog is open everything outside it is hidden from the
 * accessibility tree (screen readers hear the toast through Radix's own announcement).
 */
async function expectToast(page: Page, title: string) {
  const toasts = page.locator('li[data-swipe-direction]');
  await expect
    .poll(
      async () =>
        (await toasts.getByText(title, { exact: true }).count()) > 0
          ? title
          : (await toasts.allTextContents()).join(' | '),
      { timeout: 10_000 },
    )
    .toBe(title);
}

/**
 * Types a search and waits for the list read that carries it. Waiting for the rows is not enough:
 * on a server holding one job the unfiltered list already looks like the answer, and the search's
 * own read then dims the list while the test goes on.
 */
async function searchFor(page: Page, text: string) {
  const read = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/dashboard/jobs' &&
      (new URL(r.url()).searchParams.get('search') ?? '') === text,
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await read;
}

/**
 * No axe violations inside `selector` (the Jobs tab's own section, or the open dialog), once it has
 * settled: while the list refreshes (a live booking announcement, a write's refresh) it is dimmed
 * and marked aria-busy, and axe would measure the dimmed colours.
 */
async function expectAccessible(page: Page, selector: string) {
  await eventually(() => page.locator(`${selector} [aria-busy="true"]`).count()).toBe(0);
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
const JOBS_SECTION = 'section[aria-labelledby="jobs-heading"]';

async function shot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, name), fullPage: true });
}

async function dialogShot(dialog: Locator, page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await dialog
    .screenshot({ path: path.join(shots, name) })
    .catch(() => page.screenshot({ path: path.join(shots, name) }));
}

describe('the Jobs tab and the job detail', () => {
  it('takes a job from booking to completed as the admin on a desktop: reschedule, quote, assign, start, complete', async () => {
    const job = await bookOnsite(day(0), '8-10 AM', 'Alex');
    await uploadPhoto(job.jobId, 'front-left.png');
    await uploadPhoto(job.jobId, 'front-right.png');
    const technician = `tech_desk_${runId}`;
    const technicianId = await addTechnician(await ownerCookie(), technician, 'van-pass-123');
    const page = await browser.newPage({ width: 1280, height: 900 });
    page.setDefaultTimeout(10_000);
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.goto('/dashboard?tab=jobs');

    // The wide screen gets the table with the owner's columns.
    const table = page.getByRole('table', { name: 'Jobs' });
    await eventually(() => table.isVisible()).toBe(true);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Job ID',
      'Customer',
      'Service',
      'Date/Time',
      'Location',
      'Status',
      'Value',
      'Actions',
    ]);

    await searchFor(page, job.jobNumber);
    const row = table.getByRole('row', { name: new RegExp(job.jobNumber) });
    await eventually(() => table.getByRole('row').count()).toBe(2);
    expect(await row.textContent()).toContain('Alex Driver');
    expect(await row.textContent()).toContain('Puncture Repair');
    // The address is cut to 20 characters in the table; the full one is its tooltip.
    expect(await row.getByText('42 Long Example Boul...').isVisible()).toBe(true);
    expect(await row.getByTitle('42 Long Example Boulevard, Rockingham WA 6168').count()).toBe(1);
    expect(await row.getByText('New', { exact: true }).isVisible()).toBe(true);
    // No invoice for a new job.
    expect(await row.getByRole('link', { name: `Create invoice for ${job.jobNumber}` }).count()).toBe(0);
    await eventually(() => page.getByText('1-1 of 1').isVisible()).toBe(true);
    await shot(page, 'staff-jobs-1280-tab.png');
    await expectAccessible(page, JOBS_SECTION);

    // Inline quote edit: a blank box is refused with the money message, never saved as $0.00.
    const quote = row.getByLabel(`Quote for ${job.jobNumber} (dollars)`);
    expect(await quote.inputValue()).toBe('129.80');
    await quote.fill('');
    await row.getByRole('button', { name: `Save quote for ${job.jobNumber}` }).click();
    expect(await row.getByRole('alert').textContent()).toBe('Must be a valid decimal amount');
    await quote.press('Escape');
    expect(await quote.inputValue()).toBe('129.80');
    await quote.fill('150');
    await row.getByRole('button', { name: `Save quote for ${job.jobNumber}` }).click();
    await expectToast(page, 'Quote Updated');
    await eventually(() => quote.inputValue()).toBe('150.00');

    // View opens the dialog and puts the job in the URL.
    await row.getByRole('button', { name: `View ${job.jobNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Job ${job.jobNumber}` });
    await eventually(() => dialog.isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('job')).toBe(job.jobId);
    await eventually(() => dialog.getByText('Alex Driver', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText('2019 Toyota Corolla').isVisible()).toBe(true);
    expect(await dialog.getByText('Gate code 1234').isVisible()).toBe(true);
    // The photos load (served to signed-in staff only), two to a row.
    const photos = dialog.getByRole('img', { name: /^front-(left|right)\.png/ });
    await eventually(() => photos.count()).toBe(2);
    for (const photo of await photos.all())
      await eventually(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
    const [left, right] = await Promise.all((await photos.all()).map((p) => p.boundingBox()));
    expect(left!.y).toBe(right!.y);
    // A job not yet under way has no arrival to text; calling and directions stay.
    expect(await dialog.getByRole('link', { name: 'Text ETA' }).count()).toBe(0);
    expect(await dialog.getByRole('link', { name: 'Call' }).getAttribute('href')).toMatch(/^tel:/);
    expect(await dialog.getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('42 Long Example Boulevard, Rockingham WA 6168, Australia')}`,
    );

    // Reschedule: a new date clears the slot, both are needed, the taken slot is not offered.
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    const reschedule = dialog.getByRole('form', { name: `Reschedule ${job.jobNumber}` });
    // A person taps the slot's tile (the radio inside it is for keyboards and screen readers).
    const chooseSlot = (label: string) => reschedule.locator('label').filter({ hasText: label }).click();
    await reschedule.getByLabel('New date').fill(day(1));
    await chooseSlot('12 pm - 2 pm');
    expect(await reschedule.getByRole('radio', { name: '12 pm - 2 pm' }).isChecked()).toBe(true);
    await reschedule.getByLabel('New date').fill(day(2));
    expect(await reschedule.getByRole('radio', { name: '12 pm - 2 pm' }).isChecked()).toBe(false);
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await eventually(() => reschedule.getByText('Please select both date and time slot').isVisible()).toBe(true);
    await chooseSlot('12 pm - 2 pm');
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await expectToast(page, 'Job Rescheduled');
    await eventually(() => reschedule.count()).toBe(0);
    await eventually(() => dialog.getByText(formatVisit(day(2), '12-2 PM'), { exact: true }).isVisible()).toBe(true);

    // Assign a technician: saved on choosing, kept in the history.
    const assign = dialog.getByLabel('Assigned technician');
    await eventually(() => assign.isEnabled()).toBe(true);
    // Another file's technician on this server may have taken the booking automatically (decision 311); this one came later.
    expect(await assign.inputValue()).not.toBe(technicianId);
    await assign.selectOption(technicianId);
    await expectToast(page, 'Assignment Updated');
    // "Technician: tech_desk_…", or "Technician: <the other> → tech_desk_…" after an automatic assignment.
    await eventually(() => dialog.getByText(new RegExp(`^Technician: (.+ → )?${technician}$`)).isVisible()).toBe(true);
    expect(await assign.inputValue()).toBe(technicianId);

    // Start, then complete: each step's button, the timeline and the history follow.
    await dialog.getByRole('button', { name: 'Start Work (En Route)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start Work (En Route)' }).click();
    await eventually(() => dialog.getByRole('button', { name: 'Complete Work' }).isVisible()).toBe(true);
    expect(await dialog.getByText('In Progress', { exact: true }).first().isVisible()).toBe(true);
    expect(await dialog.getByRole('listitem').filter({ hasText: 'Technician en route' }).textContent()).toContain(
      '(done)',
    );
    await dialog.getByRole('button', { name: 'Complete Work' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Complete Work' }).click();
    await eventually(() => dialog.getByText('Completed', { exact: true }).first().isVisible()).toBe(true);
    expect(await dialog.getByRole('listitem').filter({ hasText: 'Work completed' }).textContent()).toContain('(done)');
    expect(await dialog.getByRole('listitem').filter({ hasText: 'Invoice sent' }).textContent()).toContain('(not yet)');
    expect(await dialog.getByText('Status: In Progress → Completed').isVisible()).toBe(true);
    expect(await dialog.getByText('Status: New → In Progress').isVisible()).toBe(true);
    // Done work is not rescheduled or cancelled.
    expect(await dialog.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Cancel Job' }).count()).toBe(0);
    await dialogShot(dialog, page, 'staff-jobs-1280-dialog.png');
    await expectAccessible(page, '[role="dialog"]');

    // Back closes the dialog; the list shows the new status and offers the invoice.
    await page.goBack();
    await eventually(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('job')).toBeNull();
    await eventually(() => row.getByText('Completed', { exact: true }).isVisible()).toBe(true);
    const invoice = row.getByRole('link', { name: `Create invoice for ${job.jobNumber}` });
    expect(await invoice.getAttribute('href')).toBe(`/dashboard/invoices/new?jobId=${job.jobId}`);
  });

  it('cancels a prepaid job on a 360 px phone after showing the refund, and deletes another after the confirmation', async () => {
    const prepaid = await bookPrepaidAndPay(day(3), '10-12 AM', 'Blair');
    const doomed = await bookOnsite(day(3), '2-4 PM', 'Casey');
    const alsoDoomed = await bookOnsite(day(3), '8-10 AM', 'Dale');
    const page = await browser.newPage({ width: 360, height: 780 });
    page.setDefaultTimeout(10_000);
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);

    // A link (a live popup, say) opens the job straight away.
    await page.goto(`/dashboard?tab=jobs&job=${prepaid.jobId}`);
    const dialog = page.getByRole('dialog', { name: `Job ${prepaid.jobNumber}` });
    await eventually(() => dialog.isVisible()).toBe(true);
    await eventually(() => dialog.getByText(/^Payment: Online \(prepaid\), paid$/).isVisible()).toBe(true);
    await dialogShot(dialog, page, 'staff-jobs-360-dialog.png');

    await dialog.getByRole('button', { name: 'Cancel Job' }).click();
    const cancel = dialog.getByRole('form', { name: `Cancel ${prepaid.jobNumber}` });
    const refund = cancel.getByRole('region', { name: 'Refund' });
    await eventually(() => refund.getByText('Full refund (24 hours or more before the visit)').isVisible()).toBe(true);
    await expectAccessible(page, '[role="dialog"]');
    const figures = await refund.locator('dd').allTextContents();
    const paidText = figures[0]!;
    expect(paidText).toMatch(/^\$\d+\.\d{2}$/);
    expect(figures[2]).toBe(paidText);
    expect(await cancel.getByLabel('Refund to the customer ($)').inputValue()).toBe(paidText.slice(1));

    // A reason is required.
    await cancel.getByRole('button', { name: 'Cancel Job' }).click();
    await eventually(() => cancel.getByText('Please give a reason for cancelling').isVisible()).toBe(true);
    await cancel.getByLabel('Reason for cancelling').fill('Customer sold the car');
    await cancel.getByRole('button', { name: 'Cancel Job' }).click();
    await expectToast(page, 'Job Cancelled');
    await eventually(() => dialog.getByText('Reason: Customer sold the car').isVisible()).toBe(true);
    expect(await dialog.getByText(`Refund: ${paidText}`).isVisible()).toBe(true);
    expect(await dialog.getByText('Cancelled', { exact: true }).first().isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Start Work (En Route)' }).count()).toBe(0);

    // Closing a dialog opened by a link leaves the Jobs tab, not the page before it.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await eventually(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('jobs');

    // Phones get cards; the address is cut to 30 characters.
    await searchFor(page, doomed.jobNumber);
    const card = page.getByRole('article', { name: doomed.jobNumber });
    await eventually(() => card.isVisible()).toBe(true);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await card.getByText('42 Long Example Boulevard', { exact: true }).isVisible()).toBe(true);
    await searchFor(page, '');
    await eventually(() => page.getByRole('article').count()).toBeGreaterThan(1);
    await shot(page, 'staff-jobs-360-tab.png');
    await expectAccessible(page, JOBS_SECTION);
    await searchFor(page, doomed.jobNumber);
    await eventually(() => page.getByRole('article').count()).toBe(1);

    await card.getByRole('button', { name: `Delete ${doomed.jobNumber}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete job?' });
    await eventually(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toContain(
      `Are you sure you want to delete job ${doomed.jobNumber}? This action cannot be undone.`,
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Job Deleted');
    await eventually(() => page.getByText('No jobs match these filters.').isVisible()).toBe(true);

    // Deleting from the job detail asks the same question and closes the detail.
    await searchFor(page, alsoDoomed.jobNumber);
    await page
      .getByRole('article', { name: alsoDoomed.jobNumber })
      .getByRole('button', { name: `View ${alsoDoomed.jobNumber}` })
      .click();
    const detail = page.getByRole('dialog', { name: `Job ${alsoDoomed.jobNumber}` });
    await detail.getByRole('button', { name: 'Delete Job' }).click();
    const again = page.getByRole('alertdialog', { name: 'Delete job?' });
    expect(await again.textContent()).toContain(
      `Are you sure you want to delete job ${alsoDoomed.jobNumber}? This action cannot be undone.`,
    );
    await again.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Job Deleted');
    await eventually(() => detail.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('job')).toBeNull();
    await eventually(() => page.getByText('No jobs match these filters.').isVisible()).toBe(true);
  });

  it('shows a technician on a 390 px phone only their assigned job, without the admin buttons', async () => {
    const theirs = await bookOnsite(day(4), '8-10 AM', 'Drew');
    const other = await bookOnsite(day(4), '10-12 AM', 'Emery');
    const username = `tech_jobs_${runId}`;
    const password = 'van-pass-123';
    const cookie = await ownerCookie();
    const technicianId = await addTechnician(cookie, username, password);
    const assigned = await fetch(`${browser.baseUrl}/api/dashboard/jobs/${theirs.jobId}/assign`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: browser.baseUrl, cookie },
      body: JSON.stringify({ technicianId }),
    });
    expect(assigned.status, await assigned.clone().text()).toBe(200);

    const page = await browser.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(10_000);
    await signIn(page, username, password);
    await page.goto('/dashboard?tab=jobs');
    await eventually(() => page.getByRole('heading', { name: 'My Jobs', level: 2 }).isVisible()).toBe(true);

    const cards = page.getByRole('article');
    await eventually(() => cards.count()).toBe(1);
    const card = page.getByRole('article', { name: theirs.jobNumber });
    expect(await card.isVisible()).toBe(true);
    expect(await page.getByText(other.jobNumber).count()).toBe(0);
    // No quote box, delete or invoice: those are the admin's.
    expect(await card.getByRole('spinbutton').count()).toBe(0);
    expect(await card.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(await card.getByRole('link', { name: /Create invoice/ }).count()).toBe(0);
    expect(await card.getByText('$129.80').isVisible()).toBe(true);

    await card.getByRole('button', { name: `View ${theirs.jobNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Job ${theirs.jobNumber}` });
    await eventually(() => dialog.getByRole('button', { name: 'Start Work (En Route)' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Reschedule' }).isVisible()).toBe(true);
    for (const name of ['Cancel Job', 'Delete Job', 'Mark as Paid'])
      expect(await dialog.getByRole('button', { name }).count(), name).toBe(0);
    expect(await dialog.getByLabel('Assigned technician').count()).toBe(0);
    await expectAccessible(page, '[role="dialog"]');

    // Every target on the phone is at least 44 px high.
    for (const target of await dialog.getByRole('button').all()) {
      const box = await target.boundingBox();
      if (box) expect(box.height, (await target.textContent()) ?? '').toBeGreaterThanOrEqual(44);
    }

    await dialog.getByRole('button', { name: 'Start Work (En Route)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start Work (En Route)' }).click();
    await eventually(() => dialog.getByRole('button', { name: 'Complete Work' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Complete Work' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Complete Work' }).click();
    await eventually(() =>
      dialog
        .getByText('Work completed. Record the payment if the customer paid you; otherwise the office invoices them.')
        .isVisible(),
    ).toBe(true);

    // Another technician's job is not theirs to open.
    await page.goto(`/dashboard?tab=jobs&job=${other.jobId}`);
    const refused = page.getByRole('dialog');
    await eventually(() => refused.getByText('Error loading job details').isVisible()).toBe(true);
    expect(await refused.getByText('This job is not assigned to you.').isVisible()).toBe(true);
    await page.goto('/dashboard?tab=jobs&job=');
    await eventually(() => page.getByRole('dialog').getByText('Error: No job ID provided').isVisible()).toBe(true);
  });
});
