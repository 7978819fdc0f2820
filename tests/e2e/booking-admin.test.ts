import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser';
import { bookingDaysOf } from '../helpers/e2e-calendar';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

const browser = useBrowser({ viewport: { width: 390, height: 844 } });

/** A business day of this file's own (see e2e-calendar.ts). */
const adminDay = () => bookingDaysOf('booking-admin')(0);

describe('admin new booking screen', () => {
  it('creates a new-tyres booking with the estimate, then returns to the dashboard with a toast', async () => {
    const day = adminDay();
    // Someone already holds the first slot of the day.
    const taken = await fetch(`${browser.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customer: { name: 'Early Bird', email: `early.${Date.now()}@example.com`, phone: '0400 111 222' },
        vehicle: { make: 'Mazda', model: '3', year: 2020, registration: 'EARLY1' },
        job: {
          serviceType: 'puncture-repair',
          scheduledDate: day,
          timeSlot: '8-10 AM',
          address: '1 Other Road',
          suburb: 'Mandurah',
          postcode: '6210',
          tyreSize: null,
          tyreQuantity: null,
          notes: null,
          paymentMethod: 'onsite',
        },
      }),
    });
    expect(taken.status).toBe(200);

    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto('/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'New Booking' }).click();
    await page.getByRole('heading', { name: 'New Booking' }).waitFor();

    const create = page.getByRole('button', { name: 'Create Booking' });
    expect(await create.isDisabled()).toBe(true);
    for (const section of [
      'Date & Time',
      'Service Details',
      'Customer Details',
      'Vehicle Details',
      'Service Location',
      'Payment & Notes',
    ]) {
      expect(await page.getByRole('heading', { name: section }).isVisible()).toBe(true);
    }

    // More than 12 months ahead: said at the date, and no slot is offered.
    const farDay = `${Number(new Date().toISOString().slice(0, 4)) + 2}-03-02`;
    await page.getByLabel('Date', { exact: true }).fill(farDay);
    expect(await page.getByText('Choose a date within the next 12 months').isVisible()).toBe(true);
    expect(await page.getByLabel('Time slot').isDisabled()).toBe(true);

    await page.getByLabel('Date', { exact: true }).fill(day);
    expect(await page.getByText('Choose a date within the next 12 months').count()).toBe(0);
    const slot = page.getByLabel('Time slot');
    await expect.poll(() => slot.locator('option', { hasText: '8 am - 10 am (Unavailable)' }).isDisabled()).toBe(true);
    expect(await create.isEnabled()).toBe(true);

    await create.click();
    expect(await page.getByText('Time slot is required').isVisible()).toBe(true);
    expect(await page.getByText('Customer name is required').isVisible()).toBe(true);
    expect(await page.getByText('Vehicle color is required').isVisible()).toBe(true);
    expect(await page.getByText('Full address is required').isVisible()).toBe(true);

    await slot.selectOption({ label: '10 am - 12 pm' });
    expect(await page.getByLabel('Quantity').inputValue()).toBe('4');
    await page.getByLabel('Width').fill('205');
    await page.getByLabel('Profile').fill('55');
    await page.getByLabel('Rim').fill('16');
    // (159 + 25 fitting + 15 balancing) x 4 + 89.80 callout
    await expect.poll(() => page.getByTestId('admin-estimate').textContent()).toBe('$885.80');
    await page.getByLabel('Service type').selectOption({ label: 'Puncture Repair' });
    await expect.poll(() => page.getByTestId('admin-estimate').textContent()).toBe('$129.80');
    expect(await page.getByText('Tyre Specifications').count()).toBe(0);
    await page.getByLabel('Service type').selectOption({ label: 'New Tyres' });
    await expect.poll(() => page.getByTestId('admin-estimate').textContent()).toBe('$885.80');
    await page.getByLabel('Tyre brand (optional)').fill('Michelin');

    await page.getByLabel('Customer name').fill('Pat Owner');
    await page.getByLabel('Phone', { exact: true }).fill('0400 222 333');
    await page.getByLabel('Email', { exact: true }).fill('pat.owner@example.com');
    await page.getByLabel('Make').fill('Ford');
    await page.getByLabel('Model').fill('Ranger');
    await page.getByLabel('Year').fill('2021');
    await page.getByLabel('Colour').fill('White');
    await page.getByLabel('Registration').fill('1xyz999');
    expect(await page.getByLabel('Registration').inputValue()).toBe('1XYZ999');
    await page.getByLabel('Address', { exact: true }).fill('7 Workshop Lane');
    await page.getByLabel('Suburb').fill('Rockingham');
    await expect.poll(() => page.getByLabel('Postcode').inputValue()).toBe('6168');
    expect(await page.getByLabel('Payment method').locator('option:checked').textContent()).toBe('Cash on Delivery');

    await create.click();
    await expect.poll(() => page.getByText('Booking Created').first().isVisible()).toBe(true);
    expect(
      await page
        .getByText(/Booking JOB-\d+ has been created successfully\./)
        .first()
        .isVisible(),
    ).toBe(true);
    await page.waitForURL(/\/dashboard$/);

    const slots = (await (await fetch(`${browser.baseUrl}/api/time-slots?date=${day}`)).json()) as {
      slot: string;
      isAvailable: boolean;
    }[];
    expect(slots.find((s) => s.slot === '10-12 AM')?.isAvailable).toBe(false);
  });
});
