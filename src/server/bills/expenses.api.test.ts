import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessExpense } from '../../shared/schemas/bills';
import { insertExpense } from '../db/seed/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';

/** Business expenses (docs/product.md "Purchase invoices and expenses"). */

let t: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin.cookie) =>
  t.app.inject({
    method,
    url: `/api/dashboard/business-expenses${url}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
const valid = (over: object = {}) => ({
  supplierName: 'Fuel Co',
  description: 'Van fuel',
  amount: '110.00',
  category: 'fuel',
  expenseDate: '2026-11-20',
  ...over,
});

describe('adding and editing an expense', () => {
  it('trims text, works out GST and leaves optional fields empty', async () => {
    const res = await req(
      'POST',
      '',
      valid({ supplierName: '  Fuel Co ', amount: '99.99', invoiceNumber: '', dueDate: '', notes: '  ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      supplierName: 'Fuel Co',
      amount: '99.99',
      gstAmount: '9.09',
      invoiceNumber: null,
      dueDate: null,
      notes: null,
      isPaid: false,
      paidAt: null,
    });
  });

  it.each([
    [{ supplierName: '' }, 'Supplier name is required'],
    [{ description: ' ' }, 'Description is required'],
    [{ amount: '0' }, 'Total must be greater than $0'],
    [{ amount: '' }, 'Total must be greater than $0'],
    [{ amount: '-1' }, 'Total must be greater than $0'],
    [{ amount: 'twelve' }, 'Total must be a valid number'],
    [{ amount: '12.345' }, 'Must be a valid decimal amount'],
    [{ category: '' }, 'Category is required'],
    [{ category: 'holidays' }, 'Category is required'],
    [{ expenseDate: '' }, 'Expense date is required'],
    [{ expenseDate: '2026-11-31' }, 'Invalid date format'],
    [{ dueDate: 'soon' }, 'Invalid date format'],
    [{ amount: '10', gstAmount: '11' }, 'GST cannot be more than the total'],
  ])('refuses %o: %s', async (over, message) => {
    const res = await req('POST', '', valid(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('edits fields, recomputes GST on a new amount, marks paid once and deletes', async () => {
    const e = (await req('POST', '', valid())).json() as BusinessExpense;
    const edited = (
      await req('PATCH', `/${e.id}`, { amount: '55.00', description: ' Diesel ', dueDate: '2026-12-01' })
    ).json() as BusinessExpense;
    expect(edited).toMatchObject({
      amount: '55.00',
      gstAmount: '5.00',
      description: 'Diesel',
      dueDate: '2026-12-01',
      supplierName: 'Fuel Co',
    });
    expect((await req('PATCH', `/${e.id}`, { dueDate: null })).json()).toMatchObject({ dueDate: null });
    expect((await req('PATCH', `/${e.id}`, { amount: '' })).json().message).toBe('Total must be greater than $0');

    const paid = (await req('PATCH', `/${e.id}/mark-paid`)).json() as BusinessExpense;
    expect(paid).toMatchObject({ isPaid: true, paidAt: t.clock.now().toISOString() });
    t.clock.advance(60_000);
    expect(((await req('PATCH', `/${e.id}/mark-paid`)).json() as BusinessExpense).paidAt).toBe(paid.paidAt);

    expect((await req('DELETE', `/${e.id}`)).statusCode).toBe(204);
    expect((await req('PATCH', `/${e.id}/mark-paid`)).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('filters by category and paid, newest first, with the total count', async () => {
    await insertExpense(t.db, {
      category: 'rent',
      supplierName: 'Landlord Pty',
      description: 'Rent',
      expenseDate: '2026-10-01',
      amount: '1500.00',
      gstAmount: '136.36',
    });
    await insertExpense(t.db, {
      category: 'rent',
      supplierName: 'Landlord Pty',
      description: 'Rent',
      expenseDate: '2026-11-01',
      amount: '1500.00',
      gstAmount: '136.36',
      isPaid: true,
    });
    const rent = await req('GET', '?category=rent');
    expect(rent.headers['x-total-count']).toBe('2');
    expect((rent.json() as BusinessExpense[]).map((e) => e.expenseDate)).toEqual(['2026-11-01', '2026-10-01']);
    const unpaidRent = (await req('GET', '?category=rent&paid=unpaid')).json() as BusinessExpense[];
    expect(unpaidRent.map((e) => e.expenseDate)).toEqual(['2026-10-01']);
    const paged = await req('GET', '?category=rent&pageSize=1&page=2');
    expect((paged.json() as BusinessExpense[]).map((e) => e.expenseDate)).toEqual(['2026-10-01']);
    expect((await req('GET', '?search=landlord')).headers['x-total-count']).toBe('2');
    expect((await req('GET', '?category=nope')).statusCode).toBe(400);
  });

  it('is admin only', async () => {
    const tech = await signedInStaff(t, { role: 'technician' });
    expect((await req('GET', '', undefined, tech.cookie)).statusCode).toBe(403);
  });
});
