import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseSupplier, SupplierBillDraft } from '../../shared/schemas/bills';
import { businessExpenses, fittedTyres, purchaseInvoices, tyreReorderRules, tyreStockPricing } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';

/** A new supplier bill filled in from the job, and an expense's remembered supplier (decision 419). */

let t: TestApp;
let admin: { cookie: string };
let tech: { cookie: string };
let slot = 0;
const SLOTS = ['8-10 AM', '10-12 AM', '12-2 PM', '2-4 PM'] as const;
const newJob = (over: Parameters<typeof insertJob>[1] = {}) =>
  insertJob(t.db, { scheduledDay: '2027-03-0' + (1 + Math.floor(slot / 4)), timeSlot: SLOTS[slot++ % 4], ...over });
const get = (url: string, cookie = admin.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const draftOf = (jobId: string, cookie?: string) => get(`/api/dashboard/purchase-invoices/job/${jobId}/draft`, cookie);
const bill = (jobId: string, supplierName: string, invoiceDate: string) =>
  t.db.insert(purchaseInvoices).values({
    jobId,
    supplierName,
    invoiceNumber: `N-${Math.random().toString(36).slice(2, 8)}`,
    invoiceDate,
    totalAmount: '100.00',
    gstAmount: '9.09',
    subtotal: '90.91',
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, { role: 'admin' });
  tech = await signedInStaff(t, { role: 'technician' });
  await t.db.insert(tyreStockPricing).values([
    { size: '205/55R16', brand: 'Draftco', model: 'Roadster', purchasePrice: '122.50', retailPrice: '170.00' },
    {
      size: '205/55R16',
      brand: 'Draftco',
      model: 'Old Line',
      purchasePrice: '99.00',
      retailPrice: '150.00',
      isActive: false,
    },
    { size: '215/60R17', brand: 'Draftco', model: 'Roadster', purchasePrice: '0.00', retailPrice: '180.00' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe("a job's new supplier bill", () => {
  it('is filled from its tyres, their purchase price and the last supplier used for that brand', async () => {
    // Earlier bills: the brand's older and latest supplier, and a later bill for another brand.
    const older = await newJob({ tyreSize: '205/55R16', tyreQuantity: 4, tyreBrand: 'Draftco' });
    await bill(older.id, 'Old Supplier', '2026-10-01');
    const latest = await newJob({ tyreSize: '205/55R16', tyreQuantity: 2, tyreBrand: 'draftco ' });
    await bill(latest.id, 'Tyre Wholesale WA', '2026-11-02');
    const other = await newJob({ tyreSize: '205/55R16', tyreQuantity: 2, tyreBrand: 'Othermake' });
    await bill(other.id, 'Other Brand Supplies', '2026-11-20');

    const job = await newJob({ tyreSize: '205/55 r16', tyreQuantity: 2, tyreBrand: 'Draftco' });
    const res = await draftOf(job.id);
    expect(res.statusCode, res.body).toBe(200);
    const draft = res.json<SupplierBillDraft>();
    expect(draft).toMatchObject({
      jobId: job.id,
      supplierName: 'Tyre Wholesale WA',
      supplierFrom: 'last-bill',
      totalAmount: '245.00',
      notes: '2 x 205/55R16 Draftco at $122.50 each',
    });
    expect(draft.lines).toEqual([
      {
        description: '2 x 205/55R16 Draftco',
        size: '205/55R16',
        brand: 'Draftco',
        model: null,
        quantity: 2,
        unitCost: '122.50',
        totalCost: '245.00',
      },
    ]);
    expect(draft.invoiceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("counts the tyres fitted on the job when they are recorded, and falls back to the reorder rule's supplier", async () => {
    await t.db
      .insert(tyreReorderRules)
      .values({ size: '205/55R16', brand: 'Fitbrand', supplier: 'Rule Supplier', minimum: 2 });
    await t.db.insert(tyreStockPricing).values({
      size: '205/55R16',
      brand: 'Fitbrand',
      model: 'Grip',
      purchasePrice: '101.00',
      retailPrice: '140.00',
    });
    const job = await newJob({ tyreSize: '205/55R16', tyreQuantity: 2, tyreBrand: 'Draftco' });
    const fitted = (position: 'front-left' | 'front-right' | 'rear-left') => ({
      jobId: job.id,
      position,
      size: '205/55R16',
      brand: 'Fitbrand',
      model: 'Grip',
      dotWeek: 10,
      dotYear: 2026,
      fittedOn: '2026-11-20',
      removed: 'disposal' as const,
    });
    await t.db.insert(fittedTyres).values([fitted('front-left'), fitted('front-right'), fitted('rear-left')]);
    const draft = (await draftOf(job.id)).json<SupplierBillDraft>();
    expect(draft).toMatchObject({ supplierName: 'Rule Supplier', supplierFrom: 'reorder-rule', totalAmount: '303.00' });
    expect(draft.lines).toMatchObject([{ quantity: 3, brand: 'Fitbrand', model: 'Grip', unitCost: '101.00' }]);
  });

  it('leaves the amounts empty, never $0, when the tyres have no purchase price', async () => {
    // A size the price list prices at $0 (never entered), and a size it does not hold at all.
    for (const [size, brand] of [
      ['215/60R17', 'Draftco'],
      ['175/65R14', null],
    ] as const) {
      const job = await newJob({ tyreSize: size, tyreQuantity: 2, tyreBrand: brand });
      const draft = (await draftOf(job.id)).json<SupplierBillDraft>();
      expect(draft.totalAmount).toBeNull();
      expect(draft.lines).toMatchObject([{ quantity: 2, size, unitCost: null, totalCost: null }]);
    }
    // A job that names no tyres: nothing to fill but the date.
    const bare = await newJob({ tyreSize: null, tyreQuantity: null });
    expect((await draftOf(bare.id)).json()).toMatchObject({
      supplierName: null,
      totalAmount: null,
      lines: [],
      notes: null,
    });
  });

  it('is for the owner only: a technician gets 403, an unknown job 404', async () => {
    const job = await newJob({ tyreSize: '205/55R16', tyreQuantity: 2 });
    expect((await draftOf(job.id, tech.cookie)).statusCode).toBe(403);
    expect((await draftOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await draftOf('not-a-job')).statusCode).toBe(404);
  });
});

describe("an expense's supplier", () => {
  it('is remembered with the category and paid state of its latest expense', async () => {
    const expense = (
      supplierName: string,
      category: 'fuel' | 'vehicle' | 'admin',
      expenseDate: string,
      isPaid: boolean,
    ) => ({
      supplierName,
      description: 'x',
      amount: '11.00',
      gstAmount: '1.00',
      category,
      expenseDate,
      isPaid,
    });
    await t.db
      .insert(businessExpenses)
      .values([
        expense('Pump Co', 'vehicle', '2026-10-01', false),
        expense('pump co', 'fuel', '2026-11-01', true),
        expense('Books & Co', 'admin', '2026-10-15', false),
      ]);
    const res = await get('/api/dashboard/business-expenses/suppliers');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ExpenseSupplier[]>()).toEqual([
      { supplierName: 'pump co', category: 'fuel', isPaid: true, lastDate: '2026-11-01' },
      { supplierName: 'Books & Co', category: 'admin', isPaid: false, lastDate: '2026-10-15' },
    ]);
    expect((await get('/api/dashboard/business-expenses/suppliers', tech.cookie)).statusCode).toBe(403);
  });
});
