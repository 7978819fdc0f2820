import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { useBrowser, eventually } from '../helpers/browser';
import { signInAsOwner, staffApi } from '../helpers/staff-api';

// A technician takes the payment at the kerb on a 390 px phone; the owner sees it and can reverse it.
const browser = useBrowser({ viewport: { width: 390, height: 844 } });
const runId = Date.now().toString(36);
const { api, ownerCookie } = staffApi(() => browser.baseUrl);

/** The browser files of a worker share its server: this file books a day no other file uses (July 2027). */
const JOB_DAY = nextBusinessDay('2027-07-20');

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** A toast by its markup: while a dialog is open the rest of the page is hidden from the accessibility tree. */
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

async function expectAccessible(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A job booked by the office, assigned to a new technician and started: the technician is at the kerb. */
async function startedJobOfNewTechnician(
  cookie: string,
  username: string,
  password: string,
  timeSlot: '2-4 PM' | '12-2 PM' | '10-12 AM' = '2-4 PM',
) {
  const added = await api('POST', '/api/admin/users', cookie, { username, password, role: 'technician' });
  expect(added.status, await added.clone().text()).toBeLessThan(300);
  const technicianId = ((await added.json()) as { id: string }).id;
  const booked = await api('POST', '/api/bookings', cookie, {
    customer: {
      name: `Kerb Payer ${runId}`,
      email: `kerb.${timeSlot.length}.${runId}@example.com`,
      phone: '0400 555 666',
    },
    vehicle: {
      make: 'Mazda',
      model: 'CX-5',
      year: 2021,
      color: 'Blue',
      registration: `K${timeSlot.length}${runId.slice(-4).toUpperCase()}`,
    },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: JOB_DAY,
      timeSlot,
      address: '8 Kerbside Lane',
      suburb: 'Rockingham',
      postcode: '6168',
      tyreSize: null,
      tyreQuantity: null,
      notes: null,
      paymentMethod: 'onsite',
      customerValue: '259.60',
    },
  });
  expect(booked.status, await booked.clone().text()).toBe(200);
  const { jobId } = (await booked.json()) as { jobId: string };
  const assigned = await api('PATCH', `/api/dashboard/jobs/${jobId}/assign`, cookie, { technicianId });
  expect(assigned.status, await assigned.clone().text()).toBe(200);
  const started = await api('PATCH', `/api/dashboard/jobs/${jobId}/status`, cookie, { status: 'in-progress' });
  expect(started.status, await started.clone().text()).toBe(200);
  const job = (await started.json()) as { jobNumber: string; customerValue: string };
  return { jobId, jobNumber: job.jobNumber, total: job.customerValue };
}

