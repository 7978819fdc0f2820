import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_MESSAGE } from '../../shared/domain/pricing';
import { PREPAY_NOT_AVAILABLE_MESSAGE } from '../../shared/schemas/booking';
import type { ImportResult } from '../../shared/schemas/tyre-prices';
import { tyreStockPricing } from '../db/schema';
import { historyLines, settingLineCount } from '../../../tests/helpers/history-lines';
import { bookingBody, freshClientAddress } from '../../../tests/helpers/bookings';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/** The supplier CSV import (decision 282), through the real app and the public price lookup. */

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

type Query = { dryRun?: boolean; skipRefused?: boolean; deactivateMissing?: boolean };
async function importFile(
  content: string | Buffer,
  query: Query = {},
  cookie = admin.cookie,
  filename = 'supplier.csv',
) {
  const form = new FormData();
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), filename);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  const search = new URLSearchParams(Object.entries({ dryRun: true, ...query }).map(([k, v]) => [k, String(v)]));
  return t.app.inject({
    method: 'POST',
    url: `/api/dashboard/tyre-prices/import?${search}`,
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')!, cookie },
  });
}
const lookup = (size: string) => t.app.inject({ method: 'GET', url: `/api/tyre-pricing/${encodeURIComponent(size)}` });
const priceRows = async (size: string) => t.db.select().from(tyreStockPricing).where(eq(tyreStockPricing.size, size));
const historyCount = () => settingLineCount(t.db);

const FIVE_LINES = [
  'Size,Brand,Model,Purchase Price,Retail Price,Stock',
  '245/40R18,Michelin,Pilot Sport 5,210.00,289.00,8',
  '245/40R18,Falken,Azenis FK520,140,199.50,',
  '245/40R18,Hankook,Ventus S1,150,0,4',
  '225/45R17,Michelin,Primacy 4,160,219,6',
  '24540R18X,Hankook,Ventus Prime,120,170,2',
].join('\n');

