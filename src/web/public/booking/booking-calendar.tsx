import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { closedReason } from '../../../shared/domain/business-days';
import { addDays, compareDays, dayOfWeek, formatDayLong } from '../../../shared/domain/perth-time';
import { hasSlotPassed, TIME_SLOTS } from '../../../shared/domain/slots';
import { BOOKING_HORIZON_DAYS } from '../../../shared/schemas/booking';
import type { TimeSlotItem } from '../../../shared/schemas/slots';
import { cn } from '../../components/ui/cn';
import { useDaysAvailability } from './free-windows';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAY_HEADS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

const monthOf = (day: string) => day.slice(0, 7);
function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; monthOf(day) === month; day = addDays(day, 1)) days.push(day);
  return days;
}
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Why a day cannot be booked, or null: before today, past the horizon, closed, or every window taken or passed. */
function dayProblem(
  day: string,
  today: string,
  businessDays: readonly number[],
  answer: TimeSlotItem[] | undefined,
  now: Date,
): string | null {
  if (compareDays(day, today) < 0) return 'passed';
  if (compareDays(day, addDays(today, BOOKING_HORIZON_DAYS)) > 0) return 'too far ahead';
  const closed = closedReason(day, businessDays);
  if (closed) return closed === 'Public holiday' ? 'public holiday' : 'closed';
  if (!answer) return 'checking';
  if (answer.some((s) => s.blockedReason === 'Closed' || s.blockedReason === 'Public holiday')) return 'closed';
  return TIME_SLOTS.some((slot) => answer.find((s) => s.slot === slot)?.isAvailable && !hasSlotPassed(day, slot, now))
    ? null
    : 'full';
}

/**
 * "Another day": a month of days, the closed and full ones disabled, each open day's windows asked
 * of the availability API (docs/decisions/356-next-free-windows-first.md).
 */
export function BookingCalendar({
  today,
  businessDays,
  chosen,
  onChoose,
}: {
  today: string;
  businessDays: readonly number[];
  chosen: string;
  onChoose: (day: string) => void;
}) {
  const [month, setMonth] = useState(monthOf(chosen || today));
  const now = new Date();
  const days = daysOfMonth(month);
  const asked = days.filter(
    (d) =>
      compareDays(d, today) >= 0 &&
      compareDays(d, addDays(today, BOOKING_HORIZON_DAYS)) <= 0 &&
      !closedReason(d, businessDays),
  );
  const answers = useDaysAvailability(asked);
  const answerOf = (day: string) => answers[asked.indexOf(day)]?.data;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const title = `${MONTHS[m - 1]} ${y}`;
  const lead = (dayOfWeek(days[0]!) + 6) % 7; // Monday first
  const canGoBack = month > monthOf(today);
  const canGoOn = month < monthOf(addDays(today, BOOKING_HORIZON_DAYS));

  return (
    <div role="group" aria-label={`Calendar, ${title}`} className="rounded-xl border border-gray-200 p-3">
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => setMonth(shiftMonth(month, -1))}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-gray-100 disabled:opacity-40"
        >
          <ChevronLeft aria-hidden className="h-5 w-5" />
        </button>
        <p className="font-semibold" aria-live="polite">
          {title}
        </p>
        <button
          type="button"
          aria-label="Next month"
          disabled={!canGoOn}
          onClick={() => setMonth(shiftMonth(month, 1))}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-gray-100 disabled:opacity-40"
        >
          <ChevronRight aria-hidden className="h-5 w-5" />
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center">
        {WEEKDAY_HEADS.map((w) => (
          <span key={w} aria-hidden className="text-xs font-medium text-gray-700">
            {w}
          </span>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} aria-hidden />
        ))}
        {days.map((day) => {
          const problem = dayProblem(day, today, businessDays, answerOf(day), now);
          const label = `${formatDayLong(day).replace(/ \d{4}$/, '')}${problem ? `, ${problem}` : ''}`;
          return (
            <button
              key={day}
              type="button"
              aria-label={label}
              aria-pressed={day === chosen}
              disabled={!!problem}
              onClick={() => onChoose(day)}
              className={cn(
                'flex min-h-11 items-center justify-center rounded-lg text-sm font-semibold tabular-nums',
                day === chosen ? 'bg-accent text-charcoal' : 'bg-white hover:bg-gray-100',
                problem && 'cursor-not-allowed font-normal text-gray-600',
                problem && problem !== 'checking' && 'line-through decoration-gray-400',
              )}
            >
              {Number(day.slice(8))}
            </button>
          );
        })}
      </div>
    </div>
  );
}
