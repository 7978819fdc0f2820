import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { formatDollars, toCents } from '../../src/shared/domain/money';
import type { PurchaseInvoice } from '../../src/shared/schemas/bills';
import type { GstReport, PayablesReport, ProfitAndLossReport } from '../../src/shared/schemas/reports';
import type { BusinessView } from '../../src/shared/schemas/settings';
import { useBrowser, eventually } from '../helpers/browser';
import { openReports, signInAsOwner, staffApi } from '../helpers/staff-api';

// Mobile first: the owner keeps the books from a 360 px phone.
const browser = useBrowser({ viewport: { width: 360, height: 780 } });
const runId = Date.now().toString(36);

/**
 * The browser files of a worker share its server, so this file books only days no other file uses (staff
 * bookings, no 90-day horizon, from September 2027) and dates its bills and expenses in March 2025,
 * a month no other file writes to, so its reports hold exactly what this file recorded.
 */
const JOB_DAY = nextBusinessDay('2027-08-31');
const MARCH_2025 = { startDate: '2025-03-01', endDate: '2025-03-31' };

const { api, ownerCookie } = staffApi(() => browser.baseUrl);

const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));
const dollars = (v: string) => formatDollars(toCents(v));
const figure = (scope: Locator, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

describe('a supplier bill on a job', () => {
  it("is added from the job dialog with its GST breakdown, shows the job's profit and is marked paid by its badge", async () => {
    const cookie = await ownerCookie();
    const booked = await api('POST', '/api/bookings', cookie, {
      customer: { name: `Pat Books`, email: `pat.${runId}@example.com`, phone: '0400 555 666' },
      vehicle: {
        make: 'Ford',
        model: 'Ranger',
        year: 2020,
        color: 'White',
        registration: `B${runId.slice(-5).toUpperCase()}`,
      },
      job: {
        serviceType: 'puncture-repair',
        scheduledDate: JOB_DAY,
        timeSlot: '8-10 AM',
        address: '9 Ledger Lane',
        suburb: 'Rockingham',
        postcode: '6168',
        tyreSize: null,
        tyreQuantity: null,
        notes: null,
        paymentMethod: 'onsite',
        customerValue: '',
      },
    });
    expect(booked.status, await booked.clone().text()).toBe(200);
    const { jobId, jobNumber } = (await booked.json()) as { jobId: string; jobNumber: string };

    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await page.goto(`/dashboard?tab=jobs&job=${jobId}`);
    const dialog = page.getByRole('dialog', { name: `Job ${jobNumber}` });
    const section = dialog.getByRole('region', { name: 'Purchase invoices' });
    await eventually(() =>
      section.getByText('No purchase invoices for this job yet.', { exact: false }).isVisible(),
    ).toBe(true);

    await section.getByRole('button', { name: 'Add Purchase Invoice' }).click();
    const form = section.getByRole('form', { name: 'Add purchase invoice' });
    await form.getByLabel('Supplier name').fill('Repair Supplies');
    await form.getByLabel('Invoice number').fill(`RS-${runId}`);
    await form.getByLabel('Invoice date').fill('2025-03-10');
    // The server's own rule and message, before anything is sent.
    await form.getByRole('button', { name: 'Add Purchase Invoice' }).click();
    await eventually(() => form.getByText('Total must be greater than $0').isVisible()).toBe(true);
    await form.getByLabel('Total inc-GST ($)').fill('55');
    const breakdown = form.getByRole('definition');
    await eventually(() => breakdown.allTextContents()).toEqual(['$50.00', '$5.00', '$55.00']);
    await form.getByRole('button', { name: 'Add Purchase Invoice' }).click();
    await eventually(() => toast(page, 'Purchase Invoice Added').count()).toBeGreaterThan(0);

    // Profit before an invoice: the quote (the server's $129.80 estimate) less the bill.
    const profit = dialog.getByLabel('Job profit');
    await eventually(() => figure(profit, 'Profit \\(estimate\\)').textContent()).toBe('$74.80');
    expect(await figure(profit, 'Quote \\(estimate\\)').textContent()).toBe('$129.80');
    expect(await figure(profit, 'Job costs \\(inc-GST\\)').first().textContent()).toBe('$55.00');

    const badge = section.getByRole('button', { name: `Unpaid: mark purchase invoice RS-${runId} as paid` });
    await badge.click();
    await eventually(() =>
      section.getByRole('button', { name: `Paid: mark purchase invoice RS-${runId} as unpaid` }).isVisible(),
    ).toBe(true);
    await eventually(() => figure(profit, 'Unpaid costs').textContent()).toBe('$0.00');
  });
});

describe("a job's new supplier bill", () => {
  it("opens filled in from the job's tyres, their purchase price and the brand's last supplier, and saves", async () => {
    const cookie = await ownerCookie();
    // A brand of this run's own, dearer than every row quotes use, so no other file's quote moves.
    const brand = `Draftco ${runId}`;
    const priced = await api('POST', '/api/dashboard/tyre-prices', cookie, {
      size: '205/55R16',
      brand,
      model: 'Roadster',
      purchasePrice: '122.50',
      retailPrice: '399.00',
    });
    expect(priced.status, await priced.clone().text()).toBe(201);
    const booked = await api('POST', '/api/bookings', cookie, {
      customer: { name: 'Sam Supplies', email: `sam.${runId}@example.com`, phone: '0400 555 777' },
      vehicle: {
        make: 'Mazda',
        model: '3',
        year: 2021,
        color: 'Red',
        registration: `D${runId.slice(-5).toUpperCase()}`,
      },
      job: {
        serviceType: 'new-tyres',
        scheduledDate: JOB_DAY,
        timeSlot: '10-12 AM',
        address: '3 Draft Road',
        suburb: 'Rockingham',
        postcode: '6168',
        tyreSize: '205/55R16',
        tyreQuantity: 2,
        tyreBrand: brand,
        notes: null,
        paymentMethod: 'onsite',
        customerValue: '600.00',
      },
    });
    expect(booked.status, await booked.clone().text()).toBe(200);
    const { jobId, jobNumber } = (await booked.json()) as { jobId: string; jobNumber: string };
    // The brand was last bought from this supplier (a bill of April 2025, a month no report here reads).
    const earlier = await api('POST', '/api/dashboard/purchase-invoices', cookie, {
      jobId,
      supplierName: `Brand Wholesale ${runId}`,
      invoiceNumber: `BW-${runId}`,
      invoiceDate: '2025-04-02',
      totalAmount: '50.00',
    });
    expect(earlier.status, await earlier.clone().text()).toBe(201);

    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await page.goto(`/dashboard?tab=jobs&job=${jobId}`);
    const dialog = page.getByRole('dialog', { name: `Job ${jobNumber}` });
    const section = dialog.getByRole('region', { name: 'Purchase invoices' });
    await section.getByRole('button', { name: 'Add Purchase Invoice' }).click();
    const form = section.getByRole('form', { name: 'Add purchase invoice' });
    await eventually(() => form.getByLabel('Supplier name').inputValue()).toBe(`Brand Wholesale ${runId}`);
    expect(await form.getByLabel('Total inc-GST ($)').inputValue()).toBe('245.00');
    expect(await form.getByRole('list', { name: 'Tyres on the bill' }).textContent()).toBe(
      `2 x 205/55R16 ${brand}: $122.50 each`,
    );
    await eventually(() => form.getByRole('definition').allTextContents()).toEqual(['$222.73', '$22.27', '$245.00']);
    // The one thing the job cannot know: the supplier's own number (and, here, April's date).
    await form.getByLabel('Invoice number').fill(`DR-${runId}`);
    await form.getByLabel('Invoice date').fill('2025-04-20');
    const save = form.getByRole('button', { name: 'Add Purchase Invoice' });
    expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await save.click();
    await eventually(() => toast(page, 'Purchase Invoice Added').count()).toBeGreaterThan(0);
    const bills = (await (
      await api('GET', `/api/dashboard/purchase-invoices/job/${jobId}`, cookie)
    ).json()) as PurchaseInvoice[];
    expect(bills.find((b) => b.invoiceNumber === `DR-${runId}`)).toMatchObject({
      supplierName: `Brand Wholesale ${runId}`,
      totalAmount: '245.00',
      invoiceDate: '2025-04-20',
      notes: `2 x 205/55R16 ${brand} at $122.50 each`,
    });
  });
});

describe('the Expenses tab', () => {
  it('adds, edits, filters, marks paid and deletes an expense, with the product toasts and empty states', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await page.goto('/dashboard?tab=expenses');
    // Other files on this worker's server record vehicle costs of their own; this test's are fuel
    // and tools, so it looks at fuel alone until its second expense.
    const categoryFilter = page.getByLabel('Category', { exact: true });
    await categoryFilter.selectOption({ label: 'Fuel' });
    await eventually(() => page.getByText('No expenses match the current filters.').isVisible()).toBe(true);

    const addExpense = async (supplier: string, description: string, total: string, category: string, date: string) => {
      await page.getByRole('button', { name: 'Add Expense' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Expense' });
      await dialog.getByLabel('Supplier name').fill(supplier);
      await dialog.getByLabel('Description').fill(description);
      await dialog.getByLabel('Total inc-GST ($)').fill(total);
      await dialog.getByLabel('Category').selectOption({ label: category });
      await dialog.getByLabel('Expense date').fill(date);
      return dialog;
    };

    const dialog = await addExpense('Fuel Co', 'Van fuel', '110', 'Fuel', '2025-03-12');
    // Paid by default, as at the pump (decision 419); this one is on the account, so owed.
    const alreadyPaid = dialog.getByLabel('Already paid (card or cash)');
    expect(await alreadyPaid.isChecked()).toBe(true);
    await alreadyPaid.uncheck();
    await eventually(() => dialog.getByRole('definition').allTextContents()).toEqual(['$100.00', '$10.00', '$110.00']);
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    await eventually(() => toast(page, 'Business expense added successfully').count()).toBeGreaterThan(0);
    const card = page.getByRole('list', { name: 'Expenses' }).getByRole('listitem').filter({ hasText: 'Van fuel' });
    await eventually(() => card.count()).toBe(1);

    await card.getByRole('button', { name: 'Edit Fuel Co Van fuel' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Expense' });
    await edit.getByLabel('Total inc-GST ($)').fill('220');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await eventually(() => toast(page, 'Business expense updated successfully.').count()).toBeGreaterThan(0);
    await eventually(() => card.getByText('$220.00', { exact: true }).first().isVisible()).toBe(true);

    await page.getByLabel('Paid', { exact: true }).selectOption('paid');
    await eventually(() => page.getByText('No expenses match the current filters.').isVisible()).toBe(true);
    await page.getByLabel('Paid', { exact: true }).selectOption('unpaid');
    await eventually(() => card.count()).toBe(1);
    await card.getByRole('button', { name: 'Mark Fuel Co Van fuel paid' }).click();
    await eventually(() => toast(page, 'Expense marked as paid.').count()).toBeGreaterThan(0);
    await page.getByLabel('Paid', { exact: true }).selectOption('all');
    await eventually(() => card.getByText('Paid', { exact: true }).count()).toBe(1);
    expect(await card.getByRole('button', { name: /^Mark .* paid$/ }).count()).toBe(0);

    await categoryFilter.selectOption({ label: 'All categories' });
    const second = await addExpense('Tool Shop', 'Torque wrench', '99.99', 'Tools & Equipment', '2025-03-20');
    await second.getByRole('button', { name: 'Add Expense' }).click();
    const toolCard = page
      .getByRole('list', { name: 'Expenses' })
      .getByRole('listitem')
      .filter({ hasText: 'Torque wrench' });
    await eventually(() => toolCard.count()).toBe(1);
    await toolCard.getByRole('button', { name: 'Delete Tool Shop Torque wrench' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete expense?' });
    expect(await confirm.getByText('Are you sure you want to delete this expense?').isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await eventually(() => toast(page, 'Business expense deleted successfully.').count()).toBeGreaterThan(0);
    await eventually(() => toolCard.count()).toBe(0);

    // The supplier's usual category is proposed when the supplier is typed again (decision 419).
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const again = page.getByRole('dialog', { name: 'Add Expense' });
    await again.getByLabel('Supplier name').fill('fuel co');
    await eventually(() => again.getByLabel('Category').inputValue()).toBe('fuel');
    expect(await again.getByText('As last time for Fuel Co').isVisible()).toBe(true);
    await again.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('the Reports tab', () => {
  it("shows the API's figures for the chosen month on each report and downloads the P&L as CSV", async () => {
    const cookie = await ownerCookie();
    const query = new URLSearchParams(MARCH_2025).toString();
    const read = async <T>(report: string) =>
      (await (await api('GET', `/api/dashboard/reports/${report}?${query}`, cookie)).json()) as T;
    const [gst, payables, pnl] = await Promise.all([
      read<GstReport>('gst'),
      read<PayablesReport>('purchases-payables'),
      read<ProfitAndLossReport>('enhanced-pl'),
    ]);
    // What the two tests above recorded in March 2025: the $55.00 bill and the $220.00 fuel.
    expect(pnl.expenses).toEqual({ totalExpenses: '275.00', jobCosts: '55.00', businessExpenses: '220.00' });
    expect(gst.gstPaid).toBe('25.00');

    const page = await browser.newPage();
    await openReports(page, MARCH_2025);

    await eventually(() =>
      page.getByText('Tracking only: the business is not registered for GST', { exact: false }).isVisible(),
    ).toBe(true);
    const gstFigures = page.getByLabel('GST summary');
    await eventually(() => figure(gstFigures, 'GST paid').first().textContent()).toBe(dollars(gst.gstPaid));
    expect(await figure(gstFigures, 'GST collected').first().textContent()).toBe(dollars(gst.gstCollected));
    // On a 360 px phone the worksheet is a list of cards (decision 242).
    expect(await page.getByRole('region', { name: 'BAS worksheet' }).textContent()).toContain(
      dollars(gst.bas.gstOnPurchases1B),
    );

    await page.getByRole('tab', { name: 'Payables' }).click();
    const payFigures = page.getByLabel('Payables summary');
    await eventually(() => figure(payFigures, 'Total purchases').first().textContent()).toBe(
      dollars(payables.totalPurchases),
    );
    expect(await figure(payFigures, 'Paid').first().textContent()).toBe(dollars(payables.totalPaid));

    await page.getByRole('tab', { name: 'P&L Report' }).click();
    const pnlFigures = page.getByLabel('Profit and loss summary');
    await eventually(() => figure(pnlFigures, 'Net profit').first().textContent()).toBe(dollars(pnl.profit.netProfit));
    expect(await figure(pnlFigures, 'Job costs').first().textContent()).toBe('$55.00');
    expect(await figure(pnlFigures, 'Business expenses').first().textContent()).toBe('$220.00');
    expect(
      await page.getByRole('img', { name: /Revenue \$0\.00, job costs \$55\.00, business expenses \$220\.00/ }).count(),
    ).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download P&L CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('profit-and-loss-2025-03-01-to-2025-03-31.csv');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-csv-')), 'pnl.csv');
    await download.saveAs(file);
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv).toContain(`Net profit,${pnl.profit.netProfit}`);
    expect(csv).toContain(`Job costs,${pnl.expenses.jobCosts}`);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });

    // A month with nothing in it says so in the product's words.
    await page.getByLabel('Start date').fill('2024-02-01');
    await page.getByLabel('End date').fill('2024-02-29');
    await page.getByRole('button', { name: 'Show' }).click();
    await eventually(() => page.getByText('No P&L data available for the selected period.').isVisible()).toBe(true);
  });

  it('registered for GST from 11 March, names the tab GST and counts the later fuel without its GST (decision 442)', async () => {
    const cookie = await ownerCookie();
    const profile = (await (await api('GET', '/api/dashboard/settings/business', cookie)).json()) as BusinessView;
    const register = async (over: Partial<BusinessView>) =>
      expect((await api('PUT', '/api/dashboard/settings/business', cookie, { ...profile, ...over })).status).toBe(200);
    await register({ gstRegistered: true, gstRegisteredFrom: '2025-03-11' });
    try {
      const page = await browser.newPage();
      await openReports(page, MARCH_2025);
      await eventually(() => page.getByRole('tab', { name: 'GST', exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('tab', { name: 'GST Tracking (Visual Only)' }).count()).toBe(0);
      await page.getByRole('tab', { name: 'P&L Report' }).click();
      await eventually(() => page.getByText('Amounts are without GST', { exact: false }).isVisible()).toBe(true);
      const pnlFigures = page.getByLabel('Profit and loss summary');
      // The $55.00 bill of 10 March is from before registration; the $220.00 fuel of 12 March counts $200.00.
      await eventually(() => figure(pnlFigures, 'Business expenses').first().textContent()).toBe('$200.00');
      expect(await figure(pnlFigures, 'Job costs').first().textContent()).toBe('$55.00');
    } finally {
      await register({});
    }
  });
});
