import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser';
import { signInAsOwner } from '../helpers/staff-api';

/**
 * The owner connects Xero from a 360 px phone and reads the sync log (docs/decisions/418-xero-sync.md).
 * The test server has no Xero credentials, so the labelled simulated Xero answers: its consent page
 * says so, and the organisation is its demo one.
 */
const browser = useBrowser({ viewport: { width: 360, height: 780 } });
const SECTION = 'section[aria-labelledby="accounting-heading"]';

describe('Settings, "Accounting" on a 360 px phone', () => {
  it('connects Xero through its consent page and shows the organisation and the log', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await page.goto('/dashboard?tab=settings#accounting');
    const section = page.locator(SECTION);
    await section.getByRole('button', { name: 'Connect Xero' }).click();

    // The simulated Xero's consent page, labelled as such.
    await expect.poll(() => page.getByText('Simulated Xero', { exact: false }).first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Allow access' }).click();
    await page.getByRole('heading', { name: 'Xero connected' }).waitFor();
    await page.getByRole('link', { name: 'Back to Settings' }).click();

    await section.getByTestId('xero-organisation').waitFor();
    expect(await section.getByTestId('xero-organisation').textContent()).toContain('Demo Tyres (simulated Xero)');
    await section.getByRole('button', { name: 'Send now' }).click();
    const toastText = page
      .getByRole('status')
      .filter({ hasText: /Sent|Error/ })
      .first();
    await toastText.waitFor({ timeout: 30_000 });
    expect(await toastText.textContent()).toMatch(/Sent \d+, failed 0, waiting \d+\./);
    await section.getByText('Nothing has failed.').waitFor();
    expect(await section.locator('[data-count="failed"]').textContent()).toBe('0');

    // Phone first: every control at least 44 px tall, nothing wider than the phone.
    for (const control of await section.locator('button, a, input, select').all()) {
      const box = await control.boundingBox();
      if (box) expect(box.height, await control.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });
});
