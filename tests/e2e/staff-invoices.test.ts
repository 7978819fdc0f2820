import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import type { TimeSlot } from '../../src/shared/domain/slots';
import { useBrowser, eventually } from '../helpers/browser';
import { openJobAsOwner, signInAsOwner, staffApi } from '../helpers/staff-api';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

// Mobile first: the owner bills from a 390 px phone.
const browser = useBrowser({ viewport: { width: 390, height: 844 } });
const runId = Date.now().toString(36);
const shots = path.resolve(import.meta.dirname, '../../test-results');

/**
 * The browser files of a worker share its server, so this file books only days no other file uses: staff
 * bookings (no 90-day horizon) on business days from June 2027.
 */
const DAYS: string[] = [];
for (let day = '2027-05-31'; DAYS.length < 4; ) DAYS.push((day = nextBusinessDay(day)));

const { api, ownerCookie } = staffApi(() => browser.baseUrl);

/** A staff booking moved through the van's day to completed, as the technician would leave it. */
async function completedJob(cookie: string, day: string, slot: TimeSlot, who: string) {
  const res = await api('POST', '/api/bookings', cookie, {
    customer: { name: `${who} Billing`, email: `${who.toLowerCase()}.${runId}@example.com`, phone: '0400 333 444' },
    vehicle: {
      make: 'Mazda',
      model: 'CX-5',
      year: 2021,
      color: 'Blue',
      registration: `I${runId.slice(-5).toUpperCase()}${who.slice(0, 1)}`,
    },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: day,
      timeSlot: slot,
      address: '7 Invoice Way',
      suburb: 'Rockingham',
      postcode: '6168',
      tyreSize: null,
      tyreQuantity: null,
      notes: null,
      paymentMethod: 'onsite',
      customerValue: '',
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { jobId, jobNumber } = (await res.json()) as { jobId: string; jobNumber: string };
  for (const status of ['in-progress', 'completed']) {
    const moved = await api('PATCH', `/api/dashboard/jobs/${jobId}/status`, cookie, { status });
    expect(moved.status, await moved.clone().text()).toBe(200);
  }
  return { jobId, jobNumber, email: `${who.toLowerCase()}.${runId}@example.com` };
}

const toast = (page: Page, title: string) =>
  page
    .getByRole('status')
    .filter({ hasText: title })
    .or(page.getByRole('alert').filter({ hasText: title }));

/** Whether the toast titled so sits inside something aria-hidden (a screen reader skips it then). */
const hiddenFromScreenReaders = (page: Page, title: string) =>
  page.evaluate((t) => {
    const shown = [...document.querySelectorAll('ol li')].find((li) => li.textContent?.includes(t));
    if (!shown) throw new Error(`no toast "${t}" on screen`);
    return shown.closest('[aria-hidden="true"]') !== null;
  }, title);

describe('billing a job from the job detail', () => {
  it('generates the invoice of a completed job, downloads its PDF, emails it with the PDF attached and marks it paid', async () => {
    const cookie = await ownerCookie();
    const job = await completedJob(cookie, DAYS[0]!, '8-10 AM', 'Gina');
    const page = await browser.newPage();
    const dialog = await openJobAsOwner(page, job);
    await dialog.getByRole('button', { name: 'Generate Invoice' }).click();
    await eventually(() => toast(page, 'Invoice Created').count()).toBeGreaterThan(0);
    const section = dialog.getByRole('region', { name: 'Customer invoice', exact: true });
    await eventually(() => section.getByText(/^INV-\d{6}$/).count()).toBe(1);
    const invoiceNumber = (await section.getByText(/^INV-\d{6}$/).textContent())!;
    expect(await section.textContent()).toContain('$129.80');
    await eventually(() => dialog.getByRole('button', { name: 'Mark as Paid' }).isVisible()).toBe(true);

    // The PDF downloads and is the invoice.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}-v1.pdf`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-invoice-'));
    const file = path.join(dir, 'invoice.pdf');
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('No GST has been charged.');
    fs.rmSync(dir, { recursive: true, force: true });

    // Queued in the outbox with the PDF attached; no mail server here, so the toast says it was not sent (decision 241).
    await section.getByRole('button', { name: 'Email Invoice' }).click();
    await eventually(() => toast(page, 'Invoice Saved').count()).toBeGreaterThan(0);
    expect(await toast(page, 'Invoice Saved').first().textContent()).toContain(
      `${invoiceNumber} (PDF version 1) was not sent to ${job.email}: email is not set up (SMTP_URL).`,
    );
    expect(await toast(page, 'Invoice Emailed').count()).toBe(0);
    // Read out with the job sheet open: the sheet hides the page behind it from screen readers, not the toasts.
    expect(await hiddenFromScreenReaders(page, 'Invoice Saved')).toBe(false);
    type Stored = {
      to: string;
      subject: string;
      kind: string;
      attachments: { filename: string; contentType: string }[];
    };
    await eventually(async () => {
      const outbox = (await (await api('GET', '/api/admin/outbox', cookie)).json()) as Stored[];
      const sent = outbox.find((e) => e.to === job.email && e.kind === 'customer_invoice');
      return sent ? { subject: sent.subject, attachments: sent.attachments } : null;
    }).toEqual({
      subject: `Invoice ${invoiceNumber} from Mobile Tyre & Battery Co.`,
      attachments: [{ filename: `${invoiceNumber}-v1.pdf`, contentType: 'application/pdf' }],
    });
    await eventually(() => section.getByText('Sent', { exact: true }).count()).toBe(1);

    // Paid on the job, asked how (decision 349): the invoice agrees.
    await dialog.getByRole('button', { name: 'Mark as Paid' }).click();
    const payForm = dialog.getByRole('form', { name: `Mark as Paid: ${job.jobNumber}` });
    expect(await payForm.getByLabel('Amount taken ($)').inputValue()).toBe('129.80');
    await payForm.getByLabel('Cash').check();
    await payForm.getByRole('button', { name: 'Mark as Paid' }).click();
    await eventually(() => dialog.getByText('Job Complete: paid in full.').isVisible()).toBe(true);
    const [invoice] = (await (
      await api('GET', `/api/dashboard/customer-invoices/job/${job.jobId}`, cookie)
    ).json()) as { status: string; history: { kind: string; to: string | null }[] }[];
    expect(invoice!.status).toBe('paid');
    expect(invoice!.history.map((e) => `${e.kind}:${e.to}`)).toEqual(
      expect.arrayContaining(['created:draft', 'status:sent', 'status:paid']),
    );

    // The Invoices tab lists it, paid, and fits a 360 px phone.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/dashboard?tab=invoices');
    const card = page.getByRole('list', { name: 'Invoices' }).getByRole('listitem').filter({ hasText: invoiceNumber });
    await eventually(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('Paid');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(shots, 'invoices-tab-360.png'), fullPage: true });

    // The invoice shows its kept PDF versions and its history, who and when.
    await card.getByRole('button', { name: `Edit ${invoiceNumber}` }).click();
    const editor = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
    await eventually(() => editor.getByRole('heading', { name: 'History' }).isVisible()).toBe(true);
    const versions = editor.getByRole('region', { name: 'PDF versions' });
    // Queued for email but not sent (no mail server here), so the version does not say "emailed" (decision 241).
    expect(await versions.getByRole('link').first().textContent()).toMatch(
      /^Version 1, .*\(saved for email .*, not sent\)$/,
    );
    const history = (await editor.getByRole('region', { name: 'History' }).textContent()) ?? '';
    for (const line of [
      'Created as Draft',
      'PDF: PDF version 1 made',
      `Emailed to ${job.email}`,
      'Status: Draft → Sent',
      'Status: Sent → Paid',
      `by ${E2E_ADMIN.username}`,
    ])
      expect(history).toContain(line);
    await page.screenshot({ path: path.join(shots, 'invoice-dialog-360.png'), fullPage: true });
  });
});

describe('the Create Invoice screen', () => {
  it('says which job is missing, refuses a line without a description and a blank due date, then creates the invoice; a second one is refused', async () => {
    const cookie = await ownerCookie();
    const job = await completedJob(cookie, DAYS[1]!, '10-12 AM', 'Hugo');
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);

    await page.goto('/dashboard/invoices/new');
    await eventually(() => page.getByText('No Job Selected').isVisible()).toBe(true);
    expect(await page.getByText('Please select a job to create an invoice for.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).isVisible()).toBe(true);

    await page.goto('/dashboard/invoices/new?jobId=00000000-0000-4000-8000-000000000000');
    await eventually(() => page.getByText('Job Not Found').isVisible()).toBe(true);
    expect(await page.getByText('The selected job could not be found.').isVisible()).toBe(true);

    await page.goto(`/dashboard/invoices/new?jobId=${job.jobId}`);
    await eventually(() => page.getByText(job.jobNumber).isVisible()).toBe(true);
    expect(await page.getByText('COMPLETED', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('$129.80').first().isVisible()).toBe(true);
    await page.setViewportSize({ width: 360, height: 780 });
    const create = page.getByRole('button', { name: 'Create Invoice' });
    expect(await create.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Add Line Item' }).click();
    await page.getByRole('button', { name: 'Add Line' }).click();
    await eventually(() => page.getByText('Please enter a description for the line item.').isVisible()).toBe(true);
    await page.getByLabel('Description').fill('Puncture repair, rear left');
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Unit price (inc GST)').fill('45.50');
    // The total follows the typing as the form re-renders: read it once it has.
    await eventually(() => page.getByLabel('Total', { exact: true }).inputValue()).toBe('$91.00');
    await page.getByRole('button', { name: 'Add Line' }).click();
    await eventually(() => page.getByRole('list', { name: 'Line items' }).getByRole('listitem').count()).toBe(1);
    expect(await create.isDisabled()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(shots, 'create-invoice-360.png'), fullPage: true });

    // A line still being written is not left out unseen: Create asks for it to be added or cancelled first.
    await page.getByRole('button', { name: 'Add Line Item' }).click();
    const panel = page.getByRole('group', { name: 'Add line item' });
    await panel.getByLabel('Description').fill('Valve');
    await panel.getByLabel('Unit price (inc GST)').fill('4.995');
    await create.click();
    await eventually(() => toast(page, 'Save or cancel the line you are writing first').count()).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Cancel' }).click();

    // A total below $0.00 is refused with that reason, not "add a line".
    await page.getByRole('button', { name: 'Add Line Item' }).click();
    await panel.getByLabel('Description').fill('Goodwill');
    await panel.getByLabel('Unit price (inc GST)').fill('-100');
    await panel.getByRole('button', { name: 'Add Line' }).click();
    await eventually(() => page.getByRole('list', { name: 'Line items' }).getByRole('listitem').count()).toBe(2);
    await create.click();
    await eventually(() => toast(page, 'The invoice total cannot be below $0.00').count()).toBeGreaterThan(0);
    expect(await toast(page, 'Please add at least one line item').count()).toBe(0);
    await page.getByRole('button', { name: 'Delete Goodwill' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await eventually(() => page.getByRole('list', { name: 'Line items' }).getByRole('listitem').count()).toBe(1);

    await page.getByLabel('Due date').fill('');
    await create.click();
    await eventually(() => page.getByText('Due date is required').isVisible()).toBe(true);
    await page.getByLabel('Due date').fill('2027-07-30');
    await create.click();
    await eventually(() => toast(page, 'Invoice Created').count()).toBeGreaterThan(0);
    await page.waitForURL(/\/dashboard\?tab=invoices$/);
    const [invoice] = (await (
      await api('GET', `/api/dashboard/customer-invoices/job/${job.jobId}`, cookie)
    ).json()) as { totalAmount: string; dueDate: string; invoiceNumber: string }[];
    expect(invoice).toMatchObject({ totalAmount: '91.00', dueDate: '2027-07-30' });
    await eventually(() => page.getByText(invoice!.invoiceNumber).first().isVisible()).toBe(true);

    // One live invoice per job: the screen shows the server's reason.
    await page.goto(`/dashboard/invoices/new?jobId=${job.jobId}`);
    await page.getByRole('button', { name: 'Add Line Item' }).click();
    await page.getByLabel('Description').fill('Again');
    await page.getByLabel('Unit price (inc GST)').fill('10');
    await page.getByRole('button', { name: 'Add Line' }).click();
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await eventually(() => toast(page, 'Creation Failed').count()).toBeGreaterThan(0);
    expect(await toast(page, 'Creation Failed').first().textContent()).toContain(
      `already has invoice ${invoice!.invoiceNumber}`,
    );
  });
});

describe('an issued invoice is fixed: credit note and void instead of edits', () => {
  it('shows the lock on a sent invoice, issues a credit note, voids it, and the list hides it until asked', async () => {
    const cookie = await ownerCookie();
    const job = await completedJob(cookie, DAYS[2]!, '12-2 PM', 'Ivy');
    const generated = await api('POST', `/api/dashboard/customer-invoices/generate/${job.jobId}`, cookie);
    const { customerInvoice } = (await generated.json()) as { customerInvoice: { id: string; invoiceNumber: string } };
    expect(
      (await api('PATCH', `/api/dashboard/customer-invoices/${customerInvoice.id}`, cookie, { status: 'sent' })).status,
    ).toBe(200);
    const number = customerInvoice.invoiceNumber;
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/dashboard?tab=invoices');
    await page.getByRole('searchbox', { name: 'Search' }).fill(number);
    const card = page.getByRole('list', { name: 'Invoices' }).getByRole('listitem').filter({ hasText: number });
    await eventually(() => card.count()).toBe(1);
    expect(await card.getByRole('button', { name: `Delete ${number}` }).count()).toBe(0);

    // The lock: dates and lines read-only, the notice says what to do instead.
    await card.getByRole('button', { name: `Edit ${number}` }).click();
    const editor = page.getByRole('dialog', { name: `Invoice ${number}` });
    await eventually(() => editor.getByTestId('invoice-lock').isVisible()).toBe(true);
    expect(await editor.getByTestId('invoice-lock').textContent()).toContain('Void this invoice or add a credit note');
    expect(await editor.getByRole('button', { name: 'Add Line Item' }).isDisabled()).toBe(true);
    expect(await editor.getByLabel('Due date').isDisabled()).toBe(true);
    // Voiding is the Void button's, which asks first: the status list offers neither Draft nor Cancelled.
    const offered = await editor
      .getByLabel('Status')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(offered.filter((v) => v === 'draft' || v === 'cancelled')).toEqual([]);
    expect(offered).toContain('paid');

    // A credit note gives money back without touching the invoice's total.
    await editor.getByRole('button', { name: 'Add Credit Note' }).click();
    await editor.getByLabel('Amount').fill('10.00');
    await editor.getByLabel('Reason').fill('Goodwill: late arrival');
    await editor.getByRole('button', { name: 'Issue Credit Note' }).click();
    await eventually(() => toast(page, 'Credit Note Issued').count()).toBeGreaterThan(0);
    const credits = editor.getByRole('region', { name: 'Credit notes' });
    await eventually(() => credits.getByRole('link', { name: /^CN-\d{4}$/ }).count()).toBe(1);
    expect(await credits.textContent()).toContain('$119.80');
    expect(page.viewportSize()!.width).toBe(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Void: kept and marked, never deleted.
    await editor.getByRole('button', { name: 'Void Invoice' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Void Invoice' }).click();
    await eventually(() => toast(page, 'Invoice Voided').count()).toBeGreaterThan(0);
    await eventually(async () => (await editor.getByTestId('invoice-lock').textContent()) ?? '').toContain(
      'This invoice is void',
    );
    await page.keyboard.press('Escape');
    await eventually(() => card.count()).toBe(0);
    await page.getByLabel('Show void and cancelled invoices').check();
    await eventually(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('Cancelled');
    const [kept] = (await (await api('GET', `/api/dashboard/customer-invoices/job/${job.jobId}`, cookie)).json()) as {
      status: string;
      pdfs: unknown[];
    }[];
    expect(kept).toMatchObject({ status: 'cancelled' });
    expect(kept!.pdfs.length).toBeGreaterThan(0);
  });
});

describe("the customer's pay link", () => {
  it('opens the emailed invoice on a phone: its number, the amount due and how to pay; a made-up link says it is not valid', async () => {
    const cookie = await ownerCookie();
    const job = await completedJob(cookie, DAYS[3]!, '2-4 PM', 'Pia');
    const generated = await api('POST', `/api/dashboard/customer-invoices/generate/${job.jobId}`, cookie);
    const { customerInvoice } = (await generated.json()) as { customerInvoice: { id: string; invoiceNumber: string } };
    const emailed = await api('POST', `/api/dashboard/customer-invoices/${customerInvoice.id}/email`, cookie);
    expect(emailed.status, await emailed.clone().text()).toBe(200);
    const outbox = (await (await api('GET', '/api/admin/outbox?limit=200', cookie)).json()) as {
      to: string;
      text: string;
    }[];
    const link = /https?:\/\/\S+\/pay\/[\w-]+/.exec(
      outbox.find((e) => e.to === job.email && /\/pay\//.test(e.text))!.text,
    )![0];

    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(new URL(link).pathname);
    await eventually(() =>
      page.getByRole('heading', { level: 1 }).filter({ hasText: customerInvoice.invoiceNumber }).count(),
    ).toBe(1);
    expect(await page.getByText('Amount due: $129.80').count()).toBe(1);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await page.goto('/pay/this-is-not-a-real-token-000000');
    await eventually(() => page.getByRole('heading', { name: 'Invoice not found' }).count()).toBe(1);
  });
});
