import { useQueries } from '@tanstack/react-query';
import { closedReason } from '../../../shared/domain/business-days';
import { addDays } from '../../../shared/domain/perth-time';
import { hasSlotPassed, TIME_SLOTS, type TimeSlot } from '../../../shared/domain/slots';
import { BOOKING_HORIZON_DAYS } from '../../../shared/schemas/booking';
import type { TimeSlotItem } from '../../../shared/schemas/slots';
import { api } from '../../lib/api';

/** How many free windows step 1 offers first, and how many open days it asks the availability API about for them. */
const NEXT_WINDOWS = 6;
const DAYS_ASKED = 4;
/** A day's answer is fresh for a minute: long enough to go back and forth between steps without asking again. */
const FRESH_MS = 60_000;

export type FreeWindow = { day: string; slot: TimeSlot };

/** The open days (by the opening days and public holidays the page knows) from today, at most `count`, inside the booking horizon. */
export function openDaysFrom(today: string, businessDays: readonly number[], count: number): string[] {
  const days: string[] = [];
  for (let i = 0; i <= BOOKING_HORIZON_DAYS && days.length < count; i++) {
    const day = addDays(today, i);
    if (!closedReason(day, businessDays)) days.push(day);
  }
  return days;
}

/** The first free windows, earliest first, from each day's answer; a window whose start has passed is not free. */
export function firstFreeWindows(
  answers: { day: string; slots: TimeSlotItem[] | undefined }[],
  now: Date,
  count = NEXT_WINDOWS,
): FreeWindow[] {
  const windows: FreeWindow[] = [];
  for (const { day, slots } of answers) {
    for (const slot of TIME_SLOTS) {
      if (windows.length >= count) return windows;
      if (slots?.find((s) => s.slot === slot)?.isAvailable && !hasSlotPassed(day, slot, now))
        windows.push({ day, slot });
    }
  }
  return windows;
}

/** The availability API's answer for each day, asked side by side (GET /api/time-slots?date=...). */
export function useDaysAvailability(days: string[], enabled = true) {
  return useQueries({
    queries: days.map((date) => ({ ...api.slots.list.query({ query: { date } }), staleTime: FRESH_MS, enabled })),
  });
}

/** Step 1's next free windows (docs/decisions/356-next-free-windows-first.md). */
export function useNextFreeWindows(today: string, businessDays: readonly number[], now: Date) {
  const days = openDaysFrom(today, businessDays, DAYS_ASKED);
  const answers = useDaysAvailability(days);
  const loading = answers.some((a) => a.isPending);
  const failed = answers.some((a) => a.isError);
  const windows = firstFreeWindows(
    days.map((day, i) => ({ day, slots: answers[i]?.data })),
    now,
  );
  return { windows, loading, failed };
}
