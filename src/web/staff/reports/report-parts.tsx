import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDollars, toCents } from '../../../shared/domain/money';
import { cn } from '../../components/ui/cn';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { useMediaQuery } from '../../components/ui/use-media-query';

/** Pieces every report panel shares: money, figure cards, tables, states and the CSV link. */

export const money = (v: string) => formatDollars(toCents(v));
/** Dollars as a number, for chart scales only: every figure shown in words comes from the string. */
export const chartDollars = (v: string) => toCents(v) / 100;
export const percent = (n: number) => `${n.toFixed(2)}%`;

export function Figure({
  label,
  value,
  hint,
  tone,
}: {
  label: string;
  value: string;
  hint?: string;
  tone?: 'good' | 'bad';
}) {
  return (
    <div className="rounded-xl border border-gray-200 p-3">
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd
        className={cn(
          'text-xl font-bold tabular-nums',
          tone === 'good' && 'text-green-900',
          tone === 'bad' && 'text-red-800',
        )}
      >
        {value}
      </dd>
      {hint ? <dd className="text-xs text-gray-700">{hint}</dd> : null}
    </div>
  );
}

export function Figures({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {children}
    </dl>
  );
}

export type Column<T> = { header: string; cell: (row: T) => ReactNode; numeric?: boolean };

/**
 * A report table. On a phone (under the sm breakpoint) each row is a card of label/value pairs,
 * so nothing scrolls sideways; from sm up it is a table, which may still scroll inside its frame
 * (decision 242). Only one of the two is in the page, so assistive technology meets one and a
 * phone's first screen holds the cards only (decision 370).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, i: number) => string;
  empty?: string;
}) {
  const nothing = empty ?? 'Nothing in this period.';
  const wide = useMediaQuery('(min-width: 640px)');
  return (
    <div className="rounded-xl border border-gray-200">
      {wide ? null : (
        <section aria-label={caption}>
          <h3 className="px-3 py-2 text-base font-bold">{caption}</h3>
          {rows.length === 0 ? (
            <p className="px-3 pb-3 text-sm text-gray-700">{nothing}</p>
          ) : (
            <ul className="divide-y divide-gray-200 border-t border-gray-200">
              {rows.map((row, i) => (
                // A long period has dozens of rows: a phone lays out those on screen (decision 379).
                <li key={rowKey(row, i)} className="card-in-long-list px-3 py-2">
                  <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
                    {columns.map((c) => {
                      const value = c.cell(row);
                      // An empty cell (a bill with no number) is left out rather than shown as a bare label.
                      if (value === '' || value === null || value === undefined) return null;
                      return (
                        <div key={c.header} className="contents">
                          <dt className="text-gray-700">{c.header}</dt>
                          <dd
                            className={cn('min-w-0 font-medium [overflow-wrap:anywhere]', c.numeric && 'tabular-nums')}
                          >
                            {value}
                          </dd>
                        </div>
                      );
                    })}
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {wide ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-max text-left text-sm">
            <caption className="px-3 py-2 text-left text-base font-bold">{caption}</caption>
            <thead className="bg-gray-50">
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={cn('px-3 py-2 font-semibold', c.numeric && 'text-right')}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-3 py-3 text-gray-700">
                    {nothing}
                  </td>
                </tr>
              ) : (
                rows.map((row, i) => (
                  <tr key={rowKey(row, i)}>
                    {columns.map((c) => (
                      <td key={c.header} className={cn('px-3 py-2', c.numeric && 'text-right tabular-nums')}>
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

export function ReportSkeleton({ label }: { label: string }) {
  return (
    <SkeletonGroup label={label} className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-64" />
      <Skeleton className="h-40" />
    </SkeletonGroup>
  );
}

export function ReportError({ title, detail }: { title: string; detail: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{detail}</p>
    </div>
  );
}

export function ReportEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">{children}</p>;
}

/** The CSV of the same report and range (decision 211). */
export function CsvLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 font-semibold text-charcoal hover:bg-gray-50"
    >
      <Download aria-hidden className="h-4 w-4" />
      {label}
    </a>
  );
}

/** A chart with a text alternative: the tables below it carry the same figures. */
export function ChartFrame({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <figure className="rounded-xl border border-gray-200 p-3">
      <figcaption className="mb-2 font-bold">{title}</figcaption>
      <div role="img" aria-label={summary} className="h-64 w-full">
        {children}
      </div>
    </figure>
  );
}
