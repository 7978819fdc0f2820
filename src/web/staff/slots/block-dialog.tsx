import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { formatDayLong } from '../../../shared/domain/perth-time';
import { type TimeSlot } from '../../../shared/domain/slots';
import { blockRequest } from '../../../shared/schemas/slots';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { slotOnDay } from './calendar-days';
import type { SlotActions } from './use-slot-actions';

export type BlockTarget = { day: string; slot: TimeSlot } | { day: string; slot: null };

/**
 * Asks for the reason before blocking a slot or a whole day. The form checks the reason with the
 * server's own schema, so "Please give a reason for blocking" reads the same in both places.
 */
export function BlockDialog({
  target,
  actions,
  onClose,
}: {
  target: BlockTarget | null;
  actions: SlotActions;
  onClose: () => void;
}) {
  const form = useForm({ resolver: zodResolver(blockRequest), defaultValues: { reason: '' } });
  const { errors } = form.formState;
  const mutation = target?.slot ? actions.block : actions.blockDay;
  useEffect(() => {
    if (target) form.reset({ reason: '' });
  }, [target, form]);

  const title = !target
    ? 'Block'
    : target.slot
      ? `Block ${slotOnDay(target.day, target.slot)}`
      : `Block ${formatDayLong(target.day)}`;
  const onSubmit = form.handleSubmit(({ reason }) => {
    if (!target) return;
    const done = { onSuccess: onClose };
    if (target.slot) actions.block.mutate({ day: target.day, slot: target.slot, reason }, done);
    else actions.blockDay.mutate({ day: target.day, reason }, done);
  });

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={
        target?.slot === null
          ? 'Every free slot of the day will be blocked. Booked slots keep their jobs.'
          : 'Customers will not be able to book this slot.'
      }
    >
      <form noValidate className="space-y-4" onSubmit={(e) => void onSubmit(e)}>
        <TextField
          label="Reason"
          placeholder="e.g. Van service"
          autoComplete="off"
          maxLength={200}
          hint="Customers see this reason in the booking wizard."
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="secondary" disabled={mutation.isPending}>
            {mutation.isPending ? 'Blocking...' : target?.slot === null ? 'Block Day' : 'Block Slot'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
