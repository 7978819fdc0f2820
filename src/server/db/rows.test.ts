import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BusinessExpense, PurchaseInvoice } from '../../shared/schemas/bills';
import { changesFrom, toWire, type Wire } from './rows';
import { businessExpenses, purchaseInvoices } from './schema';

/** Rows in and out without a hand mapper per entity (decision 260). */

describe('a row on the wire', () => {
  it('carries every timestamp as ISO 8601 text and every other column as it is', () => {
    const paidAt = new Date('2026-11-20T01:30:00.000Z');
    expect(toWire({ id: 'a', isPaid: true, paidAt, dueDate: '2026-12-01', notes: null, createdAt: paidAt })).toEqual({
      id: 'a',
      isPaid: true,
      paidAt: '2026-11-20T01:30:00.000Z',
      dueDate: '2026-12-01',
      notes: null,
      createdAt: '2026-11-20T01:30:00.000Z',
    });
  });

  // A column added to a table and not to its wire schema (or the other way round) fails here.
  it('is exactly the wire schema of a supplier bill and of an expense', () => {
    expectTypeOf<Wire<typeof purchaseInvoices.$inferSelect>>().toEqualTypeOf<PurchaseInvoice>();
    expectTypeOf<Wire<typeof businessExpenses.$inferSelect>>().toEqualTypeOf<BusinessExpense>();
  });
});

describe('the changes of an edit', () => {
  it('keep what the body gave, drop what it left out, ignore what is no column, and stamp updatedAt', () => {
    const now = new Date('2026-11-20T01:30:00.000Z');
    const body = {
      supplierName: 'Battery World',
      notes: null,
      dueDate: undefined,
      isPaid: undefined,
      unknown: 'x',
    } as Parameters<typeof changesFrom<typeof businessExpenses>>[1];
    expect(changesFrom(businessExpenses, body, now)).toEqual({
      supplierName: 'Battery World',
      notes: null,
      updatedAt: now,
    });
  });
});
