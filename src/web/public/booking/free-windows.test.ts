import { describe, expect, it } from 'vitest';
import { TIME_SLOTS } from '../../../shared/domain/slots';
import { firstFreeWindows, openDaysFrom } from './free-windows';

const day = (date: string, free: string[]) => ({
  day: date,
  slots: TIME_SLOTS.map((slot) => ({
    id: `${date}-${slot}`,
    slot,
    isAvailable: free.includes(slot),
    blockedReason: free.includes(slot) ? null : 'Fully booked',
    date,
  })),
});

describe('the next free windows step 1 offers first', () => {
  it('skips weekends and WA public holidays when choosing the days to ask about', () => {
    // Christmas Day (Friday), the weekend and Monday's additional Boxing Day are all closed.
    expect(openDaysFrom('2026-12-24', [1, 2, 3, 4, 5], 3)).toEqual(['2026-12-24', '2026-12-29', '2026-12-30']);
  });

  it('lists the free windows earliest first, leaving out full ones and those whose start has passed, at most six', () => {
    // 09:00 in Perth on Monday 23 November 2026: the 8 am window has started.
    const now = new Date('2026-11-23T01:00:00.000Z');
    const windows = firstFreeWindows(
      [
        day('2026-11-23', ['8-10 AM', '12-2 PM']),
        day('2026-11-24', ['8-10 AM', '10-12 AM', '12-2 PM', '2-4 PM']),
        day('2026-11-25', ['2-4 PM']),
      ],
      now,
    );
    expect(windows).toEqual([
      { day: '2026-11-23', slot: '12-2 PM' },
      { day: '2026-11-24', slot: '8-10 AM' },
      { day: '2026-11-24', slot: '10-12 AM' },
      { day: '2026-11-24', slot: '12-2 PM' },
      { day: '2026-11-24', slot: '2-4 PM' },
      { day: '2026-11-25', slot: '2-4 PM' },
    ]);
    expect(
      firstFreeWindows([day('2026-11-24', [...TIME_SLOTS]), day('2026-11-25', [...TIME_SLOTS])], now),
    ).toHaveLength(6);
  });

  it('offers nothing for a day whose answer has not come', () => {
    expect(firstFreeWindows([{ day: '2026-11-24', slots: undefined }], new Date('2026-11-23T01:00:00.000Z'))).toEqual(
      [],
    );
  });
});
