import type { JobEvent } from '../../../shared/schemas/jobs';
import { perthDateTime } from '../../../shared/domain/perth-time';
import { describeEvent, historyNewestFirst, showsNoteApart } from './job-format';

/** Every change of status, price, schedule or assignment, newest first, with who and when (docs/product.md "Job statuses and their moves"). */
export function JobHistory({ events }: { events: JobEvent[] }) {
  const newestFirst = historyNewestFirst(events);
  return (
    <section aria-labelledby="job-history-heading" className="space-y-2">
      <h3 id="job-history-heading" className="text-lg font-bold">
        History
      </h3>
      {newestFirst.length === 0 ? (
        <p className="text-gray-700">No changes recorded yet.</p>
      ) : (
        <ol className="divide-y divide-gray-100 rounded-lg border border-gray-200">
          {newestFirst.map((event) => (
            <li key={event.id} className="p-3">
              <p className="font-medium whitespace-pre-wrap">{describeEvent(event)}</p>
              {showsNoteApart(event) ? <p className="text-gray-800">{event.note}</p> : null}
              <p className="text-sm text-gray-700">
                <time dateTime={event.at}>{perthDateTime(event.at)}</time> · {event.actor ?? 'System'}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
