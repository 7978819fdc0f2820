import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { addDays } from '../../src/shared/domain/perth-time';
import { slotWindowLabel, TIME_SLOTS, type TimeSlot } from '../../src/shared/domain/slots';
import { useBrowser, eventually } from '../helpers/browser';
import { E2E_TODAY } from '../helpers/e2e-calendar';
import { signInAsOwner, staffApi } from '../helpers/staff-api';

// The technician reads the day's run on a 360 px phone; the owner plans the day on a desk.
const browser = useBrowser({ viewport: { width: 360, height: 780 } });
const runId = Date.now().toString(36);
/** A day no other browser file books (they share one server); today's run takes one of today's free slots. */
const BOARD_DAY = nextBusinessDay('2027-10-18');
/** A later day of this file's own for a job that is not today's. */
const LATER_DAY = nextBusinessDay('2027-10-25');
const shots = path.resolve(import.meta.dirname, '../../test-results');

const { api, ownerCookie } = staffApi(() => browser.baseUrl);

async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function addTechnician(
  cookie: string,
  name: string,
): Promise<{ id: string; username: string; password: string }> {
  const username = `${name}_${runId}`;
  const password = 'van-pass-123';
  const res = await api('POST', '/api/admin/users', cookie, { username, password, role: 'technician' });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return { id: ((await res.json()) as { id: string }).id, username, password };
}