describe('importing a supplier file with refused lines', () => {
  it('dry run names the 2 refused lines by number and column, and changes nothing', async () => {
    const before = await historyCount();
    const res = await importFile(FIVE_LINES);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ImportResult>();
    expect(body.applied).toBe(false);
    expect(body.summary).toEqual({ added: 3, changed: 0, unchanged: 0, refused: 2 });
    expect(body.errors).toEqual([
      {
        line: 4,
        column: 'retail price',
        message: 'line 4, retail price: must be a dollar amount above 0, with at most 2 decimals',
      },
      { line: 6, column: 'size', message: 'line 6, size: must be a tyre size like 205/55R16' },
    ]);
    expect(body.changes.map((c) => [c.line, c.kind, c.label])).toEqual([
      [2, 'added', '245/40R18 Michelin Pilot Sport 5'],
      [3, 'added', '245/40R18 Falken Azenis FK520'],
      [5, 'added', '225/45R17 Michelin Primacy 4'],
    ]);
    expect(await priceRows('245/40R18')).toEqual([]);
    expect(await historyCount()).toBe(before);
    expect((await lookup('245/40R18')).statusCode).toBe(404);
  });

  it('applied without skipping refused lines writes nothing and answers 400 with the same report', async () => {
    const res = await importFile(FIVE_LINES, { dryRun: false });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      applied: false,
      summary: { added: 3, refused: 2 },
      message: expect.stringContaining('2 lines were refused, so nothing was imported'),
    });
    expect(await priceRows('245/40R18')).toEqual([]);
  });

  it('applied with skipRefused writes the good lines: the public lookup answers the new retail price, with history', async () => {
    const res = await importFile(FIVE_LINES, { dryRun: false, skipRefused: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, summary: { added: 3, changed: 0, unchanged: 0, refused: 2 } });
    expect((await lookup('245/40R18')).json()).toEqual({ price: '199.50' });
    expect((await lookup('225 45 r17')).json()).toEqual({ price: '219.00' });
    const [falken] = await t.db.select().from(tyreStockPricing).where(eq(tyreStockPricing.model, 'Azenis FK520'));
    expect(falken).toMatchObject({ purchasePrice: '140.00', retailPrice: '199.50', stock: null, isActive: true });
    const lines = await historyLines(t.db, 'tyre-price:%');
    expect(lines.find((l) => l.subject === 'tyre-price:import')).toMatchObject({
      kind: 'imported',
      note: '3 added, 0 changed, 0 unchanged, 2 refused',
      label: 'Supplier file supplier.csv',
    });
    expect(lines.find((l) => l.subject === `tyre-price:${falken!.id}`)).toMatchObject({
      kind: 'created',
      label: '245/40R18 Falken Azenis FK520',
      note: expect.stringContaining('Retail price $199.50'),
    });
  });

  it('the same file again changes nothing and writes no history', async () => {
    const before = await historyCount();
    const rowsBefore = await priceRows('245/40R18');
    const res = await importFile(FIVE_LINES, { dryRun: false, skipRefused: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      applied: false,
      summary: { added: 0, changed: 0, unchanged: 3, refused: 2 },
      changes: [],
    });
    expect(await historyCount()).toBe(before);
    expect(await priceRows('245/40R18')).toEqual(rowsBefore);
  });

  it('a changed price shows old -> new on the dry run, then in the history and the lookup', async () => {
    const file = 'size;brand;model;purchase price;retail price\n245/40R18;FALKEN;azenis fk520;$145.00;$1,189.00\n';
    const dry = (await importFile(file)).json<ImportResult>();
    expect(dry.changes).toEqual([
      {
        line: 2,
        kind: 'changed',
        id: expect.any(String),
        label: '245/40R18 Falken Azenis FK520',
        fields: [
          { field: 'Purchase price', from: '$140.00', to: '$145.00' },
          { field: 'Retail price', from: '$199.50', to: '$1,189.00' },
        ],
      },
    ]);
    const res = await importFile(file, { dryRun: false });
    expect(res.json().summary).toEqual({ added: 0, changed: 1, unchanged: 0, refused: 0 });
    const history = await historyLines(t.db, `tyre-price:${dry.changes[0]!.id}`);
    expect(history.filter((h) => h.kind === 'imported').map((h) => [h.field, h.from, h.to])).toEqual([
      ['Purchase price', '$140.00', '$145.00'],
      ['Retail price', '$199.50', '$1,189.00'],
    ]);
    // Michelin (289.00) is now the cheapest for the size.
    expect((await lookup('245/40R18')).json()).toEqual({ price: '289.00' });
  });
});

