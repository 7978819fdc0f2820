import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { compareDays, isIsoDay } from '../../../shared/domain/perth-time';
import {
  isWithinSchedulingHorizon,
  SCHEDULING_HORIZON_MESSAGE,
  schedulingHorizonEnd,
  slotWindowLabel,
  type TimeSlot,
} from '../../../shared/domain/slots';
import { rescheduleRequest, RESCHEDULE_BOTH_MESSAGE, type JobDetail } from '../../../shared/schemas/jobs';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/spinner';
import { api } from '../../lib/api';
import { formatJobVisit } from './job-format';
import { useReschedule } from './use-job-actions';
import { usePerthToday } from '../use-perth-today';

const PAST_DATE_MESSAGE = 'Please choose today or a later date';

/**
 * Moving a job to another day and slot (docs/product.md "Job statuses and their moves"): no past
 * dates, the day's slots as the public sees them, a new date clears the slot, and the server's
 * message when the slot was taken meanwhile.
 */
export function ReschedulePanel({ job, onDone }: { job: JobDetail; onDone: () => void }) {
  const id = useId();
  const today = usePerthToday();
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState<TimeSlot | ''>('');
  const [error, setError] = useState<string | null>(null);
  // Staff schedule at most 12 months ahead (decision 256): a later day is refused here, before its slots are shown as free.
  const isTooFar = isIsoDay(date) && !isWithinSchedulingHorizon(date, today);
  const hasDate = isIsoDay(date) && compareDays(date, today) >= 0 && !isTooFar;
  const slots = useQuery({ ...api.slots.list.query({ query: { date } }), enabled: hasDate, staleTime: 0 });
  const reschedule = useReschedule(onDone);
  const available = (slots.data ?? []).filter((s) => s.isAvailable);

  const submit = () => {
    if (date && isIsoDay(date) && compareDays(date, today) < 0) return setError(PAST_DATE_MESSAGE);
    if (isTooFar) return; // already said beside the date
    // The server's own rule and message (src/shared/schemas/jobs.ts).
    const parsed = rescheduleRequest.safeParse({ scheduledDate: date, timeSlot: slot || undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? RESCHEDULE_BOTH_MESSAGE);
    setError(null);
    reschedule.mutate({ job, body: parsed.data }, { onError: () => setSlot('') });
  };

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-gray-300 bg-gray-50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div>
        <h4 id={`${id}-title`} className="font-bold">
          Reschedule {job.jobNumber}
        </h4>
        <p className="text-sm text-gray-700">Now: {formatJobVisit(job)}. The customer is emailed the new time.</p>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-date`} className="block text-sm font-medium">
          New date
        </label>
        <input
          id={`${id}-date`}
          type="date"
          min={today}
          max={schedulingHorizonEnd(today)}
          value={date}
          disabled={reschedule.isPending}
          onChange={(e) => {
            setDate(e.target.value);
            // A slot belongs to its day: a new day starts without one.
            setSlot('');
            setError(null);
          }}
          className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 text-base sm:max-w-xs"
        />
      </div>

      {isTooFar ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {SCHEDULING_HORIZON_MESSAGE}
        </p>
      ) : null}
      {hasDate ? (
        <fieldset className="space-y-2" disabled={reschedule.isPending}>
          <legend className="text-sm font-medium">New time slot</legend>
          {slots.isPending ? (
            <Spinner label="Loading time slots..." />
          ) : slots.isError ? (
            <p role="alert" className="text-red-700">
              Failed to fetch time slots
            </p>
          ) : (
            <>
              <div className="grid grid-cols-2 gap-2">
                {slots.data.map((s) => {
                  const isCurrent = date === job.scheduledDay && s.slot === job.timeSlot;
                  const reason = isCurrent ? 'Current time' : (s.blockedReason ?? 'Unavailable');
                  return (
                    <label
                      key={s.slot}
                      className={cn(
                        'flex min-h-12 flex-col justify-center rounded-lg border-2 px-2 py-2 text-center has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-strong',
                        s.isAvailable
                          ? 'cursor-pointer'
                          : 'cursor-not-allowed border-gray-200 bg-gray-100 text-gray-600',
                        s.isAvailable &&
                          (slot === s.slot
                            ? 'border-charcoal bg-accent/30'
                            : 'border-gray-300 bg-white hover:border-gray-500'),
                      )}
                    >
                      {/* The tile is the control; the radio itself stays for keyboards and screen readers. */}
                      <input
                        type="radio"
                        name={`${id}-slot`}
                        value={s.slot}
                        checked={slot === s.slot}
                        disabled={!s.isAvailable}
                        onChange={() => {
                          setSlot(s.slot);
                          setError(null);
                        }}
                        className="sr-only"
                      />
                      <span className="whitespace-nowrap font-semibold">{slotWindowLabel(s.slot)}</span>
                      <span className="text-sm">{s.isAvailable ? (slot === s.slot ? 'Chosen' : 'Free') : reason}</span>
                    </label>
                  );
                })}
              </div>
              {available.length === 0 ? (
                <p role="status" className="font-medium text-gray-800">
                  No available time slots for this date
                </p>
              ) : null}
            </>
          )}
        </fieldset>
      ) : null}

      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={reschedule.isPending}>
          Keep current time
        </Button>
        <Button type="submit" variant="secondary" disabled={reschedule.isPending}>
          {reschedule.isPending ? 'Rescheduling...' : 'Reschedule'}
        </Button>
      </div>
    </form>
  );
}
