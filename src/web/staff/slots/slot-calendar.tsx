import { CalendarOff, CalendarPlus } from 'lucide-react';
import { slotWindowLabel, TIME_SLOTS, type TimeSlot } from '../../../shared/domain/slots';
import type { StaffSlotDay } from '../../../shared/schemas/slots';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { useMediaQuery, WIDE_SCREEN } from '../../components/ui/use-media-query';
import {
  canBlockDay,
  canUnblockDay,
  closedLabel,
  dayCardRoom,
  groupByWeek,
  isFoldedDay,
  shortDay,
} from './calendar-days';
import { cellTone, SlotCellContent } from './slot-cell';
import type { SlotActions } from './use-slot-actions';

type Props = {
  days: StaffSlotDay[];
  today: string;
  actions: SlotActions;
  onBlockSlot: (day: string, slot: TimeSlot) => void;
  onBlockDay: (day: string) => void;
};

function isUnblocking(actions: SlotActions, day: string, slot: TimeSlot): boolean {
  const v = actions.unblock.variables;
  return (
    (actions.unblock.isPending && v?.day === day && v.slot === slot) ||
    (actions.unblockDay.isPending && actions.unblockDay.variables?.day === day)
  );
}

function DayActions({
  day,
  actions,
  onBlockDay,
  compact,
}: {
  day: StaffSlotDay;
  actions: SlotActions;
  onBlockDay: (day: string) => void;
  compact?: boolean;
}) {
  const label = shortDay(day.date);
  const unblocking = actions.unblockDay.isPending && actions.unblockDay.variables?.day === day.date;
  return (
    <div className="flex flex-wrap gap-x-2">
      {canBlockDay(day) ? (
        <Button
          size={compact ? 'sm' : 'md'}
          variant="ghost"
          aria-label={`Block all of ${label}`}
          onClick={() => onBlockDay(day.date)}
        >
          <CalendarOff aria-hidden className="h-4 w-4" />
          Block day
        </Button>
      ) : null}
      {canUnblockDay(day) ? (
        <Button
          size={compact ? 'sm' : 'md'}
          variant="ghost"
          aria-label={`Unblock all of ${label}`}
          disabled={unblocking}
          onClick={() => actions.unblockDay.mutate({ day: day.date })}
        >
          <CalendarPlus aria-hidden className="h-4 w-4" />
          {unblocking ? 'Unblocking...' : 'Unblock day'}
        </Button>
      ) : null}
    </div>
  );
}

/** Wide screens (mouse-sized buttons): one table per week, days across and the four slots down. */
function WeekTable({ week, today, actions, onBlockSlot, onBlockDay }: Props & { week: StaffSlotDay[] }) {
  const first = week[0]!;
  return (
    <table className="w-full table-fixed border-collapse overflow-hidden rounded-xl border border-gray-200 bg-white text-left">
      <caption className="px-1 pb-2 text-left text-base font-bold">Week of {shortDay(first.date)}</caption>
      <thead>
        <tr>
          <th scope="col" className="w-28 border-b border-gray-200 bg-gray-50 p-2 text-sm font-medium text-gray-700">
            <span className="sr-only">Slot</span>
          </th>
          {week.map((day) => (
            <th
              key={day.date}
              scope="col"
              className={cn(
                'border-b border-l border-gray-200 p-2 align-top',
                day.date === today ? 'bg-accent/20' : 'bg-gray-50',
                day.closedReason && 'w-28',
              )}
            >
              <span className="block font-semibold">{shortDay(day.date)}</span>
              {day.date === today ? (
                <span className="block text-xs font-semibold uppercase tracking-wide">Today</span>
              ) : null}
              {day.closedReason ? (
                <span className="block text-xs font-normal text-gray-700">{closedLabel(day)}</span>
              ) : (
                <DayActions compact day={day} actions={actions} onBlockDay={onBlockDay} />
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {TIME_SLOTS.map((slot, row) => (
          <tr key={slot}>
            <th
              scope="row"
              className="whitespace-nowrap border-t border-gray-200 bg-gray-50 p-2 align-top text-sm font-semibold"
            >
              {slotWindowLabel(slot)}
            </th>
            {week.map((day) => {
              const s = day.slots[row]!;
              return (
                <td key={day.date} className={cn('border-l border-t border-gray-200 p-2 align-top', cellTone(s.state))}>
                  {s.state === 'closed' && s.jobs.length === 0 ? (
                    <span className="sr-only">Closed</span>
                  ) : (
                    <SlotCellContent
                      layout="stack"
                      day={day.date}
                      slot={s}
                      onBlock={onBlockSlot}
                      onUnblock={(d, sl) => actions.unblock.mutate({ day: d, slot: sl })}
                      unblocking={isUnblocking(actions, day.date, slot)}
                    />
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phones: a list of days, each with its four slots; closed and spent days fold to one line. */
function DayCard({ day, today, actions, onBlockSlot, onBlockDay }: Omit<Props, 'days'> & { day: StaffSlotDay }) {
  const headingId = `slots-day-${day.date}`;
  const folded = isFoldedDay(day);
  return (
    <li
      aria-labelledby={headingId}
      style={{ containIntrinsicSize: `auto ${dayCardRoom(day)}rem` }}
      className={cn('card-in-long-list rounded-xl border border-gray-200', folded ? 'bg-gray-50' : 'bg-white')}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 px-3 pt-2">
        <h3 id={headingId} className="py-1 font-bold">
          {shortDay(day.date)}
          {day.date === today ? (
            <span className="ml-2 rounded bg-accent px-1.5 py-0.5 text-xs font-semibold uppercase">Today</span>
          ) : null}
          {folded ? (
            <span className="ml-2 text-sm font-normal text-gray-700">{closedLabel(day) ?? 'Passed'}</span>
          ) : null}
        </h3>
        {folded ? null : <DayActions day={day} actions={actions} onBlockDay={onBlockDay} />}
      </div>
      {folded ? (
        <div className="h-2" />
      ) : (
        <ul className="mt-1 divide-y divide-gray-200 border-t border-gray-200">
          {day.slots.map((s) => (
            <li key={s.slot} className={cn('flex items-center gap-3 px-3 py-2', cellTone(s.state))}>
              <span className="w-[5.5rem] shrink-0 text-sm font-semibold">{slotWindowLabel(s.slot)}</span>
              <SlotCellContent
                layout="row"
                day={day.date}
                slot={s}
                onBlock={onBlockSlot}
                onUnblock={(d, sl) => actions.unblock.mutate({ day: d, slot: sl })}
                unblocking={isUnblocking(actions, day.date, s.slot)}
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The coming weeks of slots (docs/product.md "Time slots and business days"): week tables on a wide screen, a list of days on a phone. */
export function SlotCalendar(props: Props) {
  const isWide = useMediaQuery(WIDE_SCREEN);
  if (isWide) {
    return (
      <div className="space-y-6">
        {groupByWeek(props.days).map((week) => (
          <WeekTable key={week[0]!.date} {...props} week={week} />
        ))}
      </div>
    );
  }
  return (
    <ol aria-label="Days" className="space-y-3">
      {props.days.map((day) => (
        <DayCard
          key={day.date}
          day={day}
          today={props.today}
          actions={props.actions}
          onBlockSlot={props.onBlockSlot}
          onBlockDay={props.onBlockDay}
        />
      ))}
    </ol>
  );
}
