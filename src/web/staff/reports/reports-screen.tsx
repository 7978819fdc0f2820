import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { financialYearOf } from '../../../shared/domain/bookkeeping';
import { RANGE_ORDER_MESSAGE } from '../../../shared/domain/reports';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { TextField } from '../../components/ui/field';
import { api } from '../../lib/api';
import { GstReportPanel } from './gst-report';
import { HeadlineFigures } from './headline-figures';
import { PayablesReportPanel } from './payables-report';
import { ProfitAndLossPanel } from './pnl-report';
import { presetOf, reportPresets, type ReportPeriod } from './periods';
import { ReceivablesPanel } from './receivables-report';
import { TyreReportPanel } from './tyre-report';
import { usePerthToday } from '../use-perth-today';

const SUB_TABS = [
  { id: 'gst', label: 'GST' },
  { id: 'payables', label: 'Payables' },
  { id: 'pnl', label: 'P&L Report' },
  { id: 'receivables', label: 'Receivables' },
  { id: 'tyres', label: 'Tyres' },
] as const;
type SubTab = (typeof SUB_TABS)[number]['id'];

/**
 * The GST tab is tracking only while the period is not registered for GST, and says so; registered,
 * it is the GST owed (docs/product.md "Reports", decisions 377 and 442). Plain "GST" until known.
 */
const gstTabLabel = (gstRegistered: boolean | undefined) =>
  gstRegistered === false ? 'GST Tracking (Visual Only)' : 'GST';

/**
 * The Reports tab (docs/product.md "Reports"): a start and end date (Perth, both inclusive,
 * default this financial year) and one report at a time. Each report shows the API's figures
 * as they come, with its CSV link for the same range. The headline figures come first and the
 * usual periods are one tap each (decision 353).
 */
export default function ReportsScreen() {
  const today = usePerthToday();
  const fy = financialYearOf(today);
  const presets = reportPresets(today);
  const tablist = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<ReportPeriod>(fy);
  const chosen = presetOf(range, today);
  const [draft, setDraft] = useState<{ startDate: string; endDate: string }>(fy);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<SubTab>('gst');
  // The same query the headline figures and the GST tab make, fetched once.
  const gst = useQuery(api.reports.gst.query({ query: range }));

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.startDate || !draft.endDate) return setError('Choose a start and an end date');
    if (draft.startDate > draft.endDate) return setError(RANGE_ORDER_MESSAGE);
    setError(null);
    setRange({ ...draft });
  };

  return (
    <section aria-labelledby="reports-heading" className="space-y-5">
      <h2 id="reports-heading" className="text-lg font-bold">
        Reports
      </h2>
      <p className="-mt-3 text-sm text-gray-700">
        {range.startDate} to {range.endDate}
      </p>
      <HeadlineFigures range={range} />
      <div role="group" aria-label="Report period" className="flex flex-wrap gap-2">
        {presets.map((p) => (
          <Button
            key={p.id}
            variant={chosen === p.id ? 'secondary' : 'outline'}
            aria-pressed={chosen === p.id}
            onClick={() => {
              setDraft(p.period);
              setRange(p.period);
              setError(null);
            }}
          >
            {p.label}
          </Button>
        ))}
      </div>
      <form noValidate onSubmit={apply} aria-label="Custom period" className="flex flex-wrap items-end gap-3">
        <div className="w-[calc(50%-0.375rem)] sm:w-44">
          <TextField
            label="Start date"
            type="date"
            value={draft.startDate}
            onChange={(e) => setDraft({ ...draft, startDate: e.target.value })}
          />
        </div>
        <div className="w-[calc(50%-0.375rem)] sm:w-44">
          <TextField
            label="End date"
            type="date"
            value={draft.endDate}
            error={error ?? undefined}
            onChange={(e) => setDraft({ ...draft, endDate: e.target.value })}
          />
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </form>

      {/* Two by two on a phone, so no report is hidden off the side (decision 242). */}
      {/* Brought into view on a choice, clear of the sticky section strip above it and a phone's bottom bar (scroll margins). */}
      <div
        ref={tablist}
        role="tablist"
        aria-label="Reports"
        className="grid scroll-mb-20 scroll-mt-16 grid-cols-2 gap-1 border-b border-gray-200 sm:flex sm:overflow-x-auto"
      >
        {SUB_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`report-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`report-panel-${t.id}`}
            onClick={() => {
              setTab(t.id);
              tablist.current?.scrollIntoView({ block: 'nearest' });
            }}
            className={cn(
              'min-h-11 shrink-0 border-b-4 px-3 font-medium leading-tight sm:whitespace-nowrap',
              tab === t.id ? 'border-accent text-charcoal' : 'border-transparent text-gray-700 hover:text-charcoal',
            )}
          >
            {t.id === 'gst' ? gstTabLabel(gst.data?.gstRegistered) : t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`report-panel-${tab}`} aria-labelledby={`report-tab-${tab}`}>
        {tab === 'gst' ? (
          <GstReportPanel range={range} />
        ) : tab === 'payables' ? (
          <PayablesReportPanel range={range} />
        ) : tab === 'pnl' ? (
          <ProfitAndLossPanel range={range} />
        ) : tab === 'receivables' ? (
          <ReceivablesPanel range={range} />
        ) : (
          <TyreReportPanel range={range} />
        )}
      </div>
    </section>
  );
}
