import { isBusinessDay } from '../../src/shared/domain/business-days';
import { addDays } from '../../src/shared/domain/perth-time';
import { TIME_SLOTS, type TimeSlot } from '../../src/shared/domain/slots';

/**
 * Slots nobody else in the test file uses: each call the next slot of an open business day after
 * `after`, four to a day, so tests never compete for one (one live job per slot and day).
 */
export function freshSlots(after: string): () => { scheduledDay: string; timeSlot: TimeSlot } {
  let day = after;
  let slotIndex: number = TIME_SLOTS.length;
  return () => {
    if (slotIndex === TIME_SLOTS.length) {
      do day = addDays(day, 1);
      while (!isBusinessDay(day));
      slotIndex = 0;
    }
    return { scheduledDay: day, timeSlot: TIME_SLOTS[slotIndex++]! };
  };
}
