import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { addDays } from '../../src/shared/domain/perth-time';
import { useBrowser } from '../helpers/browser';
import { E2E_TODAY } from '../helpers/e2e-calendar';

const browser = useBrowser();

const PAGES = ['/', '/about', '/privacy', '/terms', '/suburb/mandurah', '/suburb/atlantis', '/no-such-page'];

describe('accessibility (axe)', () => {
  for (const size of [
    { label: 'desktop', width: 1280, height: 900 },
    { label: 'phone', width: 390, height: 844 },
  ]) {
    it.each(PAGES)(`%s has no axe violations on a ${size.label}`, async (path) => {
      const page = await browser.newPage({ width: size.width, height: size.height });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const result = await new AxeBuilder({ page }).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  it('the open phone menu has no axe violations', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Menu' }).isVisible()).toBe(true);
    const result = await new AxeBuilder({ page }).analyze();
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('the open booking dialog, and the one-tyre hint in it, have no axe violations on a phone', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Book Service Now' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Book a Mobile Service' });
    await dialog.getByText('Step 1 of 7').waitFor();
    const violations = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect(await violations()).toEqual([]);

    // A business day past every browser test file's booking days (e2e-calendar.ts); nothing is booked.
    await dialog.getByLabel('Date', { exact: true }).fill(nextBusinessDay(addDays(E2E_TODAY, 75)));
    const slot = dialog.getByRole('button', { name: '12 pm - 2 pm', exact: true });
    await expect.poll(() => slot.isEnabled()).toBe(true);
    await slot.click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('radio', { name: /New Tyres/ }).click(); // a service card moves on by itself
    await dialog.getByLabel('Number of tyres').selectOption('2');
    await dialog.getByLabel('Number of tyres').selectOption('1');
    await dialog
      .getByRole('note')
      .filter({ hasText: /replacing tyres in pairs/i })
      .waitFor();
    expect(await violations()).toEqual([]);
  });
});
