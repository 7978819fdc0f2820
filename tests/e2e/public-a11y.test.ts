import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser';

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
});
