import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closureLabel } from '../../src/shared/domain/closures';
import { formatVisit } from '../../src/shared/domain/slots';
import { useBrowser, eventually } from '../helpers/browser';
import { bookingDaysOf } from '../helpers/e2e-calendar';
import { signInAsOwner, staffApi } from '../helpers/staff-api';

// Phone first: the owner closes days from a 360 px phone.
const browser = useBrowser({ viewport: { width: 360, height: 780 } });
const runId = Date.now().toString(36);

/**
 * The browser files of a worker share its server, and a closure closes its days for every file, so
 * this file closes its own two business days (e2e-calendar.ts), which no other file books.
 */
const FIRST_DAY = bookingDaysOf('staff-closures')(0);
const LAST_DAY = bookingDaysOf('staff-closures')(1);

const { api, ownerCookie } = staffApi(() => browser.baseUrl);
const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));

async function expectAccessible(page: Page, selector: string) {
  await eventually(() => page.locator(`${selector} [aria-busy="true"]`).count()).toBe(0);
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
const CLOSURES = 'section[aria-labelledby="closures-heading"]';

describe('Closures in the Settings tab', () => {
  it('the owner closes a range holding a job, sees the job, keeps it; the booking wizard shows the day closed', async () => {
    const cookie = await ownerCookie();
    const booked = await api('POST', '/api/bookings', cookie, {
      customer: { name: 'Kim Closure', email: `kim.${runId}@example.com`, phone: '0400 777 888' },
      vehicle: { make: 'Honda', model: 'Jazz', year: 2019, registration: `C${runId.slice(-5).toUpperCase()}` },
      job: {
        serviceType: 'puncture-repair',
        scheduledDate: FIRST_DAY,
        timeSlot: '10-12 AM',
        address: '3 Shut Street',
        suburb: 'Mandurah',
        postcode: '6210',
        tyreSize: null,
        tyreQuantity: null,
        notes: null,
        paymentMethod: 'onsite',
      },
    });
    expect(booked.status, await booked.clone().text()).toBe(200);
    const { jobId, jobNumber } = (await booked.json()) as { jobId: string; jobNumber: string };

    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    // On the phone Settings sits behind "More" on the section bar (decision 352), and Closures is
    // its own screen there, listed in the sheet under Settings (decision 428).
    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('button', { name: 'More' }).click();
    await page
      .getByRole('dialog', { name: 'More sections' })
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Closures' })
      .click();
    await page.waitForURL('**/dashboard?tab=settings&section=closures');
    const section = page.locator(CLOSURES);
    await section.getByRole('heading', { name: 'Closures', exact: true }).waitFor();
    const form = section.getByRole('form', { name: 'Close days' });

    // The server's own rule and words, before anything is sent.
    await form.getByRole('button', { name: 'Close these days' }).click();
    await eventually(() => form.getByText('First day is required').isVisible()).toBe(true);

    await form.getByLabel('First day').fill(FIRST_DAY);
    await form.getByLabel('Last day (optional)').fill(LAST_DAY);
    await form.getByLabel('Reason').fill('Away at the tyre expo');
    await form.getByRole('button', { name: 'Close these days' }).click();

    const question = section.getByRole('region', { name: 'These days hold 1 booked job' });
    await question.waitFor();
    const jobs = question.getByRole('list', { name: 'Booked jobs on these days' }).getByRole('listitem');
    await eventually(() => jobs.allTextContents()).toEqual([
      `${jobNumber}${formatVisit(FIRST_DAY, '10-12 AM')} · Kim Closure`,
    ]);
    await expectAccessible(page, CLOSURES);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await question.getByRole('button', { name: 'Keep these jobs' }).click();
    await eventually(() => toast(page, `Kept ${jobNumber}`).count()).toBeGreaterThan(0);
    await eventually(() => question.count()).toBe(0);
    const listed = section
      .getByRole('list', { name: 'Closures' })
      .getByRole('listitem')
      .filter({ hasText: 'Away at the tyre expo' });
    await eventually(() => listed.textContent()).toContain(closureLabel(FIRST_DAY, LAST_DAY));
    expect(await listed.textContent()).toContain('1 booked job kept');
    await expectAccessible(page, CLOSURES);

    // The job is still booked.
    const job = await api('GET', `/api/dashboard/jobs/${jobId}`, cookie);
    expect(((await job.json()) as { status: string }).status).toBe('new');

    // The public wizard: the closed day's slots read Closed and the step says the day is closed.
    const wizard = await browser.newPage();
    await wizard.goto('/');
    await wizard.getByRole('button', { name: 'Book Service Now' }).first().click();
    const dialog = wizard.getByRole('dialog', { name: 'Book a Mobile Service' });
    await dialog.getByText('Step 1 of 7').waitFor();
    await dialog.getByLabel('Date', { exact: true }).fill(LAST_DAY);
    await eventually(() =>
      dialog.getByRole('status').filter({ hasText: "We're closed on this day." }).isVisible(),
    ).toBe(true);
    const slot = dialog.getByRole('button', { name: /8 am - 10 am/ });
    expect(await slot.textContent()).toContain('Closed');
    expect(await slot.isDisabled()).toBe(true);
    const result = await new AxeBuilder({ page: wizard }).include('[role="dialog"]').analyze();
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});
