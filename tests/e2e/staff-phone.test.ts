import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { useBrowser, eventually } from '../helpers/browser';
import { openReports, signInAsOwner, staffApi } from '../helpers/staff-api';
import { STAFF_TABS, staffTabPath } from '../load/staff-pages';

// The owner runs the business from a 360 px phone in the van.
const browser = useBrowser({ viewport: { width: 360, height: 780 } });
const runId = Date.now().toString(36);
const { api, ownerCookie } = staffApi(() => browser.baseUrl);

/**
 * The browser files of a worker share its server: this file books a staff job on a day no other file uses
 * (November 2027) and dates its invoice, bill and expense in June 2025, a month of its own.
 */
const JOB_DAY = nextBusinessDay('2027-10-31');
const JUNE_2025 = { startDate: '2025-06-01', endDate: '2025-06-30' };

/** How far the page scrolls sideways (0 when it fits the phone). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Boxes inside `selector` whose content is wider than they are (text cut off or scrolling sideways). */
const widerThanBox = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const found: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const el of [root, ...root.querySelectorAll('*')]) {
        if (el.closest('.sr-only') || !(el instanceof HTMLElement) || el.clientWidth === 0) continue;
        if (el.scrollWidth > el.clientWidth + 1)
          found.push(
            `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`,
          );
      }
    }
    return found;
  }, selector);

