import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser';

const browser = useBrowser();

describe('smoke', () => {
  it('opens the home page and shows its heading and call button', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    expect(await page.title()).toContain('Mobile Tyre');
    expect(
      await page
        .getByRole('link', { name: /08 5550 1234/ })
        .first()
        .getAttribute('href'),
    ).toBe('tel:0855501234');
    expect(errors).toEqual([]);
  });

  it('answers an unknown path with the 404 page', async () => {
    const page = await browser.newPage();
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
  });
});
