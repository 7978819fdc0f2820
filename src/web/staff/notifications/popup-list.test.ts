import { describe, expect, it } from 'vitest';
import { addPopups, dismissPopup, jobHref, POPUPS_KEPT, reconnectDelayMs, type Popup } from './popup-list';

const popup = (eventId: number): Popup => ({
  eventId,
  booking: {
    id: `job-${eventId}`,
    jobNumber: `J${eventId}`,
    serviceType: 'puncture-repair',
    suburb: 'Joondalup',
    timeSlot: '8-10 AM',
    createdAt: '2026-11-23T00:00:00.000Z',
  },
});
const ids = (list: Popup[]) => list.map((p) => p.eventId);

describe('new-booking popups (docs/product.md "Live notifications")', () => {
  it('puts the newest first, whether events arrive one by one or as a batch of missed ones', () => {
    expect(ids(addPopups(addPopups([], [popup(1)]), [popup(2)]))).toEqual([2, 1]);
    expect(ids(addPopups([popup(3)], [popup(4), popup(5), popup(6)]))).toEqual([6, 5, 4, 3]);
  });

  it('keeps 10 and drops the oldest', () => {
    const list = addPopups(
      [],
      Array.from({ length: 12 }, (_, i) => popup(i + 1)),
    );
    expect(list).toHaveLength(POPUPS_KEPT);
    expect(ids(list)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it('never shows one event twice (a missed event may also arrive live)', () => {
    const list = addPopups([popup(2), popup(1)], [popup(2), popup(3)]);
    expect(ids(list)).toEqual([3, 2, 1]);
    const same = [popup(1)];
    expect(addPopups(same, [popup(1)])).toBe(same);
  });

  it('dismisses one popup', () => {
    expect(ids(dismissPopup([popup(3), popup(2), popup(1)], 2))).toEqual([3, 1]);
  });

  it('opens the job on the Jobs tab', () => {
    expect(jobHref('6f1c-id')).toBe('/dashboard?tab=jobs&job=6f1c-id');
  });
});

describe('reconnect delays: min(1000 x 2^n, 30000) ms, five attempts', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [4, 16000],
    [5, null],
  ])('attempt %i waits %s ms', (attempt, delay) => {
    expect(reconnectDelayMs(attempt)).toBe(delay);
  });
});
