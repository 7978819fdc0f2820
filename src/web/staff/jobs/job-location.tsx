import { fullAddress, truncate } from './job-format';

/**
 * The street cut to `max` characters (docs/product.md "Staff dashboard": 30 on a card, 20 in the
 * table) above the suburb. The full address is the tooltip and what a screen reader reads.
 */
export function JobLocation({
  job,
  max,
  noWrap = false,
}: {
  job: { address: string; suburb: string; postcode: string };
  max: number;
  noWrap?: boolean;
}) {
  const full = fullAddress(job);
  return (
    <span title={full} className="block min-w-0">
      <span aria-hidden className={noWrap ? 'block whitespace-nowrap' : 'block'}>
        {truncate(job.address, max)}
      </span>
      <span aria-hidden className="block text-sm text-gray-700">
        {job.suburb} {job.postcode}
      </span>
      <span className="sr-only">{full}</span>
    </span>
  );
}
