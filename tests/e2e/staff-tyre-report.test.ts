import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { formatDollars, toCents } from '../../src/shared/domain/money';
import type { TyreReport } from '../../src/shared/schemas/tyre-reports';
import { eventually, useBrowser } from '../helpers/browser';
import { openReports, staffApi } from '../helpers/staff-api';

// The owner reads the tyre report on a 360 px phone (docs/decisions/424-tyre-reports.md).
const browser = useBrowser({ viewport: { width: 360, height: 780 } });
const { api, ownerCookie } = staffApi(() => browser.baseUrl);
const runId = Date.now().toString(36);
/** A staff booking on a day no other browser file books (staff book up to 12 months ahead). */
const JOB_DAY = nextBusinessDay('2027-11-17');

const dollars = (v: string) => formatDollars(toCents(v));
const figure = (scope: Locator, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

describe('the Tyres report', () => {
  it("shows the API's tyres fitted, stock at cost and claims for this month, as cards on a phone", async () => {
    const owner = await ownerCookie();
    const ok = async (res: Promise<Response>) => {
      const r = await res;
      expect(r.status, await r.clone().text()).toBeLessThan(300);
      return r;
    };
    await ok(
      api('POST', '/api/dashboard/stock/movements', owner, {
        kind: 'count',
        location: 'depot',
        size: '265/70R16',
        brand: 'Kumho',
        quantity: 3,
      }),
    );
    const booking = await ok(
      api('POST', '/api/bookings', owner, {
        customer: { name: 'Rae Report', email: `rae.${runId}@example.com`, phone: '0400 555 888' },
        vehicle: { make: 'Toyota', model: 'Hilux', year: 2021, color: 'White', registration: `R${runId.slice(-5)}` },
        job: {
          serviceType: 'puncture-repair',
          scheduledDate: JOB_DAY,
          timeSlot: '8-10 AM',
          address: '5 Report Road',
          suburb: 'Byford',
          postcode: '6122',
          tyreSize: null,
          tyreQuantity: null,
          notes: '',
          paymentMethod: 'onsite',
        },
      }),
    );
    const job = (await booking.json()) as { jobId: string };
    await ok(
      api(
        'POST',
        `/api/dashboard/jobs/${job.jobId}/fitted-tyres`,
        owner,
        ['front-left', 'front-right'].map((position) => ({
          position,
          size: '265/70R16',
          brand: 'Kumho',
          dotCode: '1025',
          removed: 'disposal',
        })),
      ),
    );
    // This month on the server's clock: the tyres above were fitted today.
    const today = ((await (await api('GET', '/api/dashboard/reports/tyres', owner)).json()) as TyreReport).stock.asOf;
    const [y, m] = today.split('-').map(Number) as [number, number];
    const range = {
      startDate: `${today.slice(0, 7)}-01`,
      endDate: `${today.slice(0, 7)}-${new Date(Date.UTC(y, m, 0)).getUTCDate()}`,
    };
    const read = async () =>
      (await (
        await api('GET', `/api/dashboard/reports/tyres?${new URLSearchParams(range).toString()}`, owner)
      ).json()) as TyreReport;
    const report = await read();
    expect(report.fitted).toContainEqual({ month: today.slice(0, 7), size: '265/70R16', brand: 'Kumho', count: 2 });

    const page = await browser.newPage();
    await openReports(page, range);
    const tab = page.getByRole('tab', { name: 'Tyres' });
    await tab.click();
    // 44 px targets on a phone.
    expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const figures = page.getByLabel('Tyre summary');
    // Other browser files of this server may fit tyres meanwhile: the page matches the API's figures of the moment.
    await eventually(async () =>
      [
        await figure(figures, 'Tyres fitted').first().textContent(),
        await figure(figures, `Stock at cost on ${today}`).first().textContent(),
      ].join(' | '),
    ).toBe(await read().then((r) => `${r.fittedTotal} | ${dollars(r.stock.total)}`));
    // On a 360 px phone each table is a list of cards (decision 242).
    const fitted = page.getByRole('region', { name: 'Tyres fitted by month, size and brand' });
    expect(await fitted.getByRole('listitem').filter({ hasText: 'Kumho' }).textContent()).toContain('265/70R16');
    const stock = page.getByRole('region', { name: `Stock at cost on ${today}` });
    const kumho = await stock.getByRole('listitem').filter({ hasText: 'Kumho' }).textContent();
    // The fitting named no van, so the depot still holds the 3 counted, at the price list's $160.00 each.
    expect(kumho).toContain('$160.00');
    expect(kumho).toContain('$480.00');
    expect(await page.getByRole('link', { name: 'Download Tyres CSV' }).getAttribute('href')).toContain(
      '/api/dashboard/reports/tyres.csv?',
    );
  });
});