/** A booking made by staff, then given to a technician (or to nobody, whatever assigned it first). */
async function booked(cookie: string, day: string, slot: TimeSlot, who: string, technicianId: string | null) {
  const res = await api('POST', '/api/bookings', cookie, {
    customer: { name: `${who} Driver`, email: `${who.toLowerCase()}.${runId}@example.com`, phone: '0400 777 888' },
    vehicle: {
      make: 'Toyota',
      model: 'Hilux',
      year: 2021,
      color: 'White',
      registration: `R${runId.slice(-4).toUpperCase()}${who.slice(0, 2).toUpperCase()}`,
    },
    job: {
      serviceType: 'new-tyres',
      scheduledDate: day,
      timeSlot: slot,
      address: `4 ${who} Street`,
      suburb: 'Mandurah',
      postcode: '6210',
      tyreSize: '205/55R16',
      tyreQuantity: 2,
      notes: 'Gate code 1234',
      paymentMethod: 'onsite',
      customerValue: '',
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const job = (await res.json()) as { jobId: string; jobNumber: string };
  const assigned = await api('PATCH', `/api/dashboard/jobs/${job.jobId}/assign`, cookie, { technicianId });
  expect(assigned.status, await assigned.clone().text()).toBe(200);
  return job;
}

async function signIn(page: Page, username: string, password: string) {
  page.setDefaultTimeout(10_000);
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

describe("a technician's My Schedule", () => {
  it("opens on today's run on a 360 px phone: the stop, a call link, the route, the run sheet, and the next day", async () => {
    const owner = await ownerCookie();
    const tech = await addTechnician(owner, 'runner');
    const slots = (await (await fetch(`${browser.baseUrl}/api/time-slots?date=${E2E_TODAY}`)).json()) as {
      slot: TimeSlot;
      isAvailable: boolean;
    }[];
    const slot = TIME_SLOTS.find((s) => slots.find((x) => x.slot === s)?.isAvailable);
    expect(slot, 'a free slot today').toBeDefined();
    const job = await booked(owner, E2E_TODAY, slot!, 'Runa', tech.id);

    const page = await browser.newPage();
    await signIn(page, tech.username, tech.password);
    await page.getByRole('link', { name: 'My Schedule' }).click();
    const run = page.getByRole('list', { name: "Today's run" }).getByRole('listitem');
    await eventually(() => run.count()).toBe(1);
    const stop = await run.first().innerText();
    for (const text of [
      slotWindowLabel(slot!),
      job.jobNumber,
      '4 Runa Street, Mandurah WA 6210',
      'Tyres: 2 x 205/55R16',
      'Notes: Gate code 1234',
      'Runa Driver',
    ])
      expect(stop).toContain(text);
    expect(
      await run
        .first()
        .getByRole('link', { name: /0400 777 888/ })
        .getAttribute('href'),
    ).toBe('tel:0400777888');

    const route = page.getByRole('link', { name: /Open today's route \(1 stop\)/ });
    const url = new URL((await route.getAttribute('href'))!);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('destination')).toBe('4 Runa Street, Mandurah WA 6210');

    const sheet = await page.request.get(
      (await page.getByRole('link', { name: 'Run sheet (PDF)' }).getAttribute('href'))!,
    );
    expect(sheet.status()).toBe(200);
    expect(sheet.headers()['content-type']).toBe('application/pdf');

    // Thumb-sized targets, nothing sideways, and nothing an axe finds wrong.
    for (const target of [
      ...(await page.getByRole('list', { name: "Today's run" }).getByRole('link').all()),
      route,
      page.getByRole('button', { name: 'Next day' }),
    ]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(shots, 'staff-day-run-360.png'), fullPage: true });

    await page.getByRole('button', { name: 'Next day' }).click();
    await eventually(() => page.getByText(/^No jobs for you on /).isVisible()).toBe(true);
    expect(page.url()).toContain(`day=${addDays(E2E_TODAY, 1)}`);
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await eventually(() => page.getByRole('list', { name: "Today's run" }).getByRole('listitem').count()).toBe(1);

    // Today's next stop starts at one tap, with Undo in the toast instead of a question (decision 420).
    await run.first().getByRole('link', { name: job.jobNumber }).click();
    const sheet360 = page.getByRole('dialog', { name: `Job ${job.jobNumber}` });
    await eventually(() =>
      sheet360.getByText("Today's next stop: one tap, then Undo for a few seconds.").isVisible(),
    ).toBe(true);
    const statusOf = async (jobId: string) =>
      ((await (await api('GET', `/api/dashboard/jobs/${jobId}`, owner)).json()) as { status: string }).status;
    await sheet360.getByRole('button', { name: 'Start Work (En Route)' }).click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await eventually(() => undo.isVisible()).toBe(true);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await statusOf(job.jobId)).toBe('in-progress');
    expect((await undo.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await undo.click();
    await eventually(() => page.getByText(`${job.jobNumber} is New again.`).isVisible()).toBe(true);
    expect(await statusOf(job.jobId)).toBe('new');
    await eventually(() => sheet360.getByRole('button', { name: 'Start Work (En Route)' }).isVisible()).toBe(true);
    await sheet360.getByRole('button', { name: 'Close' }).click();

    // A job on another day still asks first, naming the day.
    const later = await booked(owner, LATER_DAY, '8-10 AM', 'Lana', tech.id);
    await page.goto(`/dashboard?tab=jobs&job=${later.jobId}`);
    const laterSheet = page.getByRole('dialog', { name: `Job ${later.jobNumber}` });
    await eventually(() => laterSheet.getByRole('button', { name: 'Start Work (En Route)' }).isVisible()).toBe(true);
    await laterSheet.getByRole('button', { name: 'Start Work (En Route)' }).click();
    const ask = page.getByRole('alertdialog', { name: `Start work on ${later.jobNumber}?` });
    await eventually(() => ask.isVisible()).toBe(true);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await statusOf(later.jobId)).toBe('new');
  });
});

describe("the owner's Schedule board", () => {
  // The phone test below reads the day the desk test leaves: the early job moved to ben, the noon one unassigned.
  let ben: { id: string; username: string };
  let moved: { jobNumber: string };
  let unassigned: { jobNumber: string };

  it('shows a column per technician and Unassigned at 1280 px, and moves a job to another technician in one choice', async () => {
    const owner = await ownerCookie();
    let ann, cal;
    [ann, ben, cal] = [
      await addTechnician(owner, 'ann'),
      await addTechnician(owner, 'ben'),
      await addTechnician(owner, 'cal'),
    ];
    const first = await booked(owner, BOARD_DAY, '8-10 AM', 'Early', ann.id);
    const second = await booked(owner, BOARD_DAY, '12-2 PM', 'Noon', null);
    [moved, unassigned] = [first, second];

    const page = await browser.newPage({ width: 1280, height: 900 });
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await page.goto(`/dashboard?tab=schedule&day=${BOARD_DAY}`);
    const board = page.getByRole('table', { name: /^Schedule board for/ });
    await eventually(() => board.isVisible()).toBe(true);
    const headers = await board.getByRole('columnheader').allInnerTexts();
    expect(headers[0]).toBe('Slot');
    expect(headers).toEqual(expect.arrayContaining([ann.username, ben.username]));
    expect(headers.at(-1)).toBe('Unassigned');
    const cell = (slot: TimeSlot, column: string) =>
      board
        .getByRole('row', { name: new RegExp(`^${slotWindowLabel(slot)}`) })
        .getByRole('cell')
        .nth(headers.indexOf(column) - 1);
    expect(await board.getByRole('row').count()).toBe(1 + TIME_SLOTS.length);
    await eventually(() => cell('8-10 AM', ann.username).innerText()).toContain(first.jobNumber);
    expect(await cell('12-2 PM', 'Unassigned').innerText()).toContain(second.jobNumber);

    await cell('8-10 AM', ann.username).getByLabel(`Technician for ${first.jobNumber}`).selectOption(ben.id);
    await eventually(() => page.getByRole('status').filter({ hasText: 'Assignment Updated' }).count()).toBeGreaterThan(
      0,
    );
    await eventually(() => cell('8-10 AM', ben.username).innerText()).toContain(first.jobNumber);
    expect(await cell('8-10 AM', ann.username).innerText()).not.toContain(first.jobNumber);
    const after = await api('GET', `/api/dashboard/jobs/${first.jobId}`, owner);
    expect(((await after.json()) as { technician: { id: string } | null }).technician?.id).toBe(ben.id);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(shots, 'staff-schedule-board-1280.png'), fullPage: true });

    // A move the server refuses (here: the technician was deactivated meanwhile) is the toast, in the server's words.
    const stopped = await api('PATCH', `/api/admin/users/${cal.id}/status`, owner, { isActive: false });
    expect(stopped.status, await stopped.clone().text()).toBe(200);
    await cell('12-2 PM', 'Unassigned').getByLabel(`Technician for ${second.jobNumber}`).selectOption(cal.id);
    const refusal = page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'Assignment Failed' });
    await eventually(() => refusal.count()).toBeGreaterThan(0);
    expect(await refusal.first().innerText()).toContain('Choose an active technician.');
    await eventually(() => board.getByRole('columnheader', { name: cal.username }).count()).toBe(0);
    expect(
      await board
        .getByRole('row', { name: new RegExp(`^${slotWindowLabel('12-2 PM')}`) })
        .getByRole('cell')
        .last()
        .innerText(),
    ).toContain(second.jobNumber);
  });

  it('lists the day by slot on a phone, or one technician’s run in order with its route, or the unassigned jobs', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await page.goto(`/dashboard?tab=schedule&day=${BOARD_DAY}`);
    const list = page.getByRole('list', { name: 'The day by slot' });
    await eventually(() => list.isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: /^Schedule board for/ }).count()).toBe(0);
    expect(await list.getByRole('heading').allInnerTexts()).toEqual(
      TIME_SLOTS.map((s) => expect.stringContaining(slotWindowLabel(s))),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(shots, 'staff-schedule-board-360.png'), fullPage: true });

    // One technician at a time: ben's run, its stop with the address, and one route through it.
    const show = page.getByRole('list', { name: 'Show the day' });
    await show.getByRole('button', { name: ben.username }).click();
    expect(await show.getByRole('button', { name: ben.username }).getAttribute('aria-pressed')).toBe('true');
    const run = page.getByRole('list', { name: `${ben.username}'s run` });
    await eventually(() => run.getByRole('listitem').count()).toBe(1);
    expect(await run.innerText()).toContain(moved.jobNumber);
    expect(await run.innerText()).toContain('4 Early Street');
    const route = page.getByRole('link', { name: /Open the route \(1 stop\)/ });
    expect(await route.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\//);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);

    await show.getByRole('button', { name: 'Unassigned' }).click();
    const nobody = page.getByRole('list', { name: 'Unassigned jobs' });
    await eventually(() => nobody.isVisible()).toBe(true);
    expect(await nobody.innerText()).toContain(unassigned.jobNumber);
    expect(await nobody.innerText()).not.toContain(moved.jobNumber);
  });
});
