import { describe, expect, it } from 'vitest';
import { popupHeadline, popupSummary } from './popup-text';

const booking = {
  id: 'j1',
  jobNumber: 'JOB-10001',
  serviceType: 'puncture-repair',
  suburb: 'Joondalup',
  timeSlot: '12-2 PM',
  createdAt: '2026-11-26T00:00:00.000Z',
};

describe('the staff popup words (docs/product.md "Live notifications")', () => {
  it('names the new day and window of a customer reschedule as the app writes them', () => {
    const moved = { ...booking, scheduledDay: '2026-11-30', change: 'rescheduled' as const };
    expect(popupHeadline(moved)).toBe('Booking JOB-10001 rescheduled by the customer to Mon 30 Nov, 12 pm - 2 pm');
    expect(popupSummary(moved)).toBe('Puncture Repair in Joondalup, Mon 30 Nov, 12 pm - 2 pm');
  });

  it('reads a new booking and an older event without a day in the app words', () => {
    expect(popupHeadline(booking)).toBe('New booking JOB-10001');
    expect(popupSummary(booking)).toBe('Puncture Repair in Joondalup, 12 pm - 2 pm');
    expect(popupHeadline({ ...booking, change: 'cancelled' })).toBe('Booking JOB-10001 cancelled by the customer');
  });
});
