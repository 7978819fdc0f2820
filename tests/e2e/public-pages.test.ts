import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FEATURED_SUBURBS, REGIONS, suburbSlug } from '../../src/shared/reference/service-area';
import { useBrowser } from '../helpers/browser';

const browser = useBrowser();
const PHONE = '08 5550 1234';
const TEL = 'tel:0855501234';
const PHONE_SIZE = { width: 390, height: 844 };

/** Collects page errors and console errors (a hydration mismatch shows up as one). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

async function hydrated(page: Page) {
  // The booking buttons only work once React has hydrated; wait for the entry script to have run.
  await page.waitForLoadState('networkidle');
}

describe('public pages', () => {
  it('home shows the hero, the four services, the claims, payments, the promotion, 42 suburb tiles and the footer', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(
      /Mobile tyres, puncture repair and batteries/,
    );
    const services = page.locator('#services');
    for (const name of ['New Tyres', 'Puncture Repair', 'Mobile Battery Service', 'Mobile Tyre Service']) {
      expect(await services.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);
    }
    const servicesText = await services.textContent();
    expect(servicesText).toContain('From $139');
    expect(servicesText).toContain('$40');
    expect(servicesText).toContain('Quote on site');
    const body = (await page.locator('main').textContent()) ?? '';
    for (const claim of [
      '350+ suburbs',
      '20+ years',
      '12-month warranty',
      'Same or next day',
      'Mon-Fri 8am-4pm',
      '30-60 minute response',
      'Save $30 when you book and pay online',
    ]) {
      expect(body).toContain(claim);
    }
    // Afterpay and Zip are promised only while the owner has them on (checkout-pay-later.test.ts).
    for (const pay of ['Visa, Mastercard and Amex', 'EFTPOS', 'PayID', 'Cash']) expect(body).toContain(pay);
    for (const region of REGIONS)
      expect(await page.locator('#areas').getByRole('heading', { name: region }).isVisible()).toBe(true);
    expect(await page.locator('#areas a[href^="/suburb/"]').count()).toBe(42);

    const footer = page.locator('footer');
    expect(await footer.textContent()).toContain('ABN 00 000 000 000');
    expect(await footer.getByRole('link', { name: PHONE }).getAttribute('href')).toBe(TEL);
    expect(await footer.getByRole('link', { name: 'bookings@example.com' }).getAttribute('href')).toBe(
      'mailto:bookings@example.com',
    );
    for (const [name, href] of [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['About Us', '/about'],
    ]) {
      expect(await footer.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(await page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(TEL);
    expect(errors).toEqual([]);
  });

  it.each(['Book Service Now', 'Book Home Service', 'Get Roadside Help', 'Check Service Availability', 'Book Now'])(
    'home button "%s" opens the booking dialog',
    async (name) => {
      const page = await browser.newPage();
      const errors = watchErrors(page);
      await page.goto('/');
      await hydrated(page);
      await page.getByRole('button', { name, exact: true }).first().click();
      await expect.poll(() => page.getByRole('dialog').isVisible(), { timeout: 10_000 }).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(errors).toEqual([]);
    },
  );

  it('about shows its stats, story, four values, booking buttons and contact section', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    expect((await page.goto('/about'))?.status()).toBe(200);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('About Mobile Tyre & Battery Co.');
    expect(await page.getByText('Years of experience').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Our Story' }).isVisible()).toBe(true);
    for (const value of ['Customer First', 'Quality Guaranteed', 'Convenience', 'Professional Service']) {
      expect(await page.getByRole('heading', { name: value, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('heading', { name: 'Contact Us' }).isVisible()).toBe(true);
    expect(await page.locator('main').getByRole('link', { name: PHONE }).getAttribute('href')).toBe(TEL);
    await page.locator('main').getByRole('button', { name: 'Book Service Now' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(errors).toEqual([]);
  });

  it('privacy states what is collected, why, how long it is kept and the Australian Privacy Principles', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    expect((await page.goto('/privacy'))?.status()).toBe(200);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Policy');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Last updated October 2024');
    for (const s of [
      'Australian Privacy Principles',
      'Contact details',
      'Vehicle details',
      'Service address',
      'Photos',
      'Why we collect it',
      'How long we keep it',
    ]) {
      expect(text).toContain(s);
    }
    expect(errors).toEqual([]);
  });

  it('terms carry every booking term: quotes, cancellation refunds, no-shows, prepaid', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    expect((await page.goto('/terms'))?.status()).toBe(200);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Terms of Service');
    const text = (await page.locator('main').textContent()) ?? '';
    for (const s of [
      'Last updated October 2024',
      'is a booking platform',
      'independent service providers',
      'Quotes are valid for 7 days',
      'Cancel 24 hours or more before your booked time: full refund',
      'Cancel between 12 and 24 hours before your booked time: 50% refund',
      'Cancel less than 12 hours before your booked time: no refund',
      'No-shows',
      'charged in full',
      'Prepaid bookings are non-refundable once the work has been completed',
    ]) {
      expect(text).toContain(s);
    }
    expect(errors).toEqual([]);
  });

  it('a suburb page shows its own server-rendered content and books with that suburb', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    expect((await page.goto('/suburb/mandurah'))?.status()).toBe(200);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Mobile Tyres Mandurah');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('6210');
    expect(text).toContain('Peel Region');
    expect(await page.getByRole('heading', { name: 'Nearby suburbs we also service' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Book in Mandurah' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(errors).toEqual([]);
  });

  it('the /mobile-tyres-{suburb} form shows the same landing page', async () => {
    const page = await browser.newPage();
    expect((await page.goto('/mobile-tyres-joondalup'))?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Mobile Tyres Joondalup');
  });

  it('an unknown suburb answers 404 with Service Area Not Found and a Check Service Availability button', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    expect((await page.goto('/suburb/atlantis'))?.status()).toBe(404);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Service Area Not Found');
    await page.getByRole('button', { name: 'Check Service Availability' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible(), { timeout: 10_000 }).toBe(true);
    // The 404 status itself is reported by the browser as a failed resource load; nothing else may fail.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  it('an unknown path answers 404 with Page Not Found, Back to Home, a call link and the hours', async () => {
    const page = await browser.newPage();
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(
      await page
        .locator('main')
        .getByRole('link', { name: `Call ${PHONE}` })
        .getAttribute('href'),
    ).toBe(TEL);
    expect(await page.locator('main').textContent()).toContain('Mon-Fri 8am-4pm');
  });
});

describe('featured suburb tiles', () => {
  it('every tile links to /suburb/{slug} of its suburb and lands on a real page', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const tiles = await page
      .locator('#areas a[href^="/suburb/"]')
      .evaluateAll((as) => as.map((a) => ({ name: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' })));
    const expected = REGIONS.flatMap((r) =>
      FEATURED_SUBURBS[r].map((s) => ({ name: s.name, href: `/suburb/${suburbSlug(s.name)}` })),
    );
    expect(tiles).toEqual(expected);
    for (const tile of tiles) {
      const res = await fetch(`${browser.baseUrl}${tile.href}`);
      expect(res.status, tile.href).toBe(200);
      expect(await res.text()).toContain(`Mobile Tyres ${tile.name}</h1>`);
    }
  });
});

describe('navigation', () => {
  it('on a desktop shows Services, Areas, About and Book Now in the bar, and no floating call button', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Services' }).getAttribute('href')).toBe('/#services');
    expect(await nav.getByRole('link', { name: 'Areas' }).getAttribute('href')).toBe('/#areas');
    expect(await nav.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
    expect(await nav.getByRole('link', { name: 'Mobile Tyre & Battery Co.' }).getAttribute('href')).toBe('/');
    expect(await nav.getByRole('button', { name: 'Book Now' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: `Call ${PHONE}`, exact: true }).isVisible()).toBe(false);
  });

  it('on a 390 px phone shows the round floating call button and hides the links behind the menu', async () => {
    const page = await browser.newPage(PHONE_SIZE);
    await page.goto('/');
    const call = page.getByRole('link', { name: `Call ${PHONE}`, exact: true });
    expect(await call.isVisible()).toBe(true);
    expect(await call.getAttribute('href')).toBe(TEL);
    const box = await call.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeGreaterThan(PHONE_SIZE.width - 40);
    expect(box!.y + box!.height).toBeGreaterThan(PHONE_SIZE.height - 40);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).isVisible()).toBe(
      false,
    );
  });

  it('the phone drawer opens on the right and closes when a link is chosen', async () => {
    const page = await browser.newPage(PHONE_SIZE);
    const errors = watchErrors(page);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    const box = await drawer.boundingBox();
    expect(Math.round(box!.x + box!.width)).toBe(PHONE_SIZE.width);
    await drawer.getByRole('link', { name: 'Services' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => page.url()).toMatch(/#services$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/about');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('About Mobile Tyre & Battery Co.');
    expect(errors).toEqual([]);
  });

  it('the phone drawer closes when Book Now is chosen and the booking dialog opens instead', async () => {
    const page = await browser.newPage(PHONE_SIZE);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Book Now' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('dialog').isVisible(), { timeout: 10_000 }).toBe(true);
  });

  it('the phone drawer closes when Call Now is chosen, which dials the business number', async () => {
    const page = await browser.newPage(PHONE_SIZE);
    await page.goto('/');
    await hydrated(page);
    // Keep the browser from leaving for the dialler; the page's own click handling still runs.
    await page.evaluate(() =>
      window.addEventListener(
        'click',
        (e) => (e.target as Element).closest('a[href^="tel:"]') && e.preventDefault(),
        true,
      ),
    );
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    const callNow = drawer.getByRole('link', { name: 'Call Now' });
    expect(await callNow.getAttribute('href')).toBe(TEL);
    await callNow.click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
  });
});