/** A month of books: a staff job invoiced by hand, a supplier bill on it (cost of goods sold) and a business expense. */
async function juneBooks(cookie: string) {
  const booked = await api('POST', '/api/bookings', cookie, {
    customer: { name: `Phoebe Phone ${runId}`, email: `phoebe.${runId}@example.com`, phone: '0400 777 888' },
    vehicle: {
      make: 'Hyundai',
      model: 'i30',
      year: 2020,
      color: 'Silver',
      registration: `P${runId.slice(-5).toUpperCase()}`,
    },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: JOB_DAY,
      timeSlot: '2-4 PM',
      address: '3 Small Screen Street',
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
  const { jobId } = (await booked.json()) as { jobId: string };
  for (const status of ['in-progress', 'completed']) {
    const moved = await api('PATCH', `/api/dashboard/jobs/${jobId}/status`, cookie, { status });
    expect(moved.status, await moved.clone().text()).toBe(200);
  }
  const writes = [
    api('POST', '/api/dashboard/customer-invoices', cookie, {
      jobId,
      status: 'sent',
      invoiceDate: '2025-06-10',
      dueDate: '2025-07-10',
      items: [
        {
          description: 'Puncture repair at the kerb, front left, with a long description',
          category: 'labour',
          quantity: 1,
          unitPrice: '129.80',
        },
      ],
    }),
    api('POST', '/api/dashboard/purchase-invoices', cookie, {
      jobId,
      invoiceNumber: `TW-${runId}`,
      supplierName: 'Tyre Wholesale Western Australia',
      invoiceDate: '2025-06-11',
      totalAmount: '66.00',
      gstAmount: '6.00',
      dueDate: '2025-07-11',
    }),
    api('POST', '/api/dashboard/business-expenses', cookie, {
      supplierName: 'Perth Van Servicing and Repairs',
      description: 'Van service',
      amount: '330.00',
      gstAmount: '30.00',
      category: 'vehicle',
      expenseDate: '2025-06-12',
    }),
  ];
  for (const res of await Promise.all(writes)) expect(res.status, await res.clone().text()).toBeLessThan(300);
}

describe('the staff dashboard on a 360 px phone', () => {
  it('shows the whole business name in the header, with New Booking and Logout as 44 px targets', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);

    const name = page.getByRole('banner').getByText('Mobile Tyre & Battery Co.', { exact: true });
    await eventually(() => name.textContent()).toBe('Mobile Tyre & Battery Co.');
    // Nothing cut off: the name's box holds all of its text, and nothing hides it.
    const fit = await name.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      overflow: getComputedStyle(el).textOverflow,
    }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(fit.overflow).not.toBe('ellipsis');
    expect(await widerThanBox(page, 'header')).toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    const newBooking = (await page.getByRole('link', { name: 'New Booking' }).boundingBox())!;
    expect(newBooking.height).toBeGreaterThanOrEqual(44);
    expect(newBooking.x + newBooking.width).toBeLessThanOrEqual(360);

    await page.goto('/dashboard?tab=settings');
    const logout = page.getByRole('button', { name: 'Logout' });
    await eventually(() => logout.isVisible()).toBe(true);
    expect((await logout.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  it("hydrates every tab the server rendered into the same page, with the server's today", async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The tab's markup as the server sent it, taken before any script has run.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { served?: Element | null }).served = document.querySelector('main > fieldset');
      }),
    );
    for (const tab of STAFF_TABS) {
      await page.goto(staffTabPath(tab));
      await eventually(() => page.locator('main > fieldset:not([disabled])').count()).toBe(1);
      // Kept: React took the server's markup over, rather than throwing it away and drawing it again.
      const kept = await page.evaluate(() => {
        const served = (window as unknown as { served?: Element | null }).served;
        return served != null && served === document.querySelector('main > fieldset');
      });
      expect({ tab, kept, errors }).toEqual({ tab, kept: true, errors: [] });
    }
  });

  it('cuts no chosen option of a select short on any tab', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    for (const tab of STAFF_TABS) {
      await page.goto(staffTabPath(tab));
      await eventually(() => page.locator('main > fieldset:not([disabled])').count()).toBe(1);
      await page.waitForLoadState('networkidle');
      // The chosen option's text, in the select's own font, against the room the select gives it.
      const cut = await page.evaluate(async () => {
        await document.fonts.ready;
        const ctx = document.createElement('canvas').getContext('2d')!;
        return [...document.querySelectorAll('main select')].flatMap((el) => {
          const select = el as HTMLSelectElement;
          if (select.offsetParent === null) return [];
          const style = getComputedStyle(select);
          ctx.font = style.font;
          const text = select.selectedOptions[0]?.textContent ?? '';
          // A native select draws its arrow inside the padding box, about 20 px of it.
          const arrow = style.appearance === 'none' ? 0 : 20;
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
          return ctx.measureText(text).width > room
            ? [`${select.labels[0]?.textContent ?? select.name}: "${text}"`]
            : [];
        });
      });
      expect({ tab, cut }).toEqual({ tab, cut: [] });
    }
  });

  it('shows every report with data without anything scrolling sideways, and names "Cost of Goods Sold" whole', async () => {
    await juneBooks(await ownerCookie());
    const page = await browser.newPage();
    await openReports(page, JUNE_2025);

    // Each report, with the rows this file recorded in June 2025 (receivables: every unpaid invoice).
    const reports = [
      { tab: 'GST Tracking (Visual Only)', shows: 'Tyre Wholesale Western Australia' },
      { tab: 'Payables', shows: 'Tyre Wholesale Western Australia' },
      { tab: 'P&L Report', shows: 'Vehicle Expenses' },
      { tab: 'Receivables', shows: `Phoebe Phone ${runId}` },
    ];
    for (const { tab, shows } of reports) {
      const tabButton = page.getByRole('tab', { name: tab });
      // The report tabs themselves are all on screen, none hidden off the side.
      const box = (await tabButton.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, tab).toBeLessThanOrEqual(360);
      await tabButton.click();
      const panel = page.getByRole('tabpanel');
      await eventually(() => panel.getByText(shows).first().isVisible()).toBe(true);
      expect(await pageOverflow(page), tab).toBeLessThanOrEqual(0);
      expect(await widerThanBox(page, '[role="tabpanel"]'), tab).toEqual([]);
      expect(await widerThanBox(page, '[role="tablist"][aria-label="Reports"]'), tab).toEqual([]);
    }

    // The bars' category names read as words, also where they wrap onto two lines.
    await page.getByRole('tab', { name: 'Payables' }).click();
    const chart = page.getByRole('figure').filter({ hasText: 'Purchases by category' });
    // A chart is drawn as it nears the screen.
    await chart.scrollIntoViewIfNeeded();
    await eventually(() => chart.textContent()).toContain('Cost of Goods Sold');
    expect(await chart.textContent()).not.toContain('GoodsSold');
  });
});
