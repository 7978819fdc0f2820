import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { suburbLandingPages } from '../db/schema';
import { seedReferenceData } from '../db/seed/reference';
import { SERVICE_AREA } from '../../shared/reference/service-area';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = testConfig().publicBaseUrl;
  await seedReferenceData(t.db, testConfig());
});
afterAll(async () => {
  await t.close();
});

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

describe('GET /sitemap.xml', () => {
  it('lists every public page and every active suburb page under the public base URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('xml');
    const urls = locs(res.body);
    for (const p of ['/', '/about', '/privacy', '/terms']) expect(urls).toContain(`${base}${p}`);
    const suburbs = urls.filter((u) => u.startsWith(`${base}/suburb/`));
    expect(suburbs.length).toBe(SERVICE_AREA.length);
    expect(suburbs.length).toBeGreaterThanOrEqual(350);
    expect(suburbs).toContain(`${base}/suburb/mandurah`);
    expect(suburbs).toContain(`${base}/suburb/port-kennedy`);
    expect(urls.some((u) => /dashboard|checkout|auth|\/api/.test(u))).toBe(false);
  });

  it('leaves out a deactivated suburb page', async () => {
    await t.db.update(suburbLandingPages).set({ isActive: false }).where(eq(suburbLandingPages.slug, 'mandurah'));
    const urls = locs((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    expect(urls).not.toContain(`${base}/suburb/mandurah`);
    await t.db.update(suburbLandingPages).set({ isActive: true }).where(eq(suburbLandingPages.slug, 'mandurah'));
  });
});

describe('GET /robots.txt', () => {
  it('allows the public site, keeps crawlers out of staff, checkout and API paths, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/dashboard', '/auth', '/checkout', '/api']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});
