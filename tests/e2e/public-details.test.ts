import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser';

const browser = useBrowser();

describe('public page details', () => {
  it('terms name the business without a double full stop after "Co."', async () => {
    const page = await browser.newPage();
    expect((await page.goto('/terms'))?.status()).toBe(200);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('employees of Mobile Tyre & Battery Co. We arrange');
    expect(text).not.toContain('..');
  });

  it('on a desktop the header, the hero, the sections and the footer start at one left edge', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await page.goto('/');
    const left = async (selector: string) => (await page.locator(selector).first().boundingBox())!.x;
    const logo = await left('header a[href="/"]');
    expect(await left('h1')).toBe(logo);
    expect(await left('#services-title')).toBe(logo);
    expect(await left('footer p')).toBe(logo);
  });
});
