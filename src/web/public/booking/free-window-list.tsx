import { formatVisit, slotWindowLabel } from '../../../shared/domain/slots';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/spinner';
import type { FreeWindow } from './free-windows';

export const SLOT_FETCH_FAILED = 'Failed to fetch time slots';

/** "Tue 24 Nov" and "8–10 am": a window button reads differently from a day's slot buttons below it. */
function windowLabel(w: FreeWindow): { day: string; time: string } {
  return { day: formatVisit(w.day, w.slot).split(',')[0] ?? w.day, time: slotWindowLabel(w.slot).replace(' - ', '–') };
}

/**
 * The next free windows, one tap each (docs/decisions/356-next-free-windows-first.md): the
 * wizard's first step and the manage page's reschedule show the same list (docs/decisions/413-returning-customer-frictions.md).
 */
export function FreeWindowList({
  windows,
  loading,
  failed,
  selected,
  onChoose,
}: {
  windows: FreeWindow[];
  loading: boolean;
  failed: boolean;
  selected: { day: string; slot: string | null | undefined };
  onChoose: (w: FreeWindow) => void;
}) {
  return (
    <div role="group" aria-label="Next free times" aria-busy={loading}>
      <p className="mb-2 text-sm font-medium">Next free times</p>
      {loading && !windows.length ? <Spinner label="Finding the next free times..." /> : null}
      {!loading && !windows.length ? (
        <p className="text-sm text-gray-700">
          {failed ? SLOT_FETCH_FAILED : 'No free times in the next few days: choose another day.'}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        {windows.map((w) => {
          const label = windowLabel(w);
          const isChosen = selected.day === w.day && selected.slot === w.slot;
          return (
            <button
              key={`${w.day} ${w.slot}`}
              type="button"
              aria-pressed={isChosen}
              onClick={() => onChoose(w)}
              className={cn(
                'flex min-h-14 flex-col items-center justify-center rounded-lg border-2 px-2 py-2 text-center font-semibold',
                isChosen ? 'border-charcoal bg-accent text-charcoal' : 'border-gray-300 bg-white hover:border-charcoal',
              )}
            >
              <span>{label.day}</span>
              <span className="text-sm font-normal">{label.time}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
