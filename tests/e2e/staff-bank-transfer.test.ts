import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { useBrowser, eventually } from '../helpers/browser';
import { signInAsOwner, staffApi } from '../helpers/staff-api';

// The owner marks an emailed invoice paid by bank transfer on a 360 px phone (docs/decisions/426-bank-transfer-and-the-expected-method.md).
const browser = useBrowser({ viewport: { width: 360, height: 740 } });
const runId = Date.now().toString(36);
const { api, ownerCookie } = staffApi(() => browser.baseUrl);

/** The browser files of a worker share its server: this file books a day no other file uses (November 2027). */
const JOB_DAY = nextBusinessDay('2027-11-09');

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

/** A job booked by the office, done, invoiced and its invoice sent to the customer. */
async function jobWithInvoiceSent(cookie: string) {
  const booked = await api('POST', '/api/bookings', cookie, {
    customer: { name: `Transfer Payer ${runId}`, email: `transfer.${runId}@example.com`, phone: '0400 555 777' },
    vehicle: {
      make: 'Kia',
      model: 'Sportage',
      year: 2020,
      color: 'White',
      registration: `BT${runId.slice(-4).toUpperCase()}`,
    },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: JOB_DAY,
      timeSlot: '10-12 AM',
      address: '3 Transfer Way',
      suburb: 'Joondalup',
      postcode: '6027',
      tyreSize: null,
      tyreQuantity: null,
      notes: null,
      paymentMethod: 'onsite',
      customerValue: '129.80',
    },
  });
  expect(booked.status, await booked.clone().text()).toBe(200);
  const { jobId } = (await booked.json()) as { jobId: string };
  for (const status of ['in-progress', 'completed']) {
    const moved = await api('PATCH', `/api/dashboard/jobs/${jobId}/status`, cookie, { status });
    expect(moved.status, await moved.clone().text()).toBe(200);
  }
  const generated = await api('POST', `/api/dashboard/customer-invoices/generate/${jobId}`, cookie);
  expect(generated.status, await generated.clone().text()).toBe(201);
  const { customerInvoice } = (await generated.json()) as {
    customerInvoice: { id: string; totalAmount: string; job: { jobNumber: string } };
  };
  const sent = await api('PATCH', `/api/dashboard/customer-invoices/${customerInvoice.id}`, cookie, { status: 'sent' });
  expect(sent.status, await sent.clone().text()).toBe(200);
  return {
    jobId,
    invoiceId: customerInvoice.id,
    jobNumber: customerInvoice.job.jobNumber,
    total: customerInvoice.totalAmount,
  };
}

describe('Mark as Paid by bank transfer', () => {
  it('starts at a bank transfer for an invoice sent with the bank details, keeps the reference, and prints a transfer, not on site', async () => {
    const cookie = await ownerCookie();
    const job = await jobWithInvoiceSent(cookie);
    const page = await browser.newPage({ width: 360, height: 740 });
    page.setDefaultTimeout(10_000);
    // Stand-in for the owner's profile with a bank account (the shared e2e server has none), read
    // only by this page, so other files' invoices stay as they are.
    await page.route('**/api/dashboard/settings/business', async (route) => {
      const real = await route.fetch();
      const body = {
        ...(await real.json()),
        bankAccountName: 'Perth Mobile Tyres',
        bsb: '066-000',
        bankAccountNumber: '12345678',
      };
      await route.fulfill({ response: real, json: body });
    });
    await signInAsOwner(page);
    await page.goto(`/dashboard?tab=jobs&job=${job.jobId}`);
    const dialog = page.getByRole('dialog', { name: `Job ${job.jobNumber}` });
    await dialog.getByRole('button', { name: 'Mark as Paid' }).click();
    const form = dialog.getByRole('form', { name: `Mark as Paid: ${job.jobNumber}` });
    // The invoice asked for a transfer: the form starts there, the amount at what is owed.
    await eventually(() => form.getByRole('radio', { name: 'Bank transfer' }).isChecked()).toBe(true);
    expect(await form.getByLabel('Amount taken ($)').inputValue()).toBe(job.total);
    const reference = form.getByLabel('Reference (optional)');
    await reference.fill(`  SMITH ${runId}  `);

    // Every target on the form is at least 44 px tall and the page never scrolls sideways.
    for (const target of [
      ...(await form.locator('label:has(input[type="radio"])').all()),
      ...(await form.getByRole('button').all()),
      reference,
      form.getByLabel('Amount taken ($)'),
    ]) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0, await target.evaluate((el) => el.outerHTML.slice(0, 200))).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await form.getByRole('button', { name: 'Mark as Paid' }).click();
    await expectToast(page, 'Payment Recorded');
    await eventually(() => dialog.getByText('Job Complete: paid in full.').isVisible()).toBe(true);
    const shown = await dialog.getByTestId('onsite-payment').textContent();
    expect(shown).toContain(`Paid: $${job.total} by bank transfer, reference SMITH ${runId}`);
    expect(shown).not.toContain('on site');

    const invoice = (await (await api('GET', `/api/dashboard/customer-invoices/${job.invoiceId}`, cookie)).json()) as {
      status: string;
      paymentNote: string;
    };
    expect(invoice.status).toBe('paid');
    expect(invoice.paymentNote).toMatch(
      new RegExp(`^Paid by bank transfer on \\d{1,2} [A-Z][a-z]{2} \\d{4}, reference SMITH ${runId}$`),
    );
    await page.close();
  });
});
