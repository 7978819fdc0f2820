import { describe, expect, it } from 'vitest';
import type { JobEvent } from '../../../shared/schemas/jobs';
import {
  ADDRESS_MAX_IN_TABLE,
  ADDRESS_MAX_ON_CARD,
  describeEvent,
  formatJobVisit,
  historyNewestFirst,
  fullAddress,
  isSameAmount,
  latestChange,
  pageRangeText,
  quoteInputValue,
  truncate,
} from './job-format';

describe('truncate', () => {
  it.each([
    ['12 Example Street', 20, '12 Example Street'],
    ['12345678901234567890', 20, '12345678901234567890'],
    ['123456789012345678901', 20, '12345678901234567890...'],
    ['  5 Mail Street  ', 20, '5 Mail Street'],
    // A cut that lands after a space does not leave it before the dots.
    ['1234 Long Road Name Avenue', 10, '1234 Long...'],
  ])('cuts %j to %i characters as %j', (text, max, expected) => {
    expect(truncate(text, max)).toBe(expected);
  });

  it('cuts addresses to 30 characters on cards and 20 in the table', () => {
    const address = 'Unit 4, 1234 Great Eastern Highway';
    expect(truncate(address, ADDRESS_MAX_ON_CARD)).toBe('Unit 4, 1234 Great Eastern Hig...');
    expect(truncate(address, ADDRESS_MAX_IN_TABLE)).toBe('Unit 4, 1234 Great E...');
  });
});

describe('fullAddress', () => {
  it('adds the suburb, state and postcode', () => {
    expect(fullAddress({ address: '12 Example Street', suburb: 'Mandurah', postcode: '6210' })).toBe(
      '12 Example Street, Mandurah WA 6210',
    );
  });
  it('does not repeat a suburb the address already names', () => {
    expect(fullAddress({ address: '12 Example Street, Mandurah WA 6210', suburb: 'Mandurah', postcode: '6210' })).toBe(
      '12 Example Street, Mandurah WA 6210',
    );
  });
  it('copes with missing parts', () => {
    expect(fullAddress({ address: '', suburb: 'Mandurah', postcode: '6210' })).toBe('Mandurah WA 6210');
    expect(fullAddress({ address: '12 Example Street', suburb: '', postcode: '' })).toBe('12 Example Street');
  });
});

describe('formatJobVisit', () => {
  it('reads as day and window', () => {
    expect(formatJobVisit({ scheduledDay: '2026-11-24', timeSlot: '10-12 AM' })).toBe('Tue 24 Nov, 10 am - 12 pm');
    expect(formatJobVisit({ scheduledDay: '2026-11-27', timeSlot: '2-4 PM' })).toBe('Fri 27 Nov, 2 pm - 4 pm');
  });
  it('shows what it has when the day or slot is unknown', () => {
    expect(formatJobVisit({ scheduledDay: 'soon', timeSlot: '10-12 AM' })).toBe('soon, 10-12 AM');
  });
});

describe('quoteInputValue', () => {
  it.each([
    [null, '0.00'],
    ['', '0.00'],
    ['129.8', '129.80'],
    ['129.80', '129.80'],
    ['150', '150.00'],
    ['not money', '0.00'],
  ])('%j shows as %j', (value, expected) => {
    expect(quoteInputValue(value)).toBe(expected);
  });

  it('treats different spellings of one amount as the same', () => {
    expect(isSameAmount('150', '150.00')).toBe(true);
    expect(isSameAmount('150.01', '150.00')).toBe(false);
    expect(isSameAmount('abc', '150.00')).toBe(false);
  });
});

describe('pageRangeText', () => {
  it.each([
    [1, 25, 312, '1-25 of 312'],
    [2, 25, 312, '26-50 of 312'],
    [13, 25, 312, '301-312 of 312'],
    [1, 25, 7, '1-7 of 7'],
    [1, 25, 0, '0 of 0'],
  ])('page %i of %i per page with %i jobs reads %j', (page, size, total, expected) => {
    expect(pageRangeText(page, size, total)).toBe(expected);
  });
});

describe('job history lines', () => {
  const event = (over: Partial<JobEvent>): JobEvent => ({
    id: '1',
    at: '2026-11-23T01:40:00Z',
    actor: 'owner',
    kind: 'status',
    from: null,
    to: null,
    note: null,
    ...over,
  });
  it.each<[Partial<JobEvent>, string]>([
    [{ kind: 'status', from: 'new', to: 'in-progress' }, 'Status: New → In Progress'],
    [{ kind: 'status', from: 'in-progress', to: 'cancelled' }, 'Status: In Progress → Cancelled'],
    [{ kind: 'price', from: '129.80', to: '150' }, 'Price: $129.80 → $150.00'],
    [{ kind: 'price', from: null, to: '129.80' }, 'Price: $129.80'],
    [{ kind: 'assignment', from: null, to: 'tech1' }, 'Technician: tech1'],
    [{ kind: 'assignment', from: 'tech1', to: null }, 'Technician: tech1 → Unassigned'],
    [
      { kind: 'schedule', from: '2026-11-24 10-12 AM', to: '2026-11-25|2-4 PM' },
      'Rescheduled: Tue 24 Nov, 10 am - 12 pm → Wed 25 Nov, 2 pm - 4 pm',
    ],
    [{ kind: 'schedule', from: 'somewhen', to: 'later' }, 'Rescheduled: somewhen → later'],
    [{ kind: 'created', note: 'Booked online' }, 'Booked: Booked online'],
    [{ kind: 'created' }, 'Booked'],
    [{ kind: 'note', note: 'Note: Wheel nut seized' }, 'Note: Wheel nut seized'],
    [{ kind: 'note', note: 'Invoice INV-1 deleted' }, 'Note: Invoice INV-1 deleted'],
    [
      { kind: 'note', from: '0412 345 678', to: '0498 765 432', note: 'Customer: changed the contact phone' },
      'Customer: changed the contact phone from 0412 345 678 to 0498 765 432',
    ],
    [
      { kind: 'note', from: null, to: 'Gate code 1234', note: 'Customer: changed the notes for the technician' },
      'Customer: changed the notes for the technician to Gate code 1234',
    ],
  ])('%j reads %j', (over, expected) => {
    expect(describeEvent(event(over))).toBe(expected);
  });

  it('lists lines written at the same time newest first, in the reverse of the order written', () => {
    const at = '2026-11-27T02:00:00Z';
    const written = [
      event({ id: 'a', at: '2026-11-27T01:00:00Z', from: 'in-progress', to: 'completed' }),
      event({ id: 'b', at, from: 'completed', to: 'invoiced' }),
      event({ id: 'c', at, from: 'invoiced', to: 'paid' }),
    ];
    expect(historyNewestFirst(written).map(describeEvent)).toEqual([
      'Status: Invoiced → Paid',
      'Status: Completed → Invoiced',
      'Status: In Progress → Completed',
    ]);
  });

  it('takes the latest change from the history or the last update', () => {
    const history = [event({ at: '2026-11-23T01:00:00Z' }), event({ at: '2026-11-23T03:00:00Z' })];
    expect(latestChange({ updatedAt: '2026-11-23T02:00:00Z', history })).toBe('2026-11-23T03:00:00Z');
    expect(latestChange({ updatedAt: '2026-11-23T04:00:00Z', history })).toBe('2026-11-23T04:00:00Z');
    expect(latestChange({ updatedAt: '2026-11-23T04:00:00Z', history: [] })).toBe('2026-11-23T04:00:00Z');
  });
});