describe('a payment taken on site', () => {
  it('a technician records EFTPOS on a phone; the owner sees the job and invoice paid by EFTPOS and reverses it with a reason', async () => {
    const cookie = await ownerCookie();
    const username = `tech_pay_${runId}`;
    const password = 'kerb-pass-123';
    const job = await startedJobOfNewTechnician(cookie, username, password);
    const dollarsTotal = `$${job.total}`;

    // The technician, at the kerb.
    const tech = await browser.newPage({ width: 390, height: 844 });
    tech.setDefaultTimeout(10_000);
    await signIn(tech, username, password);
    await tech.goto(`/dashboard?tab=jobs&job=${job.jobId}`);
    const dialog = tech.getByRole('dialog', { name: `Job ${job.jobNumber}` });
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const form = dialog.getByRole('form', { name: `Record payment: ${job.jobNumber}` });
    expect(await form.getByLabel('Amount taken ($)').inputValue()).toBe(job.total);
    // The job expected a card on site: the form starts there (decision 426); a technician is offered no bank transfer.
    expect(await form.getByLabel('Card', { exact: true }).isChecked()).toBe(true);
    expect(await form.getByRole('radio', { name: 'Bank transfer' }).count()).toBe(0);
    await expectAccessible(tech, '[role="dialog"]');
    await form.getByLabel('EFTPOS').check();
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(tech, 'Payment Recorded');
    await eventually(() => dialog.getByTestId('onsite-payment').textContent()).toContain(
      `Paid on site: ${dollarsTotal} by EFTPOS`,
    );
    expect(await dialog.getByTestId('onsite-payment').textContent()).toContain(`taken by ${username}`);
    expect(await dialog.getByRole('button', { name: 'Reverse payment' }).count()).toBe(0);

    // An after photo from the gallery: the grid says what it shows and who took it.
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#22aa55' } })
      .png()
      .toBuffer();
    await dialog.getByLabel('Photo type').selectOption('after');
    await dialog
      .getByTestId('photo-gallery-input')
      .setInputFiles({ name: 'after-fit.png', mimeType: 'image/png', buffer: png });
    await expectToast(tech, 'Photos Added');
    await eventually(() => dialog.getByTestId('photo-caption').allTextContents()).toEqual([`After · ${username}`]);
    expect(await pageOverflow(tech)).toBeLessThanOrEqual(0);
    for (const target of await dialog.getByRole('button').all()) {
      const box = await target.boundingBox();
      if (box) expect(box.height, await target.evaluate((el) => el.outerHTML.slice(0, 300))).toBeGreaterThanOrEqual(44);
    }

    // The owner: the job and its invoice are paid, by EFTPOS.
    const owner = await browser.newPage({ width: 390, height: 844 });
    owner.setDefaultTimeout(10_000);
    await signInAsOwner(owner);
    await owner.goto(`/dashboard?tab=jobs&job=${job.jobId}`);
    const ownerDialog = owner.getByRole('dialog', { name: `Job ${job.jobNumber}` });
    await eventually(() => ownerDialog.getByText('Job Complete: paid in full.').isVisible()).toBe(true);
    expect(await ownerDialog.getByTestId('onsite-payment').textContent()).toContain(
      `Paid on site: ${dollarsTotal} by EFTPOS`,
    );
    const invoiceSection = ownerDialog.getByRole('region', { name: 'Customer invoice', exact: true });
    await eventually(() => invoiceSection.getByText('Paid', { exact: true }).count()).toBe(1);
    const [invoice] = (await (
      await api('GET', `/api/dashboard/customer-invoices/job/${job.jobId}`, cookie)
    ).json()) as { id: string; status: string; paymentNote: string }[];
    expect(invoice).toMatchObject({
      status: 'paid',
      paymentNote: expect.stringMatching(/^Paid by EFTPOS on site on \d{1,2} [A-Z][a-z]{2} \d{4}$/),
    });

    // Reversed with a reason: a blank one is refused first.
    await ownerDialog.getByRole('button', { name: 'Reverse payment' }).click();
    const reverse = ownerDialog.getByRole('form', { name: `Reverse the payment of ${job.jobNumber}` });
    await reverse.getByRole('button', { name: 'Reverse payment' }).click();
    await eventually(() => reverse.getByText('Reason is required').isVisible()).toBe(true);
    await reverse.getByLabel('Reason for reversing').fill('EFTPOS terminal showed declined afterwards');
    await reverse.getByRole('button', { name: 'Reverse payment' }).click();
    await expectToast(owner, 'Payment Reversed');
    await eventually(() => ownerDialog.getByRole('button', { name: 'Mark as Paid' }).isVisible()).toBe(true);
    await expectAccessible(owner, '[role="dialog"]');
    const after = (await (await api('GET', `/api/dashboard/customer-invoices/${invoice!.id}`, cookie)).json()) as {
      status: string;
      paymentNote: string | null;
      sentAt: string | null;
      history: { note: string | null }[];
    };
    expect(after).toMatchObject({ status: 'sent', paymentNote: null, sentAt: null });
    expect(after.history.at(-1)!.note).toContain('Reason: EFTPOS terminal showed declined afterwards');
    const jobAfter = (await (await api('GET', `/api/dashboard/jobs/${job.jobId}`, cookie)).json()) as {
      status: string;
      paymentStatus: string;
    };
    expect(jobAfter).toMatchObject({ status: 'invoiced', paymentStatus: 'pending' });
  });

  it('the owner taps Record payment with the phone offline: the job and the typed amount stay, and it is recorded once back online', async () => {
    const cookie = await ownerCookie();
    const job = await startedJobOfNewTechnician(cookie, `tech_off_${runId}`, 'kerb-pass-123', '10-12 AM');
    const owner = await browser.newPage({ width: 360, height: 780 });
    owner.setDefaultTimeout(10_000);
    await signInAsOwner(owner);
    await owner.goto(`/dashboard?tab=jobs&job=${job.jobId}`);
    const dialog = owner.getByRole('dialog', { name: `Job ${job.jobNumber}` });
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const form = dialog.getByRole('form', { name: `Record payment: ${job.jobNumber}` });
    await form.getByLabel('Amount taken ($)').fill('100.00');
    await form.getByLabel('EFTPOS').check();

    await owner.context().setOffline(true);
    await form.getByRole('button', { name: 'Record payment' }).click();
    // The refusal is told; the job is still on screen with what was typed, not swapped for "Error loading job details".
    await expectToast(owner, 'Payment Not Recorded');
    const stale = dialog.getByText('Could not refresh this job: it shows what was last loaded.');
    await eventually(() => stale.isVisible()).toBe(true);
    expect(await dialog.getByText('Error loading job details').count()).toBe(0);
    expect(await form.getByLabel('Amount taken ($)').inputValue()).toBe('100.00');
    expect(await form.getByLabel('EFTPOS').isChecked()).toBe(true);

    await owner.context().setOffline(false);
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(owner, 'Part Payment Recorded');
    await eventually(() => stale.count()).toBe(0);
    const payments = await api('GET', `/api/dashboard/jobs/${job.jobId}`, cookie);
    const detail = (await payments.json()) as { onsitePayments: { amount: string }[] };
    expect(detail.onsitePayments.map((p) => p.amount)).toEqual(['100.00']);
  });

  it('a technician takes $0.01 of $259.60 on a 360 px phone: a part payment, $259.59 owed; the invoice shows paid and owed; the owner writes the rest off', async () => {
    const cookie = await ownerCookie();
    const username = `tech_part_${runId}`;
    const job = await startedJobOfNewTechnician(cookie, username, 'kerb-pass-123', '12-2 PM');

    const tech = await browser.newPage({ width: 360, height: 780 });
    tech.setDefaultTimeout(10_000);
    await signIn(tech, username, 'kerb-pass-123');
    await tech.goto(`/dashboard?tab=jobs&job=${job.jobId}`);
    const dialog = tech.getByRole('dialog', { name: `Job ${job.jobNumber}` });
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const form = dialog.getByRole('form', { name: `Record payment: ${job.jobNumber}` });
    await form.getByLabel('Cash').check();
    await form.getByLabel('Amount taken ($)').fill('0.01');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(tech, 'Part Payment Recorded');
    const money = dialog.getByTestId('job-money');
    await eventually(() => money.textContent()).toContain('Owed$259.59');
    expect(await money.textContent()).toContain('Paid$0.01');
    expect(await dialog.getByTestId('onsite-payment').textContent()).toContain('Part paid on site: $0.01 by Cash');
    // The job's header says the same, not "not paid yet".
    expect(await dialog.getByText('Payment: On site, part paid: $0.01 paid, $259.59 owed').isVisible()).toBe(true);
    // Still owing: the job is not paid, and more than is owed is refused on the phone in the server's words.
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const again = dialog.getByRole('form', { name: `Record payment: ${job.jobNumber}` });
    expect(await again.getByLabel('Amount taken ($)').inputValue()).toBe('259.59');
    await again.getByLabel('EFTPOS').check();
    await again.getByLabel('Amount taken ($)').fill('300');
    await again.getByRole('button', { name: 'Record payment' }).click();
    await eventually(() => again.getByText('Amount must be at most the $259.59 owed').isVisible()).toBe(true);
    await again.getByRole('button', { name: 'Not now' }).click();
    expect(await pageOverflow(tech)).toBeLessThanOrEqual(0);
    for (const target of await dialog.getByRole('button').all()) {
      const box = await target.boundingBox();
      if (box) expect(box.height, await target.evaluate((el) => el.outerHTML.slice(0, 300))).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(tech, '[role="dialog"]');

    // The owner, on a phone: the invoice shows what was paid and what is owed.
    const owner = await browser.newPage({ width: 360, height: 780 });
    owner.setDefaultTimeout(10_000);
    await signInAsOwner(owner);
    const [invoice] = (await (
      await api('GET', `/api/dashboard/customer-invoices/job/${job.jobId}`, cookie)
    ).json()) as { invoiceNumber: string }[];
    await owner.goto('/dashboard?tab=invoices');
    const card = owner
      .getByRole('list', { name: 'Invoices' })
      .getByRole('listitem')
      .filter({ hasText: invoice!.invoiceNumber });
    await card.getByRole('button', { name: `Edit ${invoice!.invoiceNumber}` }).click();
    const editor = owner.getByRole('dialog', { name: `Invoice ${invoice!.invoiceNumber}` });
    await eventually(() => editor.getByTestId('invoice-owed').textContent()).toBe('$259.59');
    expect(await editor.getByTestId('invoice-paid').textContent()).toBe('$0.01');
    expect(await pageOverflow(owner)).toBeLessThanOrEqual(0);

    // The owner writes the rest off with a reason: the job is paid.
    await owner.goto(`/dashboard?tab=jobs&job=${job.jobId}`);
    const ownerDialog = owner.getByRole('dialog', { name: `Job ${job.jobNumber}` });
    await ownerDialog.getByRole('button', { name: 'Write off the rest' }).click();
    const writeOff = ownerDialog.getByRole('form', { name: `Write off what ${job.jobNumber} owes` });
    await writeOff.getByRole('button', { name: 'Write off' }).click();
    await eventually(() => writeOff.getByText('Reason is required').isVisible()).toBe(true);
    await writeOff.getByLabel('Reason for writing off').fill('Regular customer, rounding');
    await writeOff.getByRole('button', { name: 'Write off' }).click();
    await expectToast(owner, 'Written Off');
    await eventually(() => ownerDialog.getByText('Job Complete: paid in full.').isVisible()).toBe(true);
    expect(await ownerDialog.getByTestId('job-money').textContent()).toContain('Written off$259.59');
    // The cent taken stays a part payment: the write-off, not it, settled the job.
    expect(await ownerDialog.getByTestId('onsite-payment').textContent()).toContain('Part paid on site: $0.01 by Cash');
  });
});
