import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { suburbLandingPages } from '../db/schema';
import { seedReferenceData } from '../db/seed/reference';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import type { SuburbPage } from '../../shared/schemas/suburbs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.db, testConfig());
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/suburbs/mobile-tyres-{suburb}', () => {
  it('returns the landing page of a served suburb with its postcode, region and suburb-specific text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-mandurah' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as SuburbPage;
    expect(page).toMatchObject({ suburb: 'Mandurah', slug: 'mandurah', postcode: '6210', region: 'Peel Region' });
    expect(page.title).toContain('Mandurah');
    expect(page.description).toContain('6210');
    expect(page.content.split(/\n\s*\n/).length).toBeGreaterThanOrEqual(3);
    expect(page.content).toContain('Mandurah');
    expect(page.nearby?.length).toBeGreaterThan(0);
    expect(page.nearby?.every((n) => n.slug !== 'mandurah' && /^\d{4}$/.test(n.postcode))).toBe(true);
  });

  it('finds a multi-word suburb by its full slug and by the legacy first-space-only form', async () => {
    const full = await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-port-kennedy' });
    expect(full.statusCode).toBe(200);
    expect((full.json() as SuburbPage).suburb).toBe('Port Kennedy');
    const legacy = await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-white-gum%20valley' });
    expect(legacy.statusCode).toBe(200);
    expect((legacy.json() as SuburbPage).slug).toBe('white-gum-valley');
  });

  it('answers 404 Service Area Not Found for a suburb outside the service area', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-atlantis' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Service Area Not Found' });
  });

  it.each(['mobile-tyres-%252527%20or%201%3D1', 'mobile-tyres-rockingham%2527'])(
    'answers 404 Service Area Not Found for a slug that cannot be a suburb (%s)',
    async (path) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/suburbs/${path}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Service Area Not Found' });
    },
  );

  it('answers 404 for a suburb whose page has been deactivated', async () => {
    await t.db.update(suburbLandingPages).set({ isActive: false }).where(eq(suburbLandingPages.slug, 'wundowie'));
    const res = await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-wundowie' });
    expect(res.statusCode).toBe(404);
    await t.db.update(suburbLandingPages).set({ isActive: true }).where(eq(suburbLandingPages.slug, 'wundowie'));
  });
});
