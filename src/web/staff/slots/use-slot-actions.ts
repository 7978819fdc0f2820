import { useQueryClient } from '@tanstack/react-query';
import type { TimeSlot } from '../../../shared/domain/slots';
import type { StaffSlotDay } from '../../../shared/schemas/slots';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { dayBlockedSummary, shortDay, slotOnDay } from './calendar-days';

type SlotVars = { day: string; slot: TimeSlot };

/**
 * Block and unblock, a slot or a whole day (docs/product.md "Time slots and business days"), with
 * the toasts 'Block Failed' / 'Unblock Failed' carrying the server's sentence. Every calendar on
 * screen takes the day the server answered at once; what the contract affects (the calendars and
 * the public slot lists) is then read again, after a refusal too, so the booking wizard sees the change.
 */
export function useSlotActions() {
  const client = useQueryClient();
  const showDay = (day: StaffSlotDay) => {
    client.setQueriesData<StaffSlotDay[]>({ queryKey: api.staffSlots.calendar.prefix }, (days) =>
      days?.map((d) => (d.date === day.date ? day : d)),
    );
  };

  const block = useApiMutation(api.staffSlots.block, {
    input: ({ day, slot, reason }: SlotVars & { reason: string }) => ({
      params: { date: day, slot },
      body: { reason },
    }),
    onSuccess: (day, { slot, reason }) => {
      showDay(day);
      toast({ title: 'Slot Blocked', description: `${slotOnDay(day.date, slot)} is blocked: ${reason.trim()}` });
    },
    onError: (err) =>
      toast({
        title: 'Block Failed',
        description: errorMessage(err, 'Failed to block the time slot.'),
        variant: 'destructive',
      }),
    refreshOnError: true,
  });

  const unblock = useApiMutation(api.staffSlots.unblock, {
    input: ({ day, slot }: SlotVars) => ({ params: { date: day, slot } }),
    onSuccess: (day, { slot }) => {
      showDay(day);
      toast({ title: 'Slot Unblocked', description: `${slotOnDay(day.date, slot)} can be booked again.` });
    },
    onError: (err) =>
      toast({
        title: 'Unblock Failed',
        description: errorMessage(err, 'Failed to unblock the time slot.'),
        variant: 'destructive',
      }),
    refreshOnError: true,
  });

  const blockDay = useApiMutation(api.staffSlots.blockDay, {
    input: ({ day, reason }: { day: string; reason: string }) => ({ params: { date: day }, body: { reason } }),
    onSuccess: (day, { reason }) => {
      showDay(day);
      toast({ title: 'Day Blocked', description: dayBlockedSummary(day, reason.trim()) });
    },
    onError: (err) =>
      toast({
        title: 'Block Failed',
        description: errorMessage(err, 'Failed to block the day.'),
        variant: 'destructive',
      }),
    refreshOnError: true,
  });

  const unblockDay = useApiMutation(api.staffSlots.unblockDay, {
    input: ({ day }: { day: string }) => ({ params: { date: day } }),
    onSuccess: (day) => {
      showDay(day);
      toast({
        title: 'Day Unblocked',
        description: `Every slot of ${shortDay(day.date)} that was blocked can be booked again.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Unblock Failed',
        description: errorMessage(err, 'Failed to unblock the day.'),
        variant: 'destructive',
      }),
    refreshOnError: true,
  });

  return { block, unblock, blockDay, unblockDay };
}
export type SlotActions = ReturnType<typeof useSlotActions>;
