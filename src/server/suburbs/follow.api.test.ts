import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomePageData } from '../../shared/schemas/suburbs';
import type { AdminSuburbPage } from '../../shared/schemas/suburb-pages';
import { seedReferenceData } from '../db/seed/reference';
import { loadPublicPage } from '../seo/page-data';
import { createSettingsStore } from '../settings/store';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';

/**
 * The sitemap and the home page's suburb boxes follow the owner's changes at once (docs/product.md
 * "Public pages"; docs/decisions/284-suburb-pages-from-the-dashboard.md).
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.db, t.config);
  admin = (await signedInStaff(t, { role: 'admin' })).cookie;
});
afterAll(async () => {
  await t?.close();
});

const sitemap = async () => (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
const loc = (slug: string) => `<loc>${t.config.publicBaseUrl}/suburb/${slug}</loc>`;
async function homeBoxes(): Promise<HomePageData['featured']> {
  const settings = createSettingsStore({ db: t.db, config: t.config }, t.app.publicChanges);
  const { page } = await loadPublicPage({ name: 'home' }, { db: t.db, config: t.config, settings });
  return (page as HomePageData).featured;
}
const namesIn = (boxes: HomePageData['featured'], region: string) =>
  boxes.find((b) => b.region === region)!.suburbs.map((s) => s.name);
const patch = (id: string, body: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/dashboard/suburb-pages/${id}`,
    headers: { cookie: admin },
    payload: body,
  });

describe('the sitemap and the home page follow the suburb pages', () => {
  it('a deactivated page leaves both at once, and comes back when activated', async () => {
    const [mandurah] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/dashboard/suburb-pages?search=mandurah',
        headers: { cookie: admin },
      })
    ).json() as AdminSuburbPage[];
    expect(await sitemap()).toContain(loc('mandurah'));
    expect(namesIn(await homeBoxes(), 'Peel Region')).toContain('Mandurah');

    expect((await patch(mandurah!.id, { isActive: false })).statusCode).toBe(200);
    expect(await sitemap()).not.toContain(loc('mandurah'));
    expect(namesIn(await homeBoxes(), 'Peel Region')).not.toContain('Mandurah');

    expect((await patch(mandurah!.id, { isActive: true })).statusCode).toBe(200);
    expect(await sitemap()).toContain(loc('mandurah'));
    expect(namesIn(await homeBoxes(), 'Peel Region')).toContain('Mandurah');
  });

  it('an added suburb is in the sitemap and in its region on the home page at once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/suburb-pages',
      headers: { cookie: admin },
      payload: {
        suburb: 'Lake Clifton East',
        postcode: '6215',
        region: 'Peel Region',
        title: 'Mobile Tyres Lake Clifton East',
        description: 'Mobile tyres at your door in Lake Clifton East.',
        content: 'We come to you. Call {phone}.',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await sitemap()).toContain(loc('lake-clifton-east'));
    const boxes = await homeBoxes();
    expect(namesIn(boxes, 'Peel Region')).toContain('Lake Clifton East');
    expect(namesIn(boxes, 'Perth Metro')).not.toContain('Lake Clifton East');
  });
});
