import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AdminSuburbPage } from '../../src/shared/schemas/suburb-pages';
import { useBrowser, eventually } from '../helpers/browser';
import { signInAsOwner, staffApi } from '../helpers/staff-api';

// Mobile first: the owner runs the suburb pages from a 360 px phone.
const browser = useBrowser({ viewport: { width: 360, height: 780 } });
const runId = Date.now().toString(36);
const { api, ownerCookie } = staffApi(() => browser.baseUrl);

/**
 * The browser files of a worker share its server: this file changes only Wundowie and Two Rocks,
 * which no other file reads and which are not among the home page's featured suburbs.
 */
const SECTION = 'section[aria-labelledby="suburb-pages-heading"]';
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));

async function expectAccessible(page: Page, selector: string) {
  await eventually(() => page.locator(`${selector} [aria-busy="true"]`).count()).toBe(0);
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function publicPage(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${browser.baseUrl}${path}`);
  return { status: res.status, html: await res.text() };
}

describe('the Suburb pages section of the Settings tab', () => {
  it('on a phone the owner deactivates a suburb page and edits a title, and the public pages show it', async () => {
    const cookie = await ownerCookie();
    const before = await publicPage('/suburb/wundowie');
    expect(before.status).toBe(200);
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    try {
      await signInAsOwner(page);
      await page.goto('/dashboard?tab=settings&section=suburb-pages');
      const section = page.locator(SECTION);
      await section.getByLabel('Search suburbs').fill('Wundowie');
      const card = section.getByRole('listitem').filter({ hasText: 'Wundowie 6560' });
      await eventually(() => card.isVisible()).toBe(true);
      await eventually(() => card.getByText('Active', { exact: true }).isVisible()).toBe(true);
      await expectAccessible(page, SECTION);
      expect(await pageOverflow(page)).toBe(0);
      const toggle = card.getByRole('button', { name: 'Deactivate Wundowie' });
      expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);

      await toggle.click();
      await eventually(() => toast(page, 'Wundowie deactivated').count()).toBeGreaterThan(0);
      await eventually(() => card.getByText('Inactive', { exact: true }).isVisible()).toBe(true);
      const gone = await publicPage('/suburb/wundowie');
      expect(gone.status).toBe(404);
      expect(gone.html).toContain('Service Area Not Found');
      expect((await publicPage('/sitemap.xml')).html).not.toContain('/suburb/wundowie<');

      // The title: the server's rule shows on the form before anything is sent, then the new title is saved.
      await section.getByLabel('Search suburbs').fill('Two Rocks');
      const twoRocks = section.getByRole('listitem').filter({ hasText: 'Two Rocks 6037' });
      await twoRocks.getByRole('button', { name: 'Edit Two Rocks' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Two Rocks' });
      const title = dialog.getByLabel('Title');
      await title.fill('');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await eventually(() => dialog.getByText('Title is required').isVisible()).toBe(true);
      const newTitle = `Two Rocks Tyres at Your Door ${runId}`;
      await title.fill(newTitle);
      await dialog.getByRole('button', { name: 'Show preview' }).click();
      const preview = dialog.getByRole('figure', { name: 'Preview of the Two Rocks page' });
      await eventually(() => preview.getByText(newTitle).isVisible()).toBe(true);
      // The preview shows the phone, never a placeholder.
      expect(await preview.textContent()).not.toMatch(/\{(phone|business|days|days-short)\}/);
      await expectAccessible(page, '[role="dialog"]');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await eventually(() => toast(page, 'Suburb page for Two Rocks saved.').count()).toBeGreaterThan(0);
      await eventually(() => dialog.isVisible()).toBe(false);

      expect(await pageOverflow(page)).toBe(0);
      await page.goto('/suburb/two-rocks');
      expect(await page.title()).toBe(newTitle);
    } finally {
      // Wundowie goes back on the site for any later file on this server.
      const found = await api('GET', '/api/dashboard/suburb-pages?search=wundowie', cookie);
      const [wundowie] = (await found.json()) as AdminSuburbPage[];
      if (wundowie && !wundowie.isActive)
        await api('PATCH', `/api/dashboard/suburb-pages/${wundowie.id}`, cookie, { isActive: true });
    }
  });
});
