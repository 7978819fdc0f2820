import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicBookingFormInput } from '../../../shared/schemas/booking';
import { forgetDraft, loadDraft, saveDraft } from './wizard-draft';

const EMPTY: Partial<PublicBookingFormInput> = {
  date: '',
  timeSlot: '8-10 AM',
  dontKnowSize: false,
  quantity: 1,
  suburb: '',
  customerName: '',
  paymentMethod: 'prepaid',
};
// 07:00 on Tuesday 8 December 2026 in Perth.
const NOW = new Date('2026-12-07T23:00:00Z');

beforeEach(() => {
  const kept = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => kept.get(k) ?? null,
    setItem: (k: string, v: string) => void kept.set(k, v),
    removeItem: (k: string) => void kept.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the wizard's kept answers", () => {
  it('reopen at the step they were typed at, with what was typed', () => {
    saveDraft({
      step: 4,
      photos: 0,
      values: {
        ...EMPTY,
        date: '2026-12-09',
        timeSlot: '10-12 AM',
        serviceType: 'puncture-repair',
        suburb: 'Mandurah',
      },
    });
    expect(loadDraft(EMPTY, NOW)).toEqual({
      step: 4,
      photos: 0,
      windowGone: false,
      values: { date: '2026-12-09', timeSlot: '10-12 AM', serviceType: 'puncture-repair', suburb: 'Mandurah' },
    });
  });

  it('drop a day already past, with its window, and reopen at the first step to choose again', () => {
    saveDraft({
      step: 6,
      photos: 2,
      values: { ...EMPTY, date: '2026-12-07', timeSlot: '2-4 PM', customerName: 'Ada' },
    });
    expect(loadDraft(EMPTY, NOW)).toEqual({ step: 1, photos: 2, windowGone: true, values: { customerName: 'Ada' } });
  });

  it('drop a window that has started today, keeping the day, and reopen at the first step to choose again', () => {
    saveDraft({
      step: 6,
      photos: 0,
      values: { ...EMPTY, date: '2026-12-08', timeSlot: '10-12 AM', customerName: 'Eve' },
    });
    expect(loadDraft(EMPTY, new Date('2026-12-08T02:00:00Z'))).toEqual({
      step: 1,
      photos: 0,
      windowGone: true,
      values: { date: '2026-12-08', customerName: 'Eve' },
    });
    // Before it starts it is still the customer's choice.
    expect(loadDraft(EMPTY, new Date('2026-12-08T01:59:00Z'))?.step).toBe(6);
  });

  it('keep nothing that does not fit the form: unknown fields, wrong kinds, an unknown service, a bad step', () => {
    sessionStorage.setItem(
      'tyres.booking-draft',
      JSON.stringify({
        step: 9,
        photos: 'many',
        values: { date: '2026-12-09', isAdmin: true, quantity: 'four', serviceType: 'towing', customerName: 'Bea' },
      }),
    );
    expect(loadDraft(EMPTY, NOW)).toEqual({
      step: 1,
      photos: 0,
      windowGone: false,
      values: { date: '2026-12-09', customerName: 'Bea' },
    });
    sessionStorage.setItem('tyres.booking-draft', '{not json');
    expect(loadDraft(EMPTY, NOW)).toBeNull();
  });

  it('are gone once forgotten, and nothing typed is no draft', () => {
    saveDraft({ step: 2, photos: 0, values: { ...EMPTY, customerName: 'Cy' } });
    forgetDraft();
    expect(loadDraft(EMPTY, NOW)).toBeNull();
    saveDraft({ step: 3, photos: 0, values: EMPTY });
    expect(loadDraft(EMPTY, NOW)).toBeNull();
  });

  it('are simply not kept where the browser refuses storage', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    expect(() => saveDraft({ step: 2, photos: 0, values: { customerName: 'Di' } })).not.toThrow();
    expect(() => forgetDraft()).not.toThrow();
    expect(loadDraft(EMPTY, NOW)).toBeNull();
  });
});
