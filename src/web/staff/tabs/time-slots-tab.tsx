import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { addDays } from '../../../shared/domain/perth-time';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import type { BlockTarget } from '../slots/block-dialog';
import { dialogOnDemand, fetchAheadOfTap } from '../dialog-on-demand';
import { calendarStart, DAYS_SHOWN, shortDay } from '../slots/calendar-days';
import { SlotCalendar } from '../slots/slot-calendar';
import { useSlotActions } from '../slots/use-slot-actions';
import { usePerthToday } from '../use-perth-today';

/** The block form, loaded (with the zod it validates with) when first opened (docs/decisions/380-staff-first-screen-without-zod.md). */
const blockDialog = dialogOnDemand(
  async () => (await import('../slots/block-dialog')).BlockDialog,
  (props) => props.target !== null,
);
const { Dialog: BlockDialog } = blockDialog;
const aheadOfTap = fetchAheadOfTap(blockDialog);

const tabUrl = (from: string | null) => `/dashboard?tab=time-slots${from ? `&from=${from}` : ''}`;

function CalendarSkeleton() {
  return (
    <SkeletonGroup label="Loading time slots..." className="space-y-3">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="space-y-2 rounded-xl border border-gray-200 bg-white p-3">
          <Skeleton className="h-5 w-32" />
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, j) => (
              <Skeleton key={j} className="h-14" />
            ))}
          </div>
        </div>
      ))}
    </SkeletonGroup>
  );
}

/**
 * The Time-slots tab (admin; docs/product.md "Time slots and business days"): the coming weeks,
 * each slot free, booked (its job), blocked (its reason), closed or passed; block with a reason,
 * a whole day at once, unblock. The first week shown is in the URL (?from=), so it can be shared.
 */
export function TimeSlotsTab(_props: { user: PublicUser }) {
  const [, navigate] = useLocation();
  const fromParam = new URLSearchParams(useSearch()).get('from');
  const today = usePerthToday();
  const from = calendarStart(fromParam, today);
  const thisWeek = calendarStart(null, today);
  const calendar = useQuery(api.staffSlots.calendar.query({ query: { from, days: DAYS_SHOWN } }));
  const actions = useSlotActions();
  const [target, setTarget] = useState<BlockTarget | null>(null);
  const last = addDays(from, DAYS_SHOWN - 1);

  return (
    <section aria-labelledby="time-slots-heading" className="space-y-4" {...aheadOfTap}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="time-slots-heading" className="text-lg font-bold">
            Time Slots
          </h2>
          <p className="text-sm text-gray-700">
            {shortDay(from)} to {shortDay(last)}. A blocked slot cannot be booked; customers see its reason.
          </p>
        </div>
        <nav aria-label="Weeks shown" className="flex gap-2">
          <Button
            variant="outline"
            aria-label="Earlier weeks"
            onClick={() => navigate(tabUrl(addDays(from, -DAYS_SHOWN)))}
          >
            <ChevronLeft aria-hidden className="h-5 w-5" />
          </Button>
          <Button variant="outline" disabled={from === thisWeek} onClick={() => navigate(tabUrl(null))}>
            This week
          </Button>
          <Button
            variant="outline"
            aria-label="Later weeks"
            onClick={() => navigate(tabUrl(addDays(from, DAYS_SHOWN)))}
          >
            <ChevronRight aria-hidden className="h-5 w-5" />
          </Button>
        </nav>
      </div>

      {calendar.isPending ? (
        <CalendarSkeleton />
      ) : calendar.isError ? (
        <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          <p>Could not load the time slots: {calendar.error.message}</p>
          <Button variant="outline" onClick={() => void calendar.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <SlotCalendar
          days={calendar.data}
          today={today}
          actions={actions}
          onBlockSlot={(day, slot) => setTarget({ day, slot })}
          onBlockDay={(day) => setTarget({ day, slot: null })}
        />
      )}

      <BlockDialog target={target} actions={actions} onClose={() => setTarget(null)} />
    </section>
  );
}
