import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, eventually } from '../helpers/browser';
import { bookingDaysOf } from '../helpers/e2e-calendar';
import { signInAsOwner, staffApi } from '../helpers/staff-api';

// The owner reads the texts to customers from a 390 px phone (docs/decisions/363-sms-delivery.md).
const browser = useBrowser({ viewport: { width: 390, height: 844 } });
const { api, ownerCookie } = staffApi(() => browser.baseUrl);
const runId = Date.now().toString(36);

/** The outbox file's second business day (it books on its first only), so the slot is free. */
const smsDay = () => bookingDaysOf('staff-outbox')(1);

async function expectAccessible(page: Page, selector: string) {
  await eventually(() => page.locator(`${selector} [aria-busy="true"]`).count()).toBe(0);
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('text messages in the staff Settings tab', () => {
  it('shows the booking confirmation text, stored in the labelled local outbox, and reads it out', async () => {
    // A mobile of this run's own, written as customers do.
    const n = String(Date.now()).slice(-6);
    const phone = `0412 ${n.slice(0, 3)} ${n.slice(3)}`;
    const booked = await fetch(`${browser.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: browser.baseUrl },
      body: JSON.stringify({
        customer: { name: 'Tex Messenger', email: `sms.${runId}.${Date.now()}@example.com`, phone },
        vehicle: { make: 'Mazda', model: '3', year: 2020, registration: 'SMS001' },
        job: {
          serviceType: 'battery-service',
          scheduledDate: smsDay(),
          timeSlot: '2-4 PM',
          address: '7 Text Street',
          suburb: 'Rockingham',
          postcode: '6168',
          tyreSize: null,
          tyreQuantity: null,
          notes: null,
          paymentMethod: 'onsite',
        },
      }),
    });
    expect(booked.status, await booked.clone().text()).toBe(200);
    const { jobId } = (await booked.json()) as { jobId: string };

    // Delivery runs just after the booking commits: wait until the text has settled on "stored".
    const cookie = await ownerCookie();
    await eventually(async () => {
      const res = await api('GET', '/api/dashboard/messages?channel=sms&pageSize=100', cookie);
      return ((await res.json()) as { jobId: string; status: string }[]).find((m) => m.jobId === jobId)?.status;
    }).toBe('stored');

    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    // On a phone the outboxes are Settings' "Messages to customers" screen (decision 428).
    await page.goto('/dashboard?tab=settings&section=messages');

    const section = page.getByRole('region', { name: 'Text messages' });
    await eventually(() => section.isVisible()).toBe(true);
    await eventually(() => section.getByText('Local outbox: no SMS provider configured').isVisible()).toBe(true);
    const item = section.getByRole('listitem').filter({ hasText: `To: ${phone}` });
    await eventually(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain('Booking confirmation');
    expect(await item.textContent()).toContain('Stored - not sent (no SMS provider set)');

    // The text is folded away until asked for, from the keyboard too.
    const body = item.getByText('your booking is confirmed', { exact: false });
    expect(await body.isVisible()).toBe(false);
    await item.getByText('Read text').focus();
    await page.keyboard.press('Enter');
    await eventually(() => body.isVisible()).toBe(true);
    expect(await body.textContent()).toContain('Battery Service');

    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'section[aria-labelledby="sms-outbox-heading"]');
  });
});
