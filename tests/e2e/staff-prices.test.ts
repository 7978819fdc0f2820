import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, eventually } from '../helpers/browser';
import { signInAsOwner } from '../helpers/staff-api';

// Mobile first: the owner keeps the price list from a 360 px phone (decisions 281, 282).
const browser = useBrowser({ viewport: { width: 360, height: 780 } });
const runId = Date.now().toString(36);
// A brand of this file's own, so the rows it imports are its alone on the shared server.
const BRAND = `Tread${runId}`;

const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));
const publicPrice = async (size: string) => {
  const res = await fetch(`${browser.baseUrl}/api/tyre-pricing/${encodeURIComponent(size)}`);
  return { status: res.status, body: (await res.json()) as { price?: string } };
};

/** No axe violations inside `selector`, once any refresh has settled (a dimmed list would be measured dimmed). */
async function expectAccessible(page: Page, selector: string) {
  await eventually(() => page.locator(`${selector} [aria-busy="true"]`).count()).toBe(0);
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

function supplierFile(): string {
  const file = path.join(os.tmpdir(), `supplier-${runId}.csv`);
  fs.writeFileSync(
    file,
    [
      'Size;Brand;Model;Purchase Price;Retail Price;Stock',
      `195/50R16;${BRAND};City;$90.00;$139.00;4`,
      `235/45R18;${BRAND};Sport;$150.00;$1,210.00;`,
      `205/80R16;${BRAND};Trail;$120.00;0;2`,
      `185/55R15;${BRAND};Eco;70;99.90;0`,
    ].join('\n'),
  );
  return file;
}

describe('the Prices tab on a phone', () => {
  it('imports a supplier CSV (dry run shown, then applied) and edits a retail price inline', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);
    await page.goto('/dashboard?tab=prices');
    await eventually(() => page.getByRole('heading', { name: 'Tyre prices' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a supplier CSV' });
    await dialog.getByLabel('Supplier CSV file').setInputFiles(supplierFile());

    // The dry run: what would change, and the refused line by its number, before anything is written.
    await eventually(() => dialog.getByRole('heading', { name: 'Dry run: nothing has changed yet' }).isVisible()).toBe(
      true,
    );
    const summary = dialog.getByRole('definition');
    await eventually(() => summary.allTextContents()).toEqual(['3', '0', '0', '1']);
    expect(await dialog.getByRole('list', { name: 'Refused lines' }).textContent()).toBe(
      'line 4, retail price: must be a dollar amount above 0, with at most 2 decimals',
    );
    expect(
      await dialog.getByRole('list', { name: 'Changes' }).getByText(`Added: 235/45R18 ${BRAND} Sport`).isVisible(),
    ).toBe(true);
    const apply = dialog.getByRole('button', { name: 'Apply import' });
    expect(await apply.isDisabled()).toBe(true);
    expect((await publicPrice('195/50R16')).status).toBe(404);
    await expectAccessible(page, '[role="dialog"]');

    await dialog.getByLabel('Skip refused lines (import the other lines)').check();
    await eventually(() => apply.isEnabled()).toBe(true);
    await apply.click();
    await eventually(() => toast(page, '3 added, 0 changed, 0 unchanged, 1 refused.').count()).toBeGreaterThan(0);
    await eventually(() => dialog.count()).toBe(0);
    expect(await publicPrice('195/50R16')).toEqual({ status: 200, body: { price: '139.00' } });
    // Stock 0: priced but out of stock, so the public lookup asks for a callback.
    expect((await publicPrice('185/55R15')).status).toBe(404);

    await page.getByLabel('Search by size or brand').fill(BRAND);
    const cards = page.getByRole('list', { name: 'Tyre prices' }).getByRole('listitem');
    await eventually(() => cards.count()).toBe(3);
    // Case-sensitive: a plain 'Eco' filter ignores case, so it also matches the brand's run id when that reads 'mxdheco0'.
    const card = (model: string) => cards.filter({ hasText: new RegExp(model) });
    const city = card('City');
    expect(await city.getByText('$49.00 (35.3%)').isVisible()).toBe(true);
    expect(await card('Eco').getByText('Out of stock').isVisible()).toBe(true);
    // The row customers are quoted for its size is marked; one out of stock never is.
    expect(await city.getByText('Quoted to customers').isVisible()).toBe(true);
    expect(await card('Eco').getByText('Quoted to customers').count()).toBe(0);

    await city.getByRole('button', { name: `Edit 195/50R16 ${BRAND} City` }).click();
    const editor = city.getByRole('form', { name: `Edit 195/50R16 ${BRAND} City` });
    await editor.getByLabel('Retail price ($)').fill('0');
    await editor.getByRole('button', { name: 'Save' }).click();
    // The server's own rule and message, before anything is sent.
    await eventually(() =>
      editor.getByText('Retail price must be a dollar amount above 0, with at most 2 decimals').isVisible(),
    ).toBe(true);
    await editor.getByLabel('Retail price ($)').fill('149.50');
    await editor.getByRole('button', { name: 'Save' }).click();
    await eventually(() => toast(page, `195/50R16 ${BRAND} City updated.`).count()).toBeGreaterThan(0);
    await eventually(() => city.getByText('$149.50', { exact: true }).isVisible()).toBe(true);
    expect(await publicPrice('195/50R16')).toEqual({ status: 200, body: { price: '149.50' } });

    // Phone first: nothing scrolls sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'section[aria-labelledby="prices-heading"]');
  });
});
