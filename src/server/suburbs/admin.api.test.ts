import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingHistory } from '../history/history';
import { seedReferenceData } from '../db/seed/reference';
import { suburbLandingPages } from '../db/schema';
import { settingLineCount } from '../../../tests/helpers/history-lines';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import type { AdminSuburbPage } from '../../shared/schemas/suburb-pages';

/**
 * The owner's suburb pages through the API (docs/decisions/284-suburb-pages-from-the-dashboard.md):
 * list, add, edit and (de)activate as an admin, each with its history lines; bad input refused with
 * the form's words and nothing written; a technician refused on every route.
 */

let t: TestApp;
let admin: string;
let adminName: string;
let technician: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.db, t.config);
  const [a, tech] = await Promise.all([signedInStaff(t, { role: 'admin' }), signedInStaff(t, { role: 'technician' })]);
  admin = a.cookie;
  adminName = a.user.username;
  technician = tech.cookie;
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = admin) =>
  t.app.inject({
    method,
    url: `/api/dashboard/suburb-pages${url}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
const pageCount = async () => (await t.db.select({ n: count() }).from(suburbLandingPages))[0]!.n;
const eventCount = () => settingLineCount(t.db);
const newSuburb = (over: object = {}) => ({
  suburb: 'Wattle Grove North',
  postcode: '6107',
  region: 'Perth Metro',
  title: 'Mobile Tyres Wattle Grove North | {business}',
  description: 'Mobile tyre fitting and puncture repair in Wattle Grove North WA 6107.',
  content: 'We come to Wattle Grove North.\n\nCall {phone} to book.',
  ...over,
});
async function pageOf(slug: string): Promise<AdminSuburbPage> {
  const res = await send('GET', `?search=${slug}&pageSize=5`);
  const found = (res.json() as AdminSuburbPage[]).find((p) => p.slug === slug);
  if (!found) throw new Error(`no page ${slug}`);
  return found;
}

describe('the suburb pages list', () => {
  it('pages through every suburb by name, with the total in X-Total-Count', async () => {
    const res = await send('GET', '?pageSize=10&page=2');
    expect(res.statusCode, res.body).toBe(200);
    const pages = res.json() as AdminSuburbPage[];
    expect(pages).toHaveLength(10);
    expect(Number(res.headers['x-total-count'])).toBe(await pageCount());
    expect([...pages.map((p) => p.suburb)].sort((a, b) => a.localeCompare(b))).toEqual(pages.map((p) => p.suburb));
  });

  it('finds by name or postcode, and filters by region and status', async () => {
    const byName = (await send('GET', '?search=mandu')).json() as AdminSuburbPage[];
    expect(byName.map((p) => p.suburb)).toContain('Mandurah');
    const byPostcode = (await send('GET', '?search=6210')).json() as AdminSuburbPage[];
    expect(byPostcode.length).toBeGreaterThan(0);
    expect(byPostcode.every((p) => p.postcode === '6210')).toBe(true);
    const peel = await send('GET', '?region=Peel%20Region&pageSize=100');
    expect((peel.json() as AdminSuburbPage[]).every((p) => p.region === 'Peel Region')).toBe(true);
    expect(Number(peel.headers['x-total-count'])).toBeLessThan(await pageCount());
    const inactive = await send('GET', '?status=inactive');
    expect((inactive.json() as AdminSuburbPage[]).every((p) => !p.isActive)).toBe(true);
  });

  it('refuses an unknown region or status with a message', async () => {
    const region = await send('GET', '?region=Narnia');
    expect(region.statusCode).toBe(400);
    expect(region.json().message).toContain('Region must be all or Perth Metro');
    const status = await send('GET', '?status=maybe');
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toBe('Status must be all, active or inactive');
  });
});

describe('adding a suburb', () => {
  it('stores the page under the slug the site makes from the name, with one history line', async () => {
    const res = await send('POST', '', newSuburb());
    expect(res.statusCode, res.body).toBe(201);
    const page = res.json() as AdminSuburbPage;
    expect(page).toMatchObject({
      suburb: 'Wattle Grove North',
      slug: 'wattle-grove-north',
      postcode: '6107',
      region: 'Perth Metro',
      isActive: true,
    });
    const history = await settingHistory(t.db, { subject: `suburb-page:${page.id}`, limit: 10, offset: 0 });
    expect(history.items).toEqual([
      expect.objectContaining({
        label: 'Wattle Grove North',
        kind: 'created',
        actor: adminName,
        to: '/suburb/wattle-grove-north',
      }),
    ]);
    const shown = await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-wattle-grove-north' });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().content).toContain(`Call ${t.config.business.phone} to book.`);
  });

  it('stores a typed copy of the business phone as its placeholder', async () => {
    const res = await send(
      'POST',
      '',
      newSuburb({ suburb: "O'Brien Flats", postcode: '6999', content: `Ring ${t.config.business.phone} now.` }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json() as AdminSuburbPage).toMatchObject({ slug: 'obrien-flats', content: 'Ring {phone} now.' });
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(61) }, 'Title must be at most 60 characters'],
    [{ description: 'x'.repeat(161) }, 'Description must be at most 160 characters'],
    [{ content: '  ' }, 'Content is required'],
    [{ postcode: '2000' }, 'Postcode must be 4 digits from 6000 to 6999 (Western Australia)'],
    [{ postcode: '61O7' }, 'Postcode must be 4 digits from 6000 to 6999 (Western Australia)'],
    [{ region: 'Narnia' }, 'Region must be one of Perth Metro, Peel Region, Hills and Extended'],
    [{ suburb: '' }, 'Suburb name is required'],
    [{ suburb: 'St. James/2' }, 'Suburb name may hold only letters, spaces, hyphens and apostrophes'],
  ])('refuses %j with 400 "%s" and writes nothing', async (over, message) => {
    const [pages, events] = [await pageCount(), await eventCount()];
    const res = await send('POST', '', newSuburb({ suburb: 'Nowhere Creek', ...over }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect([await pageCount(), await eventCount()]).toEqual([pages, events]);
  });

  it.each([
    ['Mandurah', 'Slug "mandurah" is already the page of Mandurah'],
    ['  mandurah ', 'Slug "mandurah" is already the page of Mandurah'],
    ['Port  Kennedy', 'Slug "port-kennedy" is already the page of Port Kennedy'],
  ])('refuses %j with 409 naming the page whose slug it would take, and writes nothing', async (suburb, message) => {
    const [pages, events] = [await pageCount(), await eventCount()];
    const res = await send('POST', '', newSuburb({ suburb }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(message);
    expect([await pageCount(), await eventCount()]).toEqual([pages, events]);
  });
});

describe('editing a suburb page', () => {
  it('changes the title, description and content with one history line each, and the public page shows them', async () => {
    const before = await pageOf('mandurah');
    const content = before.content.replace('Mandurah', 'Mandurah, on the Peel Inlet,');
    const res = await send('PATCH', `/${before.id}`, {
      title: 'Mobile Tyres Mandurah | Same Day',
      description: 'Tyres fitted at your door in Mandurah.',
      content,
    });
    expect(res.statusCode, res.body).toBe(200);
    const history = await settingHistory(t.db, { subject: `suburb-page:${before.id}`, limit: 10, offset: 0 });
    expect(history.items.map((e) => e.field).sort()).toEqual(['Content', 'Description', 'Title']);
    expect(history.items.find((e) => e.field === 'Title')).toMatchObject({
      label: 'Mandurah',
      kind: 'changed',
      actor: adminName,
      from: before.title,
      to: 'Mobile Tyres Mandurah | Same Day',
    });
    const contentLine = history.items.find((e) => e.field === 'Content')!;
    expect(contentLine.to).toContain('on the Peel Inlet');
    expect(contentLine.to!.length).toBeLessThan(200);
    const shown = (await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-mandurah' })).json();
    expect(shown).toMatchObject({
      title: 'Mobile Tyres Mandurah | Same Day',
      description: 'Tyres fitted at your door in Mandurah.',
    });
    expect(shown.content).toContain('Mandurah, on the Peel Inlet,');
  });

  it('deactivates and activates a page, with an Active history line each time; the public page answers 404 meanwhile', async () => {
    const page = await pageOf('joondalup');
    const off = await send('PATCH', `/${page.id}`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-joondalup' })).statusCode).toBe(404);
    expect((await send('PATCH', `/${page.id}`, { isActive: true })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-joondalup' })).statusCode).toBe(200);
    const history = await settingHistory(t.db, { subject: `suburb-page:${page.id}`, limit: 10, offset: 0 });
    expect(history.items.map((e) => [e.kind, e.field, e.from, e.to])).toEqual([
      ['activated', 'Active', 'No', 'Yes'],
      ['deactivated', 'Active', 'Yes', 'No'],
    ]);
  });

  it('writes no history line when nothing changes', async () => {
    const page = await pageOf('perth');
    const events = await eventCount();
    const res = await send('PATCH', `/${page.id}`, { title: page.title, isActive: page.isActive });
    expect(res.statusCode).toBe(200);
    expect(await eventCount()).toBe(events);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(61) }, 'Title must be at most 60 characters'],
    [{ description: 'x'.repeat(161) }, 'Description must be at most 160 characters'],
    [{ content: '' }, 'Content is required'],
    [{ isActive: 'no' }, 'Active must be true or false'],
    [{}, 'Nothing to change: give a title, description, content or active'],
  ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
    const page = await pageOf('rockingham');
    const events = await eventCount();
    const res = await send('PATCH', `/${page.id}`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await pageOf('rockingham')).toEqual(page);
    expect(await eventCount()).toBe(events);
  });

  it('answers 404 for a page that does not exist', async () => {
    expect((await send('PATCH', '/00000000-0000-4000-8000-000000000000', { isActive: false })).statusCode).toBe(404);
    expect((await send('PATCH', '/not-an-id', { isActive: false })).statusCode).toBe(404);
  });
});

describe('a technician', () => {
  it('is refused with 403 on every suburb pages route, and nothing changes', async () => {
    const page = await pageOf('armadale');
    const events = await eventCount();
    const answers = await Promise.all([
      send('GET', '', undefined, technician),
      send('POST', '', newSuburb({ suburb: 'Technician Town' }), technician),
      send('PATCH', `/${page.id}`, { isActive: false }, technician),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403]);
    expect(await pageOf('armadale')).toEqual(page);
    expect(await eventCount()).toBe(events);
    const [row] = await t.db
      .select({ n: count() })
      .from(suburbLandingPages)
      .where(eq(suburbLandingPages.suburb, 'Technician Town'));
    expect(row!.n).toBe(0);
  });
});
