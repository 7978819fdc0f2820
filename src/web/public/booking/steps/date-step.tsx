import { useQuery } from '@tanstack/react-query';
import { Clock, Phone } from 'lucide-react';
import { CalendarDays } from 'lucide-react';
import { useEffect, useState } from 'react';
import { closedReason, holidayName } from '../../../../shared/domain/business-days';
import { describeBusinessHours, type BusinessHours } from '../../../../shared/domain/business-hours';
import { addDays, compareDays, isIsoDay, perthDay } from '../../../../shared/domain/perth-time';
import { hasSlotPassed, slotWindowLabel, TIME_SLOTS, type TimeSlot } from '../../../../shared/domain/slots';
import { BOOKING_HORIZON_DAYS } from '../../../../shared/schemas/booking';
import type { TimeSlotItem } from '../../../../shared/schemas/slots';
import { cn } from '../../../components/ui/cn';
import { api } from '../../../lib/api';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { bookingDayProblem } from '../booking-day';
import { BookingCalendar } from '../booking-calendar';
import { useNextFreeWindows } from '../free-windows';
import { FreeWindowList, SLOT_FETCH_FAILED } from '../free-window-list';
import { NO_SLOT, useBookingForm } from '../form-types';
import type { TyresOrdered } from '../use-tyre-stock';
import { heldByThisTab } from '../last-quote';

export { SLOT_FETCH_FAILED };

/**
 * Why a day is closed. The server's answer for the day wins: it knows the owner's closures and the
 * stored opening days (docs/decisions/287-closures-in-the-business-calendar.md); before it arrives,
 * the opening days the page was given and the public holidays say it.
 */
function closedNote(day: string, hours: BusinessHours, answer: TimeSlotItem[] | undefined): string | null {
  const reason = answer
    ? (answer.find((s) => s.blockedReason === 'Closed' || s.blockedReason === 'Public holiday')?.blockedReason ?? null)
    : closedReason(day, hours.days);
  if (reason === 'Public holiday')
    return `${holidayName(day) ?? 'This day'} is a public holiday, so we're closed. Please choose another day.`;
  if (reason === 'Closed')
    return closedReason(day, hours.days) === 'Closed'
      ? `We're closed on this day. We work ${describeBusinessHours(hours).long}.`
      : "We're closed on this day. Please choose another day.";
  return null;
}

/**
 * Step 1: the next free windows first, one tap each; "Another day" opens a calendar with the closed
 * and full days disabled (docs/decisions/356-next-free-windows-first.md); a date (today up to 90
 * days ahead, Perth) with the four slot buttons and their reasons.
 */
