import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkChangeResult, TyrePrice } from '../../shared/schemas/tyre-prices';
import { tyreStockPricing } from '../db/schema';
import { historyLines } from '../../../tests/helpers/history-lines';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/** The owner's price list (decisions 280, 281): search, add, inline edit, deactivate, bulk change, history. */

let t: TestApp;
let admin: { cookie: string };
let tech: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  [admin, tech] = await Promise.all([signedInStaff(t, { role: 'admin' }), signedInStaff(t, { role: 'technician' })]);
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = admin.cookie) =>
  t.app.inject({
    method,
    url: `/api/dashboard/tyre-prices${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const add = async (over: object = {}) => {
  const res = await req('POST', '', {
    size: '205/55R16',
    brand: 'Michelin',
    model: 'Primacy 4',
    purchasePrice: '120',
    retailPrice: '159.00',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TyrePrice>();
};
const lookup = (size: string) => t.app.inject({ method: 'GET', url: `/api/tyre-pricing/${encodeURIComponent(size)}` });
const historyOf = (id: string) => historyLines(t.db, `tyre-price:${id}`);

describe('adding and editing a price list row', () => {
  let row: TyrePrice;
  it('adds a row with its size normalised and its margin in dollars and per cent', async () => {
    row = await add({ size: '205 55 r16' });
    expect(row).toMatchObject({
      size: '205/55R16',
      brand: 'Michelin',
      model: 'Primacy 4',
      purchasePrice: '120.00',
      retailPrice: '159.00',
      margin: '39.00',
      marginPercent: 24.5,
      stock: null,
      isActive: true,
    });
    expect((await lookup('205/55R16')).json()).toEqual({ price: '159.00' });
    expect(await historyOf(row.id)).toMatchObject([{ kind: 'created', label: '205/55R16 Michelin Primacy 4' }]);
  });

  it('refuses the same size, brand and model again (names in any case) with 409 naming it', async () => {
    const res = await req('POST', '', {
      size: '205/55R16',
      brand: 'MICHELIN',
      model: 'primacy 4',
      purchasePrice: '1',
      retailPrice: '2',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('205/55R16 MICHELIN primacy 4 is already on the price list.');
  });

  it.each([
    [{ size: '205' }, 'Size must be a tyre size like 205/55R16'],
    [{ brand: ' ' }, 'Brand is required'],
    [{ retailPrice: '0' }, 'Retail price must be a dollar amount above 0, with at most 2 decimals'],
    [{ retailPrice: 'abc' }, 'Retail price must be a dollar amount above 0, with at most 2 decimals'],
    [{ retailPrice: '1.234' }, 'Retail price must be a dollar amount above 0, with at most 2 decimals'],
    [{ purchasePrice: '-1' }, 'Purchase price must be a dollar amount, 0 or more, with at most 2 decimals'],
    [{ retailPrice: '100000' }, 'Retail price must be at most $99,999.99'],
    [{ stock: -1 }, 'Stock must be a whole number, 0 or more (empty: not tracked)'],
    [{ stock: '2.5' }, 'Stock must be a whole number, 0 or more (empty: not tracked)'],
  ])('refuses %o: %s', async (over, message) => {
    const res = await req('POST', '', {
      size: '185/60R15',
      brand: 'Test',
      model: 'Refused',
      purchasePrice: '50',
      retailPrice: '80',
      ...over,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('edits retail, purchase and stock inline, one history line per changed field (old -> new)', async () => {
    const res = await req('PATCH', `/${row.id}`, { retailPrice: '165', purchasePrice: '120.00', stock: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ retailPrice: '165.00', margin: '45.00', stock: 4 });
    const lines = (await historyOf(row.id)).slice(1);
    expect(lines.map((l) => [l.kind, l.field, l.from, l.to])).toEqual([
      ['changed', 'Retail price', '$159.00', '$165.00'],
      ['changed', 'Stock', 'not tracked', '4'],
    ]);
  });

  it('stock 0 answers the callback; deactivating and activating are recorded', async () => {
    await req('PATCH', `/${row.id}`, { stock: 0 });
    expect((await lookup('205/55R16')).statusCode).toBe(404);
    await req('PATCH', `/${row.id}`, { stock: null, isActive: false });
    expect((await lookup('205/55R16')).statusCode).toBe(404);
    await req('PATCH', `/${row.id}`, { isActive: true });
    expect((await lookup('205/55R16')).json()).toEqual({ price: '165.00' });
    const kinds = (await historyOf(row.id)).slice(3).map((l) => [l.kind, l.field, l.from, l.to]);
    expect(kinds).toEqual([
      ['changed', 'Stock', '4', '0'],
      ['changed', 'Stock', '0', 'not tracked'],
      ['deactivated', 'Active', 'yes', 'no'],
      ['activated', 'Active', 'no', 'yes'],
    ]);
  });

  it('refuses an edit that would clash with another row, and an unknown row', async () => {
    const other = await add({ model: 'Pilot Sport 4' });
    const res = await req('PATCH', `/${other.id}`, { model: 'Primacy 4' });
    expect(res.statusCode).toBe(409);
    expect((await req('PATCH', '/00000000-0000-4000-8000-000000000000', { stock: 1 })).statusCode).toBe(404);
    expect((await req('PATCH', '/not-an-id', { stock: 1 })).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('searches by size (however typed) or brand, marks inactive rows and pages', async () => {
    const off = await add({
      size: '175/65R14',
      brand: 'Dunlop',
      model: 'SP Touring',
      purchasePrice: '60',
      retailPrice: '95',
    });
    await req('PATCH', `/${off.id}`, { isActive: false });
    const bySize = await req('GET', '?search=175%2065%20r14');
    expect(bySize.json().map((r: TyrePrice) => [r.model, r.isActive])).toEqual([['SP Touring', false]]);
    const byBrand = await req('GET', '?search=michelin&pageSize=1');
    expect(byBrand.headers['x-total-count']).toBe('2');
    expect(byBrand.json()).toHaveLength(1);
  });

  it('marks the row customers are quoted for each size: the cheapest active one in stock', async () => {
    const dear = await add({ size: '195/65R15', brand: 'Kumho', model: 'Ecsta', retailPrice: '189' });
    const cheap = await add({ size: '195/65R15', brand: 'Hankook', model: 'Kinergy', retailPrice: '139' });
    const quoted = async () =>
      (await req('GET', '?search=195%2F65R15')).json<TyrePrice[]>().map((r) => [r.brand, r.quotedToCustomers]);
    expect(await quoted()).toEqual([
      ['Hankook', true],
      ['Kumho', false],
    ]);
    await req('PATCH', `/${cheap.id}`, { stock: 0 });
    expect(await quoted()).toEqual([
      ['Hankook', false],
      ['Kumho', true],
    ]);
    expect((await lookup('195/65R15')).json()).toEqual({ price: '189.00' });
    await req('PATCH', `/${dear.id}`, { isActive: false });
    expect(await quoted()).toEqual([
      ['Hankook', false],
      ['Kumho', false],
    ]);
  });
});

describe('bulk change', () => {
  it('retail +5% for a brand: the dry run lists each row old -> new and writes nothing; apply writes them with history', async () => {
    const a = await add({
      size: '215/60R17',
      brand: 'Bridgestone',
      model: 'Turanza',
      purchasePrice: '150',
      retailPrice: '210.00',
    });
    const b = await add({
      size: '225/65R17',
      brand: 'Bridgestone',
      model: 'Dueler',
      purchasePrice: '160',
      retailPrice: '229.90',
    });
    const body = { filter: { brand: 'bridgestone' }, change: { field: 'retail', percent: 5 } };
    const dry = await req('POST', '/bulk', { ...body, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<BulkChangeResult>()).toEqual({
      applied: false,
      field: 'retail',
      changes: [
        { id: a.id, label: '215/60R17 Bridgestone Turanza', from: '210.00', to: '220.50' },
        { id: b.id, label: '225/65R17 Bridgestone Dueler', from: '229.90', to: '241.40' },
      ],
    });
    expect((await lookup('215/60R17')).json()).toEqual({ price: '210.00' });

    const applied = await req('POST', '/bulk', { ...body, dryRun: false });
    expect(applied.json().applied).toBe(true);
    expect((await lookup('215/60R17')).json()).toEqual({ price: '220.50' });
    expect((await historyOf(b.id)).at(-1)).toMatchObject({
      kind: 'bulk-changed',
      field: 'Retail price',
      from: '$229.90',
      to: '$241.40',
      note: 'Retail price +5% (brand bridgestone)',
    });
  });

  it('by rim size and amount; refuses a change that would take a price to 0 or below, changing nothing', async () => {
    const res = await req('POST', '/bulk', {
      filter: { rimSize: 17 },
      change: { field: 'purchase', amount: '-10' },
      dryRun: true,
    });
    expect(res.json().changes.map((c: { from: string; to: string }) => [c.from, c.to])).toEqual([
      ['150.00', '140.00'],
      ['160.00', '150.00'],
    ]);
    const byText = await req('POST', '/bulk', {
      filter: { rimSize: '17', brand: '' },
      change: { field: 'retail', percent: '-10%', amount: '' },
      dryRun: true,
    });
    expect(byText.json().changes.map((c: { to: string }) => c.to)).toEqual(['198.45', '217.26']);
    expect(res.json().changes.map((c: { label: string }) => c.label)).toEqual([
      '215/60R17 Bridgestone Turanza',
      '225/65R17 Bridgestone Dueler',
    ]);
    const tooFar = await req('POST', '/bulk', {
      filter: { rimSize: 17 },
      change: { field: 'retail', amount: '-300' },
      dryRun: false,
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toContain('must be a number above 0. Nothing was changed.');
    const [row] = await t.db.select().from(tyreStockPricing).where(eq(tyreStockPricing.size, '215/60R17'));
    expect(row!.retailPrice).toBe('220.50');
  });

  it.each([
    [{ field: 'retail' }, 'Give a percentage or an amount, not both'],
    [{ field: 'retail', percent: 5, amount: '1' }, 'Give a percentage or an amount, not both'],
    [{ field: 'retail', percent: 0 }, 'The change must not be zero'],
    [{ field: 'retail', percent: 'ten' }, 'Percent must be a number with at most 2 decimals'],
    [{ field: 'stock', percent: 5 }, 'Field must be retail or purchase'],
  ])('refuses the change %o: %s', async (change, message) => {
    const res = await req('POST', '/bulk', { change, dryRun: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('who may use the price list', () => {
  it.each([
    ['GET', ''],
    ['POST', ''],
    ['PATCH', '/00000000-0000-4000-8000-000000000000'],
    ['POST', '/bulk'],
    ['POST', '/import'],
  ] as const)('%s %s: a technician gets 403, nobody signed in 401', async (method, url) => {
    expect((await req(method, url, method === 'GET' ? undefined : {}, tech.cookie)).statusCode).toBe(403);
    expect((await req(method, url, method === 'GET' ? undefined : {}, '')).statusCode).toBe(401);
  });
});
