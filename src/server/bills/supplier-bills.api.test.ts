import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProfitSummary, PurchaseInvoice } from '../../shared/schemas/bills';
import { customerInvoices } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';

/** Supplier bills on a job (docs/product.md "Purchase invoices and expenses"). */

let t: TestApp;
let admin: { cookie: string };
let tech: { cookie: string };
let jobId: string;
let slot = 0;
const SLOTS = ['8-10 AM', '10-12 AM', '12-2 PM', '2-4 PM'] as const;
const newJob = (over: Parameters<typeof insertJob>[1] = {}) =>
  insertJob(t.db, { scheduledDay: '2027-02-0' + (1 + Math.floor(slot / 4)), timeSlot: SLOTS[slot++ % 4], ...over });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, { role: 'admin' });
  tech = await signedInStaff(t, { role: 'technician' });
  jobId = (await newJob({ customerValue: '500.00' })).id;
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin.cookie) =>
  t.app.inject({
    method,
    url: `/api/dashboard/purchase-invoices${url}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
const valid = (over: object = {}) => ({
  jobId,
  invoiceNumber: `INV-${Math.random().toString(36).slice(2, 8)}`,
  supplierName: 'Tyre Wholesale WA',
  invoiceDate: '2026-11-20',
  totalAmount: '440.00',
  ...over,
});

describe('adding a supplier bill to a job', () => {
  it('works out GST as one eleventh of the total and the ex-GST subtotal', async () => {
    const res = await req(
      'POST',
      '',
      valid({ totalAmount: '123.45', invoiceNumber: '  TW-100  ', supplierName: ' Tyre Wholesale WA ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      jobId,
      invoiceNumber: 'TW-100',
      supplierName: 'Tyre Wholesale WA',
      totalAmount: '123.45',
      gstAmount: '11.22',
      subtotal: '112.23',
      category: 'cost-of-goods-sold',
      isPaid: false,
      paidAt: null,
    });
  });

  it('keeps a GST amount that is given, and a number total becomes two decimals', async () => {
    const res = await req('POST', '', valid({ totalAmount: 99.5, gstAmount: '0' }));
    expect(res.json()).toMatchObject({ totalAmount: '99.50', gstAmount: '0.00', subtotal: '99.50' });
  });

  it.each([
    [{ invoiceNumber: '' }, 'Invoice number is required'],
    [{ invoiceNumber: '   ' }, 'Invoice number is required'],
    [{ supplierName: '' }, 'Supplier name is required'],
    [{ supplierName: undefined }, 'Supplier name is required'],
    [{ totalAmount: '0' }, 'Total must be greater than $0'],
    [{ totalAmount: '' }, 'Total must be greater than $0'],
    [{ totalAmount: -5 }, 'Total must be greater than $0'],
    [{ totalAmount: 'abc' }, 'Total must be a valid number'],
    [{ totalAmount: 'Infinity' }, 'Total must be a valid number'],
    [{ totalAmount: '1.005' }, 'Must be a valid decimal amount'],
    [{ totalAmount: '100000000' }, 'Total must be at most $99,999,999.99'],
    [{ totalAmount: '10.00', gstAmount: '10.01' }, 'GST cannot be more than the total'],
    [{ invoiceDate: '2026-02-30' }, 'Invalid date format'],
    [{ dueDate: '20/11/2026' }, 'Invalid date format'],
  ])('refuses %o: %s', async (over, message) => {
    const res = await req('POST', '', valid(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses an unknown job (404) and a second bill with the same supplier and number (409)', async () => {
    expect((await req('POST', '', valid({ jobId: '00000000-0000-4000-8000-000000000000' }))).statusCode).toBe(404);
    await req('POST', '', valid({ invoiceNumber: 'DUP-1' }));
    const dup = await req('POST', '', valid({ invoiceNumber: 'DUP-1' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Tyre Wholesale WA already has an invoice numbered DUP-1.');
    expect((await req('POST', '', valid({ invoiceNumber: 'DUP-1', supplierName: 'Other Supplier' }))).statusCode).toBe(
      201,
    );
  });

  it('refuses the same bill typed in other letters or spacing, on create and on edit, naming the one it repeats', async () => {
    await req('POST', '', valid({ supplierName: 'Tyre Wholesale WA', invoiceNumber: 'TW-5001' }));
    const typedAgain = await req('POST', '', valid({ supplierName: 'tyre  wholesale wa', invoiceNumber: 'tw-5001' }));
    expect(typedAgain.statusCode, typedAgain.body).toBe(409);
    expect(typedAgain.json().message).toBe('Tyre Wholesale WA already has an invoice numbered TW-5001.');

    const other = (
      await req('POST', '', valid({ supplierName: 'Tyre Wholesale WA', invoiceNumber: 'TW-5002' }))
    ).json() as PurchaseInvoice;
    const edited = await req('PATCH', `/${other.id}`, { invoiceNumber: 'Tw-5001' });
    expect(edited.statusCode, edited.body).toBe(409);
    expect(edited.json().message).toBe('Tyre Wholesale WA already has an invoice numbered TW-5001.');
    // The bill's own number, in new letters, is still its own.
    expect((await req('PATCH', `/${other.id}`, { invoiceNumber: 'tw-5002' })).statusCode).toBe(200);
  });

  it('is admin only: a technician gets 403', async () => {
    expect((await req('POST', '', valid(), tech.cookie)).statusCode).toBe(403);
    expect((await req('GET', `/job/${jobId}`, undefined, tech.cookie)).statusCode).toBe(403);
  });
});

describe("a job's bills and profit", () => {
  it('lists, edits, toggles paid by its badge and deletes', async () => {
    const other = await newJob();
    const created = (
      await req('POST', '', valid({ jobId: other.id, totalAmount: '220.00', invoiceNumber: 'E-1' }))
    ).json() as PurchaseInvoice;
    const list = (await req('GET', `/job/${other.id}`)).json() as PurchaseInvoice[];
    expect(list.map((p) => p.id)).toEqual([created.id]);

    const edited = (
      await req('PATCH', `/${created.id}`, { totalAmount: '330.00', supplierName: 'Battery World' })
    ).json() as PurchaseInvoice;
    expect(edited).toMatchObject({
      totalAmount: '330.00',
      gstAmount: '30.00',
      subtotal: '300.00',
      supplierName: 'Battery World',
    });

    const paid = (await req('PATCH', `/${created.id}`, { isPaid: true })).json() as PurchaseInvoice;
    expect(paid.isPaid).toBe(true);
    expect(paid.paidAt).toBe(t.clock.now().toISOString());
    const unpaid = (await req('PATCH', `/${created.id}`, { isPaid: false })).json() as PurchaseInvoice;
    expect(unpaid).toMatchObject({ isPaid: false, paidAt: null });

    expect((await req('PATCH', `/${created.id}`, { totalAmount: '0' })).json().message).toBe(
      'Total must be greater than $0',
    );
    expect((await req('PATCH', `/${created.id}`, { invoiceNumber: '' })).json().message).toBe(
      'Invoice number is required',
    );

    expect((await req('DELETE', `/${created.id}`)).statusCode).toBe(204);
    expect((await req('GET', `/job/${other.id}`)).json()).toEqual([]);
    expect((await req('DELETE', `/${created.id}`)).statusCode).toBe(404);
  });

  it("profit is the quote before an invoice, then the invoice total, minus the job's bills", async () => {
    const j = await newJob({ customerValue: '600.00' });
    await req('POST', '', valid({ jobId: j.id, totalAmount: '440.00', invoiceNumber: 'P-1' }));
    const bill = (
      await req('POST', '', valid({ jobId: j.id, totalAmount: '55.00', invoiceNumber: 'P-2', isPaid: true }))
    ).json() as PurchaseInvoice;
    expect(bill.isPaid).toBe(true);
    const estimate = (await req('GET', `/job/${j.id}/profit`)).json() as JobProfitSummary;
    expect(estimate).toEqual({
      jobId: j.id,
      revenue: '600.00',
      revenueSource: 'quote',
      invoiceNumber: null,
      costs: '495.00',
      costsExGst: '450.00',
      costsGst: '45.00',
      unpaidCosts: '440.00',
      profit: '105.00',
      margin: 17.5,
    });

    await t.db.insert(customerInvoices).values({
      jobId: j.id,
      invoiceNumber: 'INV-P1',
      invoiceDate: '2026-11-20',
      status: 'sent',
      totalAmount: '650.00',
      gstAmount: '59.09',
    });
    const actual = (await req('GET', `/job/${j.id}/profit`)).json() as JobProfitSummary;
    expect(actual).toMatchObject({
      revenue: '650.00',
      revenueSource: 'invoice',
      invoiceNumber: 'INV-P1',
      profit: '155.00',
      margin: 23.85,
    });
  });

  it('a cancelled job earns nothing: its bills are a loss, not a profit on the old quote', async () => {
    const j = await newJob({ customerValue: '600.00', status: 'cancelled' });
    await req('POST', '', valid({ jobId: j.id, totalAmount: '55.00', invoiceNumber: 'P-C1' }));
    const summary = (await req('GET', `/job/${j.id}/profit`)).json() as JobProfitSummary;
    expect(summary).toMatchObject({ revenue: null, costs: '55.00' });
    expect(summary.profit === null || summary.profit.startsWith('-')).toBe(true);
  });
});
