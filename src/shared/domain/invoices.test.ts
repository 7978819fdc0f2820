import { describe, expect, it } from 'vitest';
import { DEFAULT_FEES } from './settings';
import { defaultDueDate, invoiceLinesForJob, invoiceTotals, shownInvoiceStatus, type JobForInvoice } from './invoices';

const job = (over: Partial<JobForInvoice>): JobForInvoice => ({
  serviceType: 'puncture-repair',
  isPrepaid: false,
  valueCents: null,
  isPaidByCard: false,
  ...over,
});
const sum = (lines: ReturnType<typeof invoiceLinesForJob>) => invoiceTotals(lines).totalCents;

describe('invoice totals come from the lines', () => {
  it.each([
    [[{ quantity: 1, unitPriceCents: 12980 }], 11800, 1180, 12980],
    [
      [
        { quantity: 4, unitPriceCents: 15000 },
        { quantity: 1, unitPriceCents: 8980 },
      ],
      62709,
      6271,
      68980,
    ],
    [
      [
        { quantity: 1, unitPriceCents: 12980 },
        { quantity: 1, unitPriceCents: -3000 },
      ],
      9073,
      907,
      9980,
    ],
    [[], 0, 0, 0],
  ])('%j', (lines, subtotal, gst, total) => {
    expect(invoiceTotals(lines)).toEqual({ subtotalCents: subtotal, gstCents: gst, totalCents: total });
  });
});

describe('lines for a job', () => {
  it('puncture repair: repair and callout', () => {
    const lines = invoiceLinesForJob(job({ valueCents: 12980 }), DEFAULT_FEES);
    expect(lines).toEqual([
      { description: 'Puncture Repair', category: 'labour', quantity: 1, unitPriceCents: 4000 },
      { description: 'Mobile Service Callout', category: 'callout', quantity: 1, unitPriceCents: 8980 },
    ]);
  });

  it('new tyres: per-tyre lines with their quantity, adding up to the estimate', () => {
    const lines = invoiceLinesForJob(
      job({
        serviceType: 'new-tyres',
        quantity: 4,
        tyreSize: '205/55r16',
        tyreUnitPriceCents: 15000,
        valueCents: null,
      }),
      DEFAULT_FEES,
    );
    expect(lines.map((l) => [l.description, l.category, l.quantity, l.unitPriceCents])).toEqual([
      ['205/55R16 tyre', 'tyre', 4, 15000],
      ['Fitting', 'labour', 4, 2500],
      ['Balancing', 'labour', 4, 1500],
      ['Mobile Service Callout', 'callout', 1, 8980],
    ]);
    expect(sum(lines)).toBe((15000 + 2500 + 1500) * 4 + 8980);
  });

  it('prepaid: the discount is a negative line and the card surcharge is billed', () => {
    const lines = invoiceLinesForJob(job({ isPrepaid: true, valueCents: 9980, isPaidByCard: true }), DEFAULT_FEES);
    expect(lines.map((l) => [l.description, l.unitPriceCents])).toEqual([
      ['Puncture Repair', 4000],
      ['Mobile Service Callout', 8980],
      ['Online booking discount', -3000],
      ['Card surcharge (1.7%)', 170],
    ]);
    expect(sum(lines)).toBe(9980 + 170);
  });

  it('a price staff changed: a Price adjustment line makes the total the job value', () => {
    const lines = invoiceLinesForJob(job({ valueCents: 15000 }), DEFAULT_FEES);
    expect(lines.at(-1)).toEqual({
      description: 'Price adjustment',
      category: 'labour',
      quantity: 1,
      unitPriceCents: 2020,
    });
    expect(sum(lines)).toBe(15000);
  });

  it('a tyre size that needed a callback: one service line, the value as adjustment', () => {
    const lines = invoiceLinesForJob(
      job({
        serviceType: 'new-tyres',
        quantity: 2,
        tyreSize: '999/99R99',
        tyreUnitPriceCents: null,
        valueCents: 50000,
      }),
      DEFAULT_FEES,
    );
    expect(sum(lines)).toBe(50000);
    expect(lines[0]!.description).toBe('New Tyres');
  });
});

describe('due date and overdue', () => {
  it('is due 30 days after the invoice date', () => {
    expect(defaultDueDate('2026-11-23')).toBe('2026-12-23');
    expect(defaultDueDate('2027-02-15')).toBe('2027-03-17');
  });
  it.each([
    ['sent', '2026-11-22', 'overdue'],
    ['sent', '2026-11-23', 'sent'],
    ['paid', '2026-11-01', 'paid'],
    ['draft', '2026-11-01', 'draft'],
    ['sent', null, 'sent'],
  ] as const)('%s due %s on 2026-11-23 shows %s', (status, dueDate, shown) => {
    expect(shownInvoiceStatus({ status, dueDate }, '2026-11-23')).toBe(shown);
  });
});
