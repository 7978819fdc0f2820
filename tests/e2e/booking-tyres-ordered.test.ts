import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/domain/perth-time';
import { formatVisit } from '../../src/shared/domain/slots';
import { tyresOrderedNote } from '../../src/shared/domain/tyre-order';
import type { TyreAvailability } from '../../src/shared/schemas/tyres';
import { eventually, useBrowser } from '../helpers/browser';
import { staffApi } from '../helpers/staff-api';

// New tyres of a size the owner keeps but has none of (docs/decisions/423-stock-aware-booking.md):
// the wizard says they will be ordered and offers windows from the lead time on. Nothing is booked.
const browser = useBrowser({ viewport: { width: 360, height: 780 } });
const { api, ownerCookie } = staffApi(() => browser.baseUrl);
/** A size no other browser file books or stocks. */
const SIZE = { width: '235', profile: '60', rim: '18', size: '235/60R18' };

describe('new tyres to be ordered, in the wizard', () => {
  it('step 3 says so, and Next goes back to step 1 with the note and windows from the first day the tyres can come', async () => {
    const owner = await ownerCookie();
    // The depot's last of the size were fitted: a stock take of 0 keeps the size, none free.
    const counted = await api('POST', '/api/dashboard/stock/movements', owner, {
      kind: 'count',
      location: 'depot',
      size: SIZE.size,
      brand: 'Toyo',
      quantity: 0,
    });
    expect(counted.status, await counted.clone().text()).toBe(201);
    const asked = await fetch(`${browser.baseUrl}/api/tyre-availability?size=${SIZE.size}&quantity=4`);
    const available = (await asked.json()) as TyreAvailability;
    expect(available).toMatchObject({ inStock: false, stockKept: true });
    const note = tyresOrderedNote(SIZE.size, available.leadDays, available.firstDay);

    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Book Service Now' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Book a Mobile Service' });
    // The next free window, before the tyres could come (one tap moves on to the service).
    const windows = dialog.getByRole('group', { name: 'Next free times' }).getByRole('button');
    await windows.first().click();
    await dialog.getByRole('radio', { name: /New Tyres/ }).click();
    await dialog.getByText('Step 3 of 7').waitFor();
    await dialog.getByLabel('Width').fill(SIZE.width);
    await dialog.getByLabel('Profile').fill(SIZE.profile);
    await dialog.getByLabel('Rim').fill(SIZE.rim);
    await dialog.getByLabel('Number of tyres').selectOption('4');
    await eventually(() => dialog.getByTestId('tyres-ordered').textContent()).toBe(note);

    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Step 1 of 7').waitFor();
    expect(await dialog.getByTestId('tyres-ordered-windows').textContent()).toBe(note);
    // Every window offered now is on the first day the tyres can come or later.
    const later = new Set(
      Array.from({ length: 21 }, (_, i) => formatVisit(addDays(available.firstDay, i), '8-10 AM').split(',')[0]),
    );
    await eventually(() => windows.count()).toBeGreaterThan(0);
    const days = await windows.evaluateAll((buttons) => buttons.map((b) => b.querySelector('span')?.textContent ?? ''));
    for (const day of days) expect(later, day).toContain(day);
    expect(await dialog.getByLabel('Date', { exact: true }).getAttribute('min')).toBe(available.firstDay);
  });
});
