import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { formatDollars, toCents } from '../../src/shared/domain/money';
import { formatVisit, type TimeSlot } from '../../src/shared/domain/slots';
import { useBrowser, eventually } from '../helpers/browser';
import { E2E_TODAY } from '../helpers/e2e-calendar';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';
import { openJobAsOwner, signInAsOwner, staffApi } from '../helpers/staff-api';

// The owner and a technician on a 390 px phone in the van (docs/decisions/352-staff-phone-navigation-and-toasts.md).
const WIDTH = 390;
const HEIGHT = 844;
const browser = useBrowser({ viewport: { width: WIDTH, height: HEIGHT } });
const runId = Date.now().toString(36);
const { api, ownerCookie } = staffApi(() => browser.baseUrl);

/** A business day of this file's own, so no other file's bookings share its Schedule or slots. */
const JOB_DAY = nextBusinessDay('2027-09-21');
/** This file's second day, for the jobs of the get-paid round (decision 378), once JOB_DAY's windows are taken. */
const ROUND_DAY = nextBusinessDay(JOB_DAY);

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'on screen').not.toBeNull();
  return found!;
}

async function expectTapTarget(locator: Locator, name: string) {
  const b = await box(locator);
  expect(b.height, `${name} height`).toBeGreaterThanOrEqual(44);
  expect(b.width, `${name} width`).toBeGreaterThanOrEqual(44);
}

/** Whether the middle of the element is what a tap there reaches (nothing sticky or fixed lies over it). */
const tappable = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });

async function expectAccessible(page: Page, selector = 'body') {
  await eventually(() => page.locator(`${selector} [aria-busy="true"]`).count()).toBe(0);
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Whether the whole element is on the screen as it stands, with no scroll. */
const inView = async (locator: Locator) => {
  const b = await box(locator);
  return b.y >= 0 && b.y + b.height <= HEIGHT;
};

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A staff job on JOB_DAY, optionally done and invoiced, as set-up through the API. */
async function aJob(
  cookie: string,
  timeSlot: TimeSlot,
  opts: { invoiced?: boolean; done?: boolean; day?: string } = {},
) {
  const booked = await api('POST', '/api/bookings', cookie, {
    customer: { name: `Pat Phone ${runId}`, email: `pat.${runId}@example.com`, phone: '0400 555 666' },
    vehicle: {
      make: 'Kia',
      model: 'Rio',
      year: 2021,
      color: 'Blue',
      registration: `U${runId.slice(-5).toUpperCase()}`,
    },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: opts.day ?? JOB_DAY,
      timeSlot,
      address: '9 Thumb Street',
      suburb: 'Mandurah',
      postcode: '6210',
      tyreSize: null,
      tyreQuantity: null,
      notes: null,
      paymentMethod: 'onsite',
      customerValue: '',
    },
  });
  expect(booked.status, await booked.clone().text()).toBe(200);
  const job = (await booked.json()) as { jobId: string; jobNumber: string };
  if (!opts.invoiced && !opts.done) return { ...job, invoiceNumber: '' };
  for (const status of ['in-progress', 'completed']) {
    const moved = await api('PATCH', `/api/dashboard/jobs/${job.jobId}/status`, cookie, { status });
    expect(moved.status, await moved.clone().text()).toBe(200);
  }
  if (!opts.invoiced) return { ...job, invoiceNumber: '' };
  const made = await api('POST', '/api/dashboard/customer-invoices', cookie, {
    jobId: job.jobId,
    status: 'sent',
    invoiceDate: E2E_TODAY,
    dueDate: E2E_TODAY,
    items: [{ description: 'Puncture repair at the kerb', category: 'labour', quantity: 1, unitPrice: '99.00' }],
  });
  expect(made.status, await made.clone().text()).toBeLessThan(300);
  const { customerInvoice } = (await made.json()) as { customerInvoice: { invoiceNumber: string } };
  return { ...job, invoiceNumber: customerInvoice.invoiceNumber };
}