export function DateStep({
  hours,
  onWindowChosen,
  preselectFirst = false,
  note: welcome = null,
  ordered = null,
}: {
  hours: BusinessHours;
  /** New tyres to be ordered: the windows start at the first day they can come (decision 423). */
  ordered?: TyresOrdered | null;
  onWindowChosen: () => void;
  /** "Book again" opens on the next free window, chosen already (docs/decisions/412-book-again.md). */
  preselectFirst?: boolean;
  note?: string | null;
}) {
  const { register, watch, setValue, clearErrors, formState } = useBookingForm();
  const date = watch('date') ?? '';
  const chosen = watch('timeSlot');
  const today = perthDay(new Date());
  // The first day offered: today, or the day ordered tyres can come.
  const from = ordered && compareDays(ordered.day, today) > 0 ? ordered.day : today;
  const validDay = isIsoDay(date);
  const problem = validDay
    ? (bookingDayProblem(date, today) ??
      (compareDays(date, from) < 0 && ordered ? { message: ordered.note, slotReason: 'Before your tyres come' } : null))
    : null;
  const slotsQuery = useQuery({ ...api.slots.list.query({ query: { date } }), enabled: validDay && !problem });

  useEffect(() => {
    if (slotsQuery.isError)
      toast({ title: SLOT_FETCH_FAILED, description: 'Please try again, or call us to book.', variant: 'destructive' });
  }, [slotsQuery.isError]);

  const dateField = register('date');
  const now = new Date();
  const next = useNextFreeWindows(from, hours.days, now);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const first = next.windows[0];
  useEffect(() => {
    // Only once every day asked has answered: an earlier day still loading may hold an earlier window.
    if (preselectFirst && first && !next.loading && !date) {
      setValue('date', first.day);
      setValue('timeSlot', first.slot);
    }
  }, [preselectFirst, first, next.loading, date, setValue]);
  const chooseDay = (day: string) => {
    setValue('date', day);
    setValue('timeSlot', NO_SLOT);
    clearErrors('date');
    setCalendarOpen(false);
  };

  function reasonFor(slot: TimeSlot): string | null {
    if (!validDay) return null;
    if (problem) return problem.slotReason;
    if (hasSlotPassed(date, slot, now)) return 'Time has passed';
    const item = slotsQuery.data?.find((s) => s.slot === slot);
    if (!item) return slotsQuery.isError ? 'Unavailable' : null;
    // The window this tab's own unpaid quote holds stays offered: booking it again replaces that quote (decision 441).
    if (!item.isAvailable && !heldByThisTab(date, slot)) return item.blockedReason || 'Unavailable';
    return null;
  }

  const note = validDay && !problem ? closedNote(date, hours, slotsQuery.data) : null;
  return (
    <div className="space-y-4">
      {ordered ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm font-medium" data-testid="tyres-ordered-windows">
          {ordered.note}
        </p>
      ) : null}
      {welcome ? (
        <p role="status" className="rounded-lg bg-gray-50 p-3 text-sm font-medium">
          {welcome}
        </p>
      ) : null}
      <FreeWindowList
        windows={next.windows}
        loading={next.loading}
        failed={next.failed}
        selected={{ day: date, slot: chosen }}
        onChoose={(w) => {
          setValue('date', w.day);
          clearErrors('date');
          setValue('timeSlot', w.slot, { shouldValidate: true });
          // One tap chooses the day and the window, as booking tools customers know do: on to the service.
          onWindowChosen();
        }}
      />
      <button
        type="button"
        aria-expanded={calendarOpen}
        onClick={() => setCalendarOpen((o) => !o)}
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-charcoal underline underline-offset-2"
      >
        <CalendarDays aria-hidden className="h-4 w-4" /> Another day
      </button>
      {calendarOpen ? (
        <BookingCalendar today={from} businessDays={hours.days} chosen={validDay ? date : ''} onChoose={chooseDay} />
      ) : null}
      <TextField
        label="Date"
        type="date"
        min={from}
        max={addDays(today, BOOKING_HORIZON_DAYS)}
        {...dateField}
        onChange={(e) => {
          void dateField.onChange(e);
          // A slot belongs to its day: choosing another day clears it. A message about the day before
          // goes too ('Please select a date' once one is typed); the new day's own problem shows below.
          setValue('timeSlot', NO_SLOT);
          clearErrors('date');
        }}
        error={problem?.message ?? formState.errors.date?.message}
      />
      {note ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm font-medium">
          {note}
        </p>
      ) : null}

      <fieldset>
        <legend className="mb-2 text-sm font-medium">Time slot</legend>
        {!validDay ? <p className="text-sm text-gray-700">Choose a date to see the available times.</p> : null}
        {validDay && slotsQuery.isFetching && !slotsQuery.data ? <Spinner label="Loading times..." /> : null}
        {slotsQuery.isError ? (
          <p role="alert" className="mb-2 text-sm font-medium text-red-700">
            {SLOT_FETCH_FAILED}
          </p>
        ) : null}
        {validDay ? (
          <div className="grid grid-cols-2 gap-2">
            {TIME_SLOTS.map((slot) => {
              const reason = reasonFor(slot);
              const loading = !reason && !slotsQuery.data;
              const disabled = !!reason || loading;
              const selected = chosen === slot;
              return (
                <button
                  key={slot}
                  type="button"
                  disabled={disabled}
                  aria-pressed={selected}
                  onClick={() => setValue('timeSlot', slot, { shouldValidate: true })}
                  className={cn(
                    'flex min-h-14 flex-col items-center justify-center rounded-lg border-2 px-2 py-2 text-center font-semibold transition-colors',
                    selected
                      ? 'border-charcoal bg-accent text-charcoal'
                      : 'border-gray-300 bg-white hover:border-charcoal',
                    disabled && 'cursor-not-allowed border-gray-200 bg-gray-100 text-gray-600 hover:border-gray-200',
                  )}
                >
                  <span>{slotWindowLabel(slot)}</span>
                  {reason ? <span className="text-xs font-normal">{reason}</span> : null}
                </button>
              );
            })}
          </div>
        ) : null}
        {formState.errors.timeSlot ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {formState.errors.timeSlot.message}
          </p>
        ) : null}
      </fieldset>

      <div className="space-y-1 rounded-lg bg-gray-50 p-3 text-sm text-gray-800">
        <p className="flex items-start gap-2">
          <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> The arrival window is 2 hours.
        </p>
        <p className="flex items-start gap-2">
          <Phone aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> Your technician will call you before arrival.
        </p>
      </div>
    </div>
  );
}