describe('supplier file formats and limits', () => {
  it('reads a semicolon file with a BOM and "$1,234.50" money', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const res = await importFile(
      Buffer.concat([
        bom,
        Buffer.from(
          'Size;Brand;Model;purchase_price;Retail Price\r\n315/80R22;Bridgestone;R-Steer 002;"$1,050.00";"$1,234.50"\r\n',
        ),
      ]),
      { dryRun: false },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toEqual({ added: 1, changed: 0, unchanged: 0, refused: 0 });
    expect((await lookup('315/80R22')).json()).toEqual({ price: '1234.50' });
  });

  it('refuses a file over 2 MB with 413, writing nothing', async () => {
    const line = '205/55R16,Brand,Model Name That Is Long Enough To Fill The File,100,150\n';
    const big =
      'size,brand,model,purchase price,retail price\n' + line.repeat(Math.ceil((2 * 1024 * 1024) / line.length) + 10);
    const res = await importFile(big, { dryRun: false });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than 2 MB. Split it into smaller files and import each.');
  });

  it.each([
    ['an empty file', '', 'The file is empty.'],
    [
      'a header only',
      'size,brand,model,purchase price,retail price\n',
      'The file has a header row but no price lines.',
    ],
    ['wrong columns', 'tyre,maker,price\n205/55R16,X,100\n', 'missing: size, brand, model, purchase price'],
  ])('refuses %s with a clear message (400)', async (_name, content, message) => {
    const res = await importFile(content, { dryRun: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('takes the options as form fields too, when the query does not give them', async () => {
    const form = new FormData();
    form.append('dryRun', 'false');
    form.append(
      'file',
      new Blob(['size,brand,model,purchase price,retail price\n275/65R18,Cooper,Discoverer,200,265\n'], {
        type: 'text/csv',
      }),
      'fields.csv',
    );
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/tyre-prices/import',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type')!, cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, summary: { added: 1 } });
    expect((await lookup('275/65R18')).json()).toEqual({ price: '265.00' });
  });

  it('refuses a request without a file or not multipart', async () => {
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/tyre-prices/import',
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe('Please upload the price file as a multipart form (field "file").');
  });
});

describe('stock and deactivating missing rows', () => {
  it('stock 0 makes the lookup and the public quote ask for a callback, as for an unknown size', async () => {
    await importFile('size,brand,model,purchase price,retail price,stock\n265/70R16,Toyo,Open Country,180,240,0\n', {
      dryRun: false,
    });
    const res = await lookup('265/70R16');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: CALLBACK_MESSAGE, callbackRequired: true });
    const quote = (tyreSize: string, timeSlot: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings/quote',
        remoteAddress: freshClientAddress(),
        payload: bookingBody({
          job: {
            serviceType: 'new-tyres',
            tyreSize,
            tyreQuantity: 1,
            scheduledDate: '2026-11-25',
            timeSlot,
            paymentMethod: 'prepaid',
          },
        }),
      });
    const outOfStock = await quote('265/70R16', '8-10 AM');
    expect(outOfStock.statusCode).toBe(400);
    expect(outOfStock.json().message).toBe(PREPAY_NOT_AVAILABLE_MESSAGE);

    await importFile('size,brand,model,purchase price,retail price,stock\n265/70R16,Toyo,Open Country,180,240,3\n', {
      dryRun: false,
    });
    expect((await lookup('265/70R16')).json()).toEqual({ price: '240.00' });
    const inStock = await quote('265/70R16', '10-12 AM');
    expect(inStock.statusCode, inStock.body).toBe(200);
    // One tyre at the new retail price: the quote holds more than the tyre alone (fitting, callout).
    expect(Number(inStock.json().amount)).toBeGreaterThan(240);
  });

  it("deactivates the file's brands' rows it does not list, only when asked, and never a refused line's row", async () => {
    await importFile(
      'size,brand,model,purchase price,retail price\n195/65R15,Kumho,Ecsta,80,120\n195/65R15,Kumho,Solus,70,110\n205/65R15,Nexen,N5000,70,105\n',
      { dryRun: false },
    );
    const file =
      'size,brand,model,purchase price,retail price\n195/65R15,Kumho,Ecsta,80,120\n205/65R15,Kumho,Solus,70,abc\n';
    expect((await importFile(file, { dryRun: false, skipRefused: true })).json().summary).toEqual({
      added: 0,
      changed: 0,
      unchanged: 1,
      refused: 1,
    });
    const res = await importFile('size,brand,model,purchase price,retail price\n195/65R15,Kumho,Ecsta,80,120\n', {
      dryRun: false,
      deactivateMissing: true,
    });
    expect(res.json().summary).toEqual({ added: 0, changed: 1, unchanged: 1, refused: 0 });
    expect(res.json().changes).toEqual([
      {
        line: null,
        kind: 'deactivated',
        id: expect.any(String),
        label: '195/65R15 Kumho Solus',
        fields: [{ field: 'Active', from: 'yes', to: 'no' }],
      },
    ]);
    const rows = await priceRows('195/65R15');
    expect(rows.map((r) => [r.model, r.isActive]).sort()).toEqual([
      ['Ecsta', true],
      ['Solus', false],
    ]);
    expect((await priceRows('205/65R15'))[0]!.isActive).toBe(true);
    // Listed again: back on sale.
    const again = await importFile('size,brand,model,purchase price,retail price\n195/65R15,Kumho,Solus,70,110\n', {
      dryRun: false,
    });
    expect(again.json().changes[0].fields).toEqual([{ field: 'Active', from: 'no', to: 'yes' }]);
  });

  it('is admin only: a technician gets 403, nobody signed in 401', async () => {
    expect((await importFile(FIVE_LINES, {}, tech.cookie)).statusCode).toBe(403);
    expect((await importFile(FIVE_LINES, {}, '')).statusCode).toBe(401);
  });
});
