import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import { addDays, isIsoDay } from '../../../shared/domain/perth-time';
import { Button } from '../../components/ui/button';
import { usePerthToday } from '../use-perth-today';

/** The day the Schedule tab shows: `?day=` when it is a real day, else today in Perth. */
export function useScheduleDay(): { day: string; today: string } {
  const dayParam = new URLSearchParams(useSearch()).get('day');
  const today = usePerthToday();
  return { day: dayParam && isIsoDay(dayParam) ? dayParam : today, today };
}

export const scheduleUrl = (day: string | null) => `/dashboard?tab=schedule${day ? `&day=${day}` : ''}`;

/** Previous day, today, next day, and (on the admin's desk) a date to jump to. Every target is 44 px. */
export function DayNav({ day, today, withDateField = false }: { day: string; today: string; withDateField?: boolean }) {
  const [, navigate] = useLocation();
  const id = useId();
  return (
    <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
      {withDateField ? (
        <div className="min-w-0 basis-full sm:basis-auto">
          <label htmlFor={id} className="block text-sm font-medium">
            Day
          </label>
          <input
            id={id}
            type="date"
            value={day}
            onChange={(e) => isIsoDay(e.target.value) && navigate(scheduleUrl(e.target.value))}
            className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 text-base"
          />
        </div>
      ) : null}
      <Button variant="outline" aria-label="Previous day" onClick={() => navigate(scheduleUrl(addDays(day, -1)))}>
        <ChevronLeft aria-hidden className="h-5 w-5" />
      </Button>
      <Button variant="outline" disabled={day === today} onClick={() => navigate(scheduleUrl(null))}>
        Today
      </Button>
      <Button variant="outline" aria-label="Next day" onClick={() => navigate(scheduleUrl(addDays(day, 1)))}>
        <ChevronRight aria-hidden className="h-5 w-5" />
      </Button>
    </div>
  );
}
