import { useQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { DEFAULT_BUSINESS_HOURS } from '../../../shared/domain/business-hours';
import { compareDays, formatDayLong, perthToday } from '../../../shared/domain/perth-time';
import { slotWindowLabel, type TimeSlot } from '../../../shared/domain/slots';
import type { ManageBooking } from '../../../shared/schemas/manage';
import { manageRescheduleRequest } from '../../../shared/schemas/manage';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { readPageData } from '../../lib/page-data';
import { cn } from '../../components/ui/cn';
import { BookingCalendar } from '../booking/booking-calendar';
import { FreeWindowList } from '../booking/free-window-list';
import { useNextFreeWindows } from '../booking/free-windows';
import { movingCloseNote } from './moving-close';

function businessDays(): readonly number[] {
  try {
    return readPageData().business.hours.days;
  } catch {
    return DEFAULT_BUSINESS_HOURS.days;
  }
}

/**
 * Another free window within the booking horizon, chosen from the wizard's own list of next free
 * windows, or another day's calendar (docs/decisions/413-returning-customer-frictions.md); the
 * server has the last word (a slot taken meanwhile is refused).
 */
export function RescheduleSection({
  token,
  booking,
  onChanged,
}: {
  token: string;
  booking: ManageBooking;
  onChanged: (b: ManageBooking) => void;
}) {
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [days] = useState(businessDays);
  const today = perthToday(new Date());
  // Tyres to be ordered: the first day offered is the day they can come, as in the wizard.
  const ordered = booking.orderedTyres;
  const from = ordered && compareDays(ordered.firstDay, today) > 0 ? ordered.firstDay : today;
  const isCurrent = (day: string, s: TimeSlot) => day === booking.scheduledDay && s === booking.timeSlot;
  const next = useNextFreeWindows(from, days, new Date());
  const windows = next.windows.filter((w) => !isCurrent(w.day, w.slot));
  const dayChosen = calendarOpen && /^\d{4}-\d{2}-\d{2}$/.test(date);
  const beforeTyres = dayChosen && compareDays(date, from) < 0;
  const slots = useQuery({ ...api.slots.list.query({ query: { date } }), enabled: dayChosen && !beforeTyres });
  const free = (slots.data ?? []).filter((s) => s.isAvailable && !isCurrent(date, s.slot));
  const closeNote =
    slot && /^\d{4}-\d{2}-\d{2}$/.test(date) ? movingCloseNote(date, slot, new Date(), booking.businessPhone) : null;

  const submit = async () => {
    const parsed = manageRescheduleRequest.safeParse({ date, timeSlot: slot ?? undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please select a date and a time');
    setPending(true);
    setError(null);
    try {
      const moved = await api.manage.reschedule({ params: { token }, body: parsed.data });
      toast({ title: 'Booking moved', description: moved.when });
      setDate('');
      setSlot(null);
      setCalendarOpen(false);
      onChanged(moved);
    } catch (err) {
      setError(errorMessage(err, 'The booking could not be moved. Please try again.'));
      void slots.refetch();
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="reschedule-heading" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="reschedule-heading" className="text-lg font-bold">
        Reschedule
      </h2>
      {ordered && from !== today ? <p>{ordered.note}</p> : null}
      <FreeWindowList
        windows={windows}
        loading={next.loading}
        failed={next.failed}
        selected={{ day: date, slot }}
        onChoose={(w) => {
          setDate(w.day);
          setSlot(w.slot);
          setCalendarOpen(false);
          setError(null);
        }}
      />
      <button
        type="button"
        aria-expanded={calendarOpen}
        onClick={() => {
          setCalendarOpen((o) => !o);
          setSlot(null);
        }}
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-charcoal underline underline-offset-2"
      >
        <CalendarDays aria-hidden className="h-4 w-4" /> Another day
      </button>
      {calendarOpen ? (
        <BookingCalendar
          today={today}
          businessDays={days}
          chosen={date}
          onChoose={(day) => {
            setDate(day);
            setSlot(null);
          }}
        />
      ) : null}
      {beforeTyres ? (
        <p role="alert">Your tyres come by {formatDayLong(from)}. Please choose that day or later.</p>
      ) : null}
      {dayChosen && !beforeTyres && slots.isPending ? <p role="status">Looking for free times…</p> : null}
      {dayChosen && !beforeTyres && slots.data ? (
        free.length === 0 ? (
          <p>No free times that day. Please choose another day.</p>
        ) : (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Arrival window</legend>
            <div className="grid grid-cols-2 gap-2">
              {free.map((s) => (
                <button
                  key={s.slot}
                  type="button"
                  aria-pressed={slot === s.slot}
                  onClick={() => setSlot(s.slot)}
                  className={cn(
                    'min-h-11 rounded-lg border px-3 py-2 text-base font-semibold',
                    slot === s.slot ? 'border-charcoal bg-charcoal text-white' : 'border-gray-400 bg-white',
                  )}
                >
                  {slotWindowLabel(s.slot)}
                </button>
              ))}
            </div>
          </fieldset>
        )
      ) : null}
      {closeNote ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm font-medium" data-testid="moving-close">
          {closeNote}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Button className="w-full" disabled={pending || !slot || !date} onClick={() => void submit()}>
        {pending ? 'Moving…' : 'Move my booking'}
      </Button>
    </section>
  );
}
