import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { addDays } from '../../src/shared/domain/perth-time';
import { useBrowser, eventually } from '../helpers/browser';
import { signInAsOwner, staffApi } from '../helpers/staff-api';

// The owner keeps the technicians' rosters from a 360 px phone (docs/decisions/310-technician-rosters-and-leave.md).
const browser = useBrowser({ viewport: { width: 360, height: 780 } });
const runId = Date.now().toString(36);
const { api, ownerCookie } = staffApi(() => browser.baseUrl);

/** A day of this file's own on the shared server: a staff booking in August 2027, which no other file uses. */
const JOB_DAY = nextBusinessDay('2027-08-15');

const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function expectAccessible(page: Page, selector: string) {
  await eventually(() => page.locator(`${selector} [aria-busy="true"]`).count()).toBe(0);
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A technician with one job on JOB_DAY, then made inactive so they take none of the other files' bookings. */
async function technicianWithAJob(username: string) {
  const cookie = await ownerCookie();
  const added = await api('POST', '/api/admin/users', cookie, {
    username,
    password: 'van-pass-123',
    role: 'technician',
  });
  expect(added.status, await added.clone().text()).toBe(201);
  const technicianId = ((await added.json()) as { id: string }).id;
  const booked = await api('POST', '/api/bookings', cookie, {
    customer: { name: `Rory Roster ${runId}`, email: `rory.${runId}@example.com`, phone: '0400 123 321' },
    vehicle: { make: 'Mazda', model: '3', year: 2019, color: 'Red', registration: `R${runId.slice(-5).toUpperCase()}` },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: JOB_DAY,
      timeSlot: '8-10 AM',
      address: '5 Roster Road',
      suburb: 'Joondalup',
      postcode: '6027',
      tyreSize: null,
      tyreQuantity: null,
      notes: null,
      paymentMethod: 'onsite',
      customerValue: '',
    },
  });
  expect(booked.status, await booked.clone().text()).toBe(200);
  const { jobId, jobNumber } = (await booked.json()) as { jobId: string; jobNumber: string };
  const assigned = await api('PATCH', `/api/dashboard/jobs/${jobId}/assign`, cookie, { technicianId });
  expect(assigned.status, await assigned.clone().text()).toBe(200);
  const off = await api('PATCH', `/api/admin/users/${technicianId}/status`, cookie, { isActive: false });
  expect(off.status, await off.clone().text()).toBe(200);
  return { technicianId, jobId, jobNumber, cookie };
}

describe('a technician roster on a 360 px phone', () => {
  it('sets working days and leave, refuses bad input in words, and links the jobs to reassign', async () => {
    const username = `roster_${runId}`;
    const { technicianId, jobId, jobNumber, cookie } = await technicianWithAJob(username);
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await page.goto('/dashboard?tab=team');

    const row = page.getByRole('list', { name: 'Team members' }).getByRole('listitem').filter({ hasText: username });
    await row.getByRole('button', { name: `Roster of ${username}` }).click();
    const form = page.getByRole('form', { name: `Roster of ${username}` });
    await eventually(() => form.isVisible()).toBe(true);

    // One toggle per day the business opens, each a 44 px target; Monday to Friday by default.
    const days = form.getByRole('group', { name: 'Working days' }).getByRole('button');
    await eventually(() => days.count()).toBe(5);
    for (const day of await days.all()) {
      const box = (await day.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(await day.getAttribute('aria-pressed')).toBe('true');
    }
    expect(await pageOverflow(page)).toBe(0);

    // No working day at all, and leave that ends before it starts without a reason: refused in words, nothing saved.
    for (const day of await days.all()) await day.click();
    await form.getByRole('button', { name: 'Add leave' }).click();
    await form.getByLabel('First day').fill(addDays(JOB_DAY, 1));
    await form.getByLabel('Last day').fill(JOB_DAY);
    await form.getByRole('button', { name: 'Save roster' }).click();
    await eventually(() => form.getByText('Choose at least one working day').isVisible()).toBe(true);
    expect(await form.getByText('The last day of leave cannot be before the first').isVisible()).toBe(true);
    expect(await form.getByText('Give a reason for the leave').isVisible()).toBe(true);
    const saved = await api('GET', `/api/dashboard/technicians/${technicianId}/roster`, cookie);
    expect(await saved.json()).toMatchObject({ workingDays: [1, 2, 3, 4, 5], leave: [] });

    // Monday to Thursday, and a day of leave over the job: saved, and the job is listed to move.
    for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday'])
      await form.getByRole('button', { name, exact: true }).click();
    await form.getByLabel('First day').fill(JOB_DAY);
    await form.getByLabel('Reason').fill('Annual leave');
    await form.getByRole('button', { name: 'Save roster' }).click();
    await eventually(() => toast(page, 'Roster saved').first().isVisible()).toBe(true);
    const toMove = page.getByRole('region', { name: `Jobs to reassign from ${username}` });
    await eventually(() => toMove.isVisible()).toBe(true);
    const link = toMove.getByRole('link', { name: new RegExp(jobNumber) });
    expect(await link.textContent()).toContain('(on leave)');
    expect(await form.getByRole('button', { name: 'Friday', exact: true }).getAttribute('aria-pressed')).toBe('false');
    expect(await pageOverflow(page)).toBe(0);
    await expectAccessible(page, 'section[aria-labelledby="team-heading"]');
    fs.mkdirSync(path.resolve(import.meta.dirname, '../../test-results'), { recursive: true });
    await page.screenshot({
      path: path.resolve(import.meta.dirname, '../../test-results/staff-roster-360.png'),
      fullPage: true,
    });
    const stored = await api('GET', `/api/dashboard/technicians/${technicianId}/roster`, cookie);
    expect(await stored.json()).toMatchObject({
      workingDays: [1, 2, 3, 4],
      leave: [{ from: JOB_DAY, to: JOB_DAY, reason: 'Annual leave' }],
      jobsToReassign: [{ jobNumber }],
    });

    // The link opens the job, where the owner picks someone else.
    await link.click();
    await eventually(() => new URL(page.url()).searchParams.get('job')).toBe(jobId);
    await eventually(() => page.getByRole('dialog', { name: `Job ${jobNumber}` }).isVisible()).toBe(true);
  });
});
