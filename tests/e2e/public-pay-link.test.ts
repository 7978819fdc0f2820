import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { useBrowser, eventually } from '../helpers/browser';
import { readOutbox } from '../helpers/outbox';
import { staffApi } from '../helpers/staff-api';

// The customer opens the invoice email's link on a phone (decision 300).
const browser = useBrowser({ viewport: { width: 360, height: 800 } });
const runId = Date.now().toString(36);
/** A day no other browser file books (they share one server). */
const JOB_DAY = nextBusinessDay('2027-09-14');
const INVOICES = '/api/dashboard/customer-invoices';

const { api, ownerCookie } = staffApi(() => browser.baseUrl);

async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A completed job's invoice, sent to the customer by email: answers the link in that email. */
async function sentInvoiceLink(): Promise<{ path: string; invoiceNumber: string }> {
  const cookie = await ownerCookie();
  const email = `payer.${runId}@example.com`;
  const booked = await api('POST', '/api/bookings', cookie, {
    customer: { name: 'Ngoc Payer', email, phone: '0400 222 333' },
    vehicle: { make: 'Kia', model: 'Rio', year: 2020, color: 'Red', registration: `P${runId.slice(-5).toUpperCase()}` },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: JOB_DAY,
      timeSlot: '8-10 AM',
      address: '9 Paylink Road',
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
  for (const status of ['in-progress', 'completed'])
    expect((await api('PATCH', `/api/dashboard/jobs/${jobId}/status`, cookie, { status })).status).toBe(200);
  const generated = await api('POST', `${INVOICES}/generate/${jobId}`, cookie);
  expect(generated.status, await generated.clone().text()).toBe(201);
  const { customerInvoice } = (await generated.json()) as { customerInvoice: { id: string; invoiceNumber: string } };
  expect((await api('PATCH', `${INVOICES}/${customerInvoice.id}`, cookie, { status: 'sent' })).status).toBe(200);
  const emailed = await api('POST', `${INVOICES}/${customerInvoice.id}/email`, cookie);
  expect(emailed.status, await emailed.clone().text()).toBe(200);
  const sent = (await readOutbox(browser.baseUrl)).find(
    (e) => e.to === email && e.subject.includes(customerInvoice.invoiceNumber),
  )!;
  const path = /\/pay\/[A-Za-z0-9_-]+/.exec(sent.text)![0];
  return { path, invoiceNumber: customerInvoice.invoiceNumber };
}

describe('paying an invoice from its link', () => {
  it('the customer opens the link at 360 px, pays with the simulated card 4242 and the page says paid', async () => {
    const { path, invoiceNumber } = await sentInvoiceLink();
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(path);
    await page.getByRole('heading', { name: new RegExp(invoiceNumber) }).waitFor();
    await page.getByText(/^Amount due: \$/).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: /^Pay \$[\d.,]+ by card$/ }).click();
    await page.getByText('Test mode - no real payment is taken').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Ngoc Payer');
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Pay \$/ }).click();

    await eventually(() => page.getByText('This invoice is paid. Thank you.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /by card$/ }).count()).toBe(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    const receipt = (await readOutbox(browser.baseUrl)).filter((e) =>
      e.subject.startsWith(`Receipt: invoice ${invoiceNumber} `),
    );
    expect(receipt).toHaveLength(1);
  });
});
