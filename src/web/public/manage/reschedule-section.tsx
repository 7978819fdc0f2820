import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { perthToday } from '../../../shared/domain/perth-time';
import { slotWindowLabel, type TimeSlot } from '../../../shared/domain/slots';
import type { ManageBooking } from '../../../shared/schemas/manage';
import { manageRescheduleRequest } from '../../../shared/schemas/manage';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { cn } from '../../components/ui/cn';

/** Another free window within the booking horizon; the server has the last word (a slot taken meanwhile is refused). */
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
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const slots = useQuery({ ...api.slots.list.query({ query: { date } }), enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
  const free = (slots.data ?? []).filter(
    (s) => s.isAvailable && !(s.date === booking.scheduledDay && s.slot === booking.timeSlot),
  );

  const submit = async () => {
    const parsed = manageRescheduleRequest.safeParse({ date, timeSlot: slot ?? undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please select a date and a time');
    setPending(true);
    setError(null);
    try {
      const next = await api.manage.reschedule({ params: { token }, body: parsed.data });
      toast({ title: 'Booking moved', description: next.when });
      setDate('');
      setSlot(null);
      onChanged(next);
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
      <TextField
        label="New date"
        type="date"
        value={date}
        min={perthToday(new Date())}
        max={booking.lastBookableDay}
        onChange={(e) => (setDate(e.target.value), setSlot(null))}
      />
      {date && slots.isPending ? <p role="status">Looking for free times…</p> : null}
      {date && slots.data ? (
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
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Button className="w-full" disabled={pending || !slot} onClick={() => void submit()}>
        {pending ? 'Moving…' : 'Move my booking'}
      </Button>
    </section>
  );
}