describe('the staff screens on a 390 px phone', () => {
  it('shows where every section is, at most two taps away, and the sign-in toast covers no control', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    const toast = page.getByRole('status').filter({ hasText: 'Login successful' });
    await eventually(() => toast.isVisible()).toBe(true);
    const toastBox = await box(toast);
    // Nothing a thumb taps lies under the toast: every button and link but the header's name (a link home).
    const covered = await page.evaluate((t) => {
      const hit: string[] = [];
      for (const el of document.querySelectorAll(
        'main a, main button, main input, main select, nav a, nav button, header button, header a[href="/dashboard/booking/new"]',
      )) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.x < t.x + t.width && t.x < r.x + r.width && r.y < t.y + t.height && t.y < r.y + r.height)
          hit.push((el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30));
      }
      return hit;
    }, toastBox);
    expect(covered).toEqual([]);
    // Compact, and gone sooner than the 5 s of a wide screen.
    expect(toastBox.height).toBeLessThanOrEqual(80);
    await expect.poll(() => toast.count(), { timeout: 4_500, interval: 250 }).toBe(0);

    const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
    const bar = nav.getByRole('link');
    await eventually(() => bar.allTextContents()).toEqual(['Jobs', 'Schedule', 'Invoices', 'Reports']);
    expect(await nav.getByRole('link', { name: 'Jobs' }).getAttribute('aria-current')).toBe('page');
    // The whole bar is on screen at once: nothing to swipe sideways to.
    for (const item of [...(await bar.all()), nav.getByRole('button', { name: 'More' })]) {
      const b = await box(item);
      await expectTapTarget(item, (await item.textContent()) ?? '');
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(WIDTH);
      expect(b.y + b.height).toBeLessThanOrEqual(HEIGHT);
    }
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    // Every other section: "More", then the section (two taps), and the bar then names where you are.
    for (const section of ['Prices', 'Expenses', 'Time Slots', 'Team', 'Settings']) {
      await nav.getByRole('button', { name: /More|\(more sections\)/ }).click();
      const more = page.getByRole('navigation', { name: 'More sections' });
      const link = more.getByRole('link', { name: section });
      await expectTapTarget(link, section);
      await link.click();
      await eventually(() => more.count()).toBe(0);
      await eventually(() => nav.getByRole('button', { name: new RegExp(`^${section}`) }).isVisible()).toBe(true);
      await nav.getByRole('button', { name: new RegExp(`^${section}`) }).click();
      expect(
        await page
          .getByRole('navigation', { name: 'More sections' })
          .getByRole('link', { name: section })
          .getAttribute('aria-current'),
      ).toBe('page');
      await page.keyboard.press('Escape');
    }
    await nav.getByRole('link', { name: 'Schedule' }).click();
    await eventually(() => nav.getByRole('link', { name: 'Schedule' }).getAttribute('aria-current')).toBe('page');
    await expectAccessible(page);
  });

  it('adds an expense from the More sheet, one tap after More, and stays on the screen the owner was on', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
    await eventually(() => nav.getByRole('link', { name: 'Jobs' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('button', { name: 'More' }).click();
    const add = page
      .getByRole('dialog', { name: 'More sections' })
      .getByRole('button', { name: 'Add expense', exact: true });
    await eventually(() => add.isVisible()).toBe(true);
    await expectTapTarget(add, 'Add expense');
    await add.click();

    // Decision 378: the expense form opens over the jobs, not on the Expenses tab.
    const form = page.getByRole('dialog', { name: 'Add Expense' });
    await eventually(() => form.isVisible()).toBe(true);
    expect(await page.getByRole('dialog', { name: 'More sections' }).count()).toBe(0);
    // Its Add Expense button is on screen as it opens, under all the optional fields: no scroll to save.
    expect(await inView(form.getByRole('button', { name: 'Add Expense' }))).toBe(true);
    const supplier = `Fuel Stop ${runId}`;
    await form.getByLabel('Supplier name').fill(supplier);
    await form.getByLabel('Description').fill('Van fuel');
    await form.getByLabel('Total inc-GST ($)').fill('88');
    await form.getByLabel('Category').selectOption({ label: 'Vehicle Expenses' });
    await form.getByRole('button', { name: 'Add Expense' }).click();
    await eventually(() =>
      page
        .getByRole('status')
        .filter({ hasText: `Business expense added successfully (${supplier}, $88.00)` })
        .count(),
    ).toBeGreaterThan(0);
    await eventually(() => form.count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Jobs' }).getAttribute('aria-current')).toBe('page');
    expect(page.url()).not.toContain('tab=expenses');

    // Saved as the Expenses tab would save it.
    const listed = await api(
      'GET',
      `/api/dashboard/business-expenses?search=${encodeURIComponent(supplier)}`,
      await ownerCookie(),
    );
    expect(listed.status, await listed.clone().text()).toBe(200);
    expect(
      ((await listed.json()) as { supplierName: string; amount: string; category: string }[]).map((e) => [
        e.supplierName,
        e.amount,
        e.category,
      ]),
    ).toEqual([[supplier, '88.00', 'vehicle']]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  it('opens Reports on the headline figures, a month in one tap, and the GST report clear of the bars', async () => {
    // An invoice this month, so the month's GST report has figures to show.
    await aJob(await ownerCookie(), '8-10 AM', { invoiced: true, day: ROUND_DAY });
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await page.goto('/dashboard?tab=reports');
    const figures = page.locator('dl[aria-label="Headline figures"]');
    await eventually(() => figures.isVisible()).toBe(true);
    for (const label of ['Revenue', 'Costs', 'Net profit'])
      expect(await figures.getByText(label, { exact: true }).isVisible()).toBe(true);
    // The business is not registered for GST (the default): nothing to pay, and it says so (decision 377).
    expect(await figures.getByText('GST', { exact: true }).isVisible()).toBe(true);
    expect(
      await figures
        .getByRole('definition')
        .filter({ hasText: /^Not registered$/ })
        .isVisible(),
    ).toBe(true);
    expect(await figures.getByText(/GST (payable|refund)/).count()).toBe(0);
    // Above the fold on the phone: no scroll to reach net profit or the GST.
    const figuresBox = await box(figures);
    expect(figuresBox.y + figuresBox.height).toBeLessThanOrEqual(HEIGHT - 56);

    // This month, last month, this BAS quarter, last financial year: one tap each, named on screen.
    const month = E2E_TODAY.slice(0, 7);
    const presets: [string, string][] = [
      ['This month', `${month}-01 to ${month}-30`],
      ['Last month', '2026-10-01 to 2026-10-31'],
      ['This quarter', '2026-10-01 to 2026-12-31'],
      ['Last financial year', '2025-07-01 to 2026-06-30'],
      ['This financial year', '2026-07-01 to 2027-06-30'],
    ];
    for (const [label, period] of presets) {
      const preset = page.getByRole('button', { name: label, exact: true });
      await preset.click();
      await eventually(() => preset.getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByText(period, { exact: true }).isVisible(), label).toBe(true);
    }
    // The month's figures are the P&L's own for that month.
    await page.getByRole('button', { name: 'This month', exact: true }).click();
    const pnl = await api(
      'GET',
      `/api/dashboard/reports/enhanced-pl?startDate=${month}-01&endDate=${month}-30`,
      await ownerCookie(),
    );
    expect(pnl.status, await pnl.clone().text()).toBe(200);
    const net = ((await pnl.json()) as { profit: { netProfit: string } }).profit.netProfit;
    const netFigure = figures.locator('div').filter({ hasText: 'Net profit' });
    await eventually(() => netFigure.getByRole('definition').textContent()).toBe(formatDollars(toCents(net)));

    // Scrolled down a long report, the GST tab is tapped where it is and shown, not under a bar.
    await page.getByRole('tab', { name: 'P&L Report' }).click();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const gstTab = page.getByRole('tab', { name: 'GST Tracking (Visual Only)' });
    await gstTab.scrollIntoViewIfNeeded();
    await gstTab.click();
    await eventually(() => gstTab.getAttribute('aria-selected')).toBe('true');
    expect(await tappable(gstTab)).toBe(true);
    // The GST tab says plainly that none is payable and shows no payable or refund figure.
    await eventually(() => page.getByText('none is payable and no refund is due', { exact: false }).isVisible()).toBe(
      true,
    );
    const summary = page.getByLabel('GST summary');
    await eventually(() => summary.getByText('Net GST (if registered)', { exact: true }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('tabpanel')
        .getByText(/payable\)|refund\)|GST payable|GST refund/)
        .count(),
    ).toBe(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  it("puts a done job's money first: its PDF made ahead, the payment form and the supplier bill in reach", async () => {
    const cookie = await ownerCookie();
    const job = await aJob(cookie, '10-12 AM', { done: true, day: ROUND_DAY });
    const page = await browser.newPage();
    const dialog = await openJobAsOwner(page, job);
    await dialog.getByRole('button', { name: 'Generate Invoice' }).click();
    await eventually(() => dialog.getByRole('button', { name: 'Email Invoice' }).isVisible()).toBe(true);

    // The PDF is made while the owner reads the new invoice, before View PDF is tapped (decision 378).
    const invoices = (await (await api('GET', `/api/dashboard/customer-invoices/job/${job.jobId}`, cookie)).json()) as {
      id: string;
    }[];
    const pdfs = async () =>
      (
        (await (await api('GET', `/api/dashboard/customer-invoices/${invoices[0]!.id}/pdfs`, cookie)).json()) as {
          version: number;
        }[]
      ).map((v) => v.version);
    await eventually(pdfs).toEqual([1]);

    // The supplier bills come right after the invoice and payment, not below the job's details.
    const bills = dialog.getByRole('region', { name: 'Purchase invoices' });
    const addBill = bills.getByRole('button', { name: 'Add Purchase Invoice' });
    await eventually(() => addBill.isVisible()).toBe(true);
    expect(await inView(addBill)).toBe(true);

    // Mark as Paid's form comes into view whole, its save button too.
    await dialog.getByRole('button', { name: 'Mark as Paid' }).click();
    const pay = dialog.getByRole('form', { name: `Mark as Paid: ${job.jobNumber}` });
    await eventually(() => inView(pay.getByRole('button', { name: 'Mark as Paid' }))).toBe(true);
    await pay.getByRole('radio', { name: 'PayID' }).check();
    await pay.getByRole('button', { name: 'Mark as Paid' }).click();
    await eventually(() => dialog.getByText('Job Complete: paid in full.').isVisible()).toBe(true);

    // The bill's form opens at the top of the view, the total third, so its fields need no scroll.
    await bills.getByRole('button', { name: 'Add Purchase Invoice' }).click();
    const bill = bills.getByRole('form', { name: 'Add purchase invoice' });
    await eventually(() => inView(bill.getByLabel('Total inc-GST ($)'))).toBe(true);
    expect(await inView(bill.getByLabel('Supplier name'))).toBe(true);
    expect(await tappable(bill.getByLabel('Supplier name'))).toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, '[role="dialog"]');
  });

  it("keeps a job's Close in reach and asks before Start Work and Complete Work, warning of another day", async () => {
    const cookie = await ownerCookie();
    const job = await aJob(cookie, '10-12 AM');
    const page = await browser.newPage();
    const dialog = await openJobAsOwner(page, job);
    const start = dialog.getByRole('button', { name: 'Start Work (En Route)' });
    await eventually(() => start.isVisible()).toBe(true);

    // Scrolled to the bottom of the job sheet, Close is still on screen and takes the tap.
    await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const close = dialog.getByRole('button', { name: 'Close' });
    await eventually(() => tappable(close)).toBe(true);
    await expectTapTarget(close, 'Close');
    await dialog.evaluate((el) => el.scrollTo(0, 0));

    // Start Work asks first, naming the job and its day: it is not today's.
    await start.click();
    const ask = page.getByRole('alertdialog', { name: `Start work on ${job.jobNumber}?` });
    await eventually(() => ask.isVisible()).toBe(true);
    expect(await ask.textContent()).toContain(`Pat Phone ${runId}`);
    expect(
      await ask.getByText(`This job is booked for ${formatVisit(JOB_DAY, '10-12 AM').split(',')[0]}.`).isVisible(),
    ).toBe(true);
    await expectAccessible(page, '[role="alertdialog"]');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => ask.count()).toBe(0);
    const unchanged = await api('GET', `/api/dashboard/jobs/${job.jobId}`, cookie);
    expect(((await unchanged.json()) as { status: string }).status).toBe('new');

    await start.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start Work (En Route)' }).click();
    const complete = dialog.getByRole('button', { name: 'Complete Work' });
    await eventually(() => complete.isVisible()).toBe(true);
    await complete.click();
    const askDone = page.getByRole('alertdialog', { name: `Complete work on ${job.jobNumber}?` });
    await eventually(() => askDone.isVisible()).toBe(true);
    await askDone.getByRole('button', { name: 'Complete Work' }).click();
    await eventually(
      async () =>
        ((await (await api('GET', `/api/dashboard/jobs/${job.jobId}`, cookie)).json()) as { status: string }).status,
    ).toBe('completed');
  });

  it('gives 44 px targets to the Schedule and Time Slots job links, the block-day Close, an invoice checkbox and the banner link', async () => {
    const cookie = await ownerCookie();
    const job = await aJob(cookie, '12-2 PM', { invoiced: true });
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);

    // The mail-server notice: one line, in a landmark, its link a full target.
    const notice = page.getByRole('complementary', { name: 'Email delivery' });
    await eventually(() => notice.isVisible()).toBe(true);
    expect((await box(notice)).height).toBeLessThanOrEqual(50);
    await expectTapTarget(notice.getByRole('link'), 'banner link');

    await page.goto(`/dashboard?tab=schedule&day=${JOB_DAY}`);
    const scheduleLink = page.getByRole('list', { name: 'Jobs' }).getByRole('link', { name: job.jobNumber });
    await eventually(() => scheduleLink.isVisible()).toBe(true);
    await expectTapTarget(scheduleLink, 'Schedule job link');

    await page.goto(`/dashboard?tab=time-slots&from=${JOB_DAY}`);
    const slotLink = page.getByRole('link', { name: job.jobNumber }).first();
    await eventually(() => slotLink.isVisible()).toBe(true);
    await expectTapTarget(slotLink, 'Time Slots job link');
    await page
      .getByRole('button', { name: /^Block all of/ })
      .first()
      .click();
    const block = page.getByRole('dialog', { name: /^Block / });
    await eventually(() => block.isVisible()).toBe(true);
    await expectTapTarget(block.getByRole('button', { name: 'Close' }), 'block-day Close');
    await block.getByRole('button', { name: 'Close' }).click();

    await page.goto('/dashboard?tab=invoices');
    await page.getByLabel('Search').fill(job.invoiceNumber);
    const tick = page.getByRole('checkbox', { name: `Select ${job.invoiceNumber}` });
    await eventually(() => tick.isVisible()).toBe(true);
    const area = tick.locator('xpath=ancestor::label[1]');
    await expectTapTarget(area, 'invoice checkbox area');
    // A tap at the corner of the area, off the box itself, ticks it.
    const a = await box(area);
    await page.mouse.click(a.x + 3, a.y + 3);
    await eventually(() => tick.isChecked()).toBe(true);
  });

  it("keeps a price row's Save and the last job's View above the bottom bar, where a tap reaches them", async () => {
    /** Whether the control, scrolled into view as the browser does for a tap or focus, ends above the bar and takes the tap. */
    async function expectAboveTheBar(page: Page, control: Locator, name: string) {
      await control.scrollIntoViewIfNeeded();
      const barTop = await page
        .getByRole('navigation', { name: 'Dashboard sections' })
        .evaluate((el) => el.getBoundingClientRect().top);
      const b = await box(control);
      expect(b.y + b.height, `${name} ends above the bar (top ${barTop})`).toBeLessThanOrEqual(barTop);
      expect(b.y, `${name} on screen`).toBeGreaterThanOrEqual(0);
      expect(await tappable(control), `${name} takes the tap`).toBe(true);
      await expectTapTarget(control, name);
    }

    // The owner changes a price: the row's form opens with Save in reach, without a flick.
    const owner = await browser.newPage();
    owner.setDefaultTimeout(10_000);
    await signInAsOwner(owner);
    await owner.goto('/dashboard?tab=prices');
    const rows = owner.getByRole('list', { name: 'Tyre prices' }).getByRole('listitem');
    for (const row of [rows.first(), rows.last()]) {
      await row.getByRole('button', { name: /^Edit / }).click();
      const form = row.getByRole('form', { name: /^Edit / });
      const save = form.getByRole('button', { name: 'Save', exact: true });
      await eventually(() => save.isVisible()).toBe(true);
      // The price field has the typing, and the form has come up whole above the bar by itself.
      await eventually(() => form.getByLabel('Retail price ($)').evaluate((el) => el === document.activeElement)).toBe(
        true,
      );
      await eventually(() => tappable(save)).toBe(true);
      await expectAboveTheBar(owner, save, 'price Save');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await eventually(() => form.count()).toBe(0);
    }

    // A technician's one job: its card's View, the last thing on My Jobs, is not under the bar.
    const cookie = await ownerCookie();
    const username = `ux_tech_${runId}`;
    const added = await api('POST', '/api/admin/users', cookie, {
      username,
      password: 'van-pass-123',
      role: 'technician',
    });
    expect(added.status, await added.clone().text()).toBeLessThan(300);
    const job = await aJob(cookie, '8-10 AM');
    const assigned = await api('PATCH', `/api/dashboard/jobs/${job.jobId}/assign`, cookie, {
      technicianId: ((await added.json()) as { id: string }).id,
    });
    expect(assigned.status, await assigned.clone().text()).toBe(200);
    const technician = await browser.newPage();
    technician.setDefaultTimeout(10_000);
    await technician.goto('/auth');
    await technician.getByLabel('Username').fill(username);
    await technician.getByLabel('Password').fill('van-pass-123');
    await technician.getByRole('button', { name: 'Sign in' }).click();
    await technician.waitForURL(/\/dashboard$/);
    const view = technician.getByRole('button', { name: `View ${job.jobNumber}` });
    await eventually(() => view.isVisible()).toBe(true);
    await expectAboveTheBar(technician, view, 'View');
    await view.click();
    await eventually(() => technician.getByRole('dialog', { name: `Job ${job.jobNumber}` }).isVisible()).toBe(true);
  });

  it('signs out from the top of the More sheet, and the sign-in page offers the name back with the password ready', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('button', { name: 'More' }).click();
    const sheet = page.getByRole('dialog', { name: 'More sections' });
    const signOut = sheet.getByRole('button', { name: 'Sign out', exact: true });
    await eventually(() => signOut.isVisible()).toBe(true);
    expect(await sheet.getByText(/^Signed in as/).textContent()).toBe(`Signed in as ${E2E_ADMIN.username}`);
    // Two taps from anywhere: in view as the sheet opens, a full target.
    expect(await inView(signOut)).toBe(true);
    await expectTapTarget(signOut, 'Sign out');
    await signOut.click();
    await page.waitForURL(/\/auth$/);
    await eventually(() => page.getByLabel('Username').inputValue()).toBe(E2E_ADMIN.username);
    await eventually(() => page.getByLabel('Password').evaluate((el) => el === document.activeElement)).toBe(true);
    // Signed out for real: the dashboard asks for a sign-in again.
    await page.goto('/dashboard');
    await page.waitForURL(/\/auth$/);
    // Opened afresh, the page offers no name: the username takes the typing.
    expect(await page.getByLabel('Username').inputValue()).toBe('');
    await eventually(() => page.getByLabel('Username').evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('puts the mail-server notice away for the session and shows an invoice PDF in the browser', async () => {
    const cookie = await ownerCookie();
    const job = await aJob(cookie, '2-4 PM', { invoiced: true });
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    const notice = page.getByRole('complementary', { name: 'Email delivery' });
    await eventually(() => notice.isVisible()).toBe(true);
    // axe's `region` rule: all content sits in a landmark.
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'Dismiss the email notice' }).click();
    await eventually(() => notice.count()).toBe(0);
    await page.reload();
    await eventually(() => page.getByRole('navigation', { name: 'Dashboard sections' }).isVisible()).toBe(true);
    expect(await notice.count()).toBe(0);

    await page.goto('/dashboard?tab=invoices');
    await page.getByLabel('Search').fill(job.invoiceNumber);
    await page.getByRole('button', { name: `Edit ${job.invoiceNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Invoice ${job.invoiceNumber}` });
    const view = dialog.getByRole('button', { name: 'View PDF' });
    await eventually(() => view.isVisible()).toBe(true);
    const pdfRequest = page.context().waitForEvent('request', { predicate: (r) => /\/pdfs\/\d+$/.test(r.url()) });
    await view.click();
    const request = await pdfRequest;
    const response = await request.response();
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('application/pdf');
    // Shown by the browser, not saved as a file.
    expect(response?.headers()['content-disposition']).toMatch(/^inline;/);
  });
});
