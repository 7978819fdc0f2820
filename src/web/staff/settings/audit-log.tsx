import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { AuditFilter } from '../../../shared/schemas/audit';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { PageNav } from '../../components/ui/page-nav';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { pageRangeText } from '../../lib/format';
import { downloadFile } from '../../lib/download';
import { AuditCards, AuditTable, kindLabel } from './audit-entries';
import { onDemand } from '../../lib/on-demand';
import { RULES_UNAVAILABLE } from '../../lib/resolver-on-demand';

const PAGE_SIZE = 20;
const NO_FILTERS = { user: '', kind: '', from: '', to: '' };
type Filters = typeof NO_FILTERS;

// The server's filter rule, fetched (with zod) once a filter is set (docs/decisions/381-form-rules-on-demand.md).
const loadFilterRule = onDemand(async () => (await import('../../../shared/schemas/audit')).auditFilterQuery);
type FilterRule = Awaited<ReturnType<typeof loadFilterRule>>;

/**
 * The filters as the API takes them (empty ones left out), and the refusal of each field in the
 * server's words; `checked` is false while a set filter waits for the rule.
 */
function checkFilters(
  f: Filters,
  rule: FilterRule | null,
): { query: AuditFilter; errors: Partial<Record<keyof Filters, string>>; checked: boolean } {
  const query: AuditFilter = {
    user: f.user || undefined,
    kind: f.kind || undefined,
    from: f.from || undefined,
    to: f.to || undefined,
  };
  if (!Object.values(f).some(Boolean)) return { query, errors: {}, checked: true };
  if (!rule) return { query, errors: {}, checked: false };
  const parsed = rule.safeParse(query);
  if (parsed.success) return { query, errors: {}, checked: true };
  const errors: Partial<Record<keyof Filters, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Filters] ??= issue.message;
  return { query, errors, checked: true };
}

/**
 * "Audit log" (admins only): every staff write, who made it, when, from which address, and for money
 * the old and new value (docs/decisions/303-one-audit-log-every-history-a-view.md), filtered by user,
 * kind and days, newest first; cards on a phone, a table on a wide screen; a CSV of the same rows.
 */
export function AuditLogSection() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [rule, setRule] = useState<FilterRule | null>(null);
  // Asked again at each change of a filter, should the last fetch have failed.
  useEffect(() => {
    if (rule || !Object.values(filters).some(Boolean)) return;
    let live = true;
    loadFilterRule().then(
      (loaded) => live && setRule(() => loaded),
      () => live && toast({ title: 'Error', description: RULES_UNAVAILABLE, variant: 'destructive' }),
    );
    return () => {
      live = false;
    };
  }, [filters, rule]);
  const { query, errors, checked } = checkFilters(filters, rule);
  const refused = Object.keys(errors).length > 0;
  const valid = checked && !refused;
  const users = useQuery(api.team.listUsers.query());
  // Every staff write adds to the log without naming it in `affects` (the log is no area a write
  // changes, decision 330), so the log is read afresh each time the section shows.
  const kinds = useQuery({ ...api.audit.kinds.query(), staleTime: 0 });
  const log = useQuery({
    ...api.audit.list.pageQuery({ query: { ...query, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    enabled: valid,
    staleTime: 0,
  });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / PAGE_SIZE)) : 1;
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [key]: e.target.value }));
    setPage(1);
  };
  const download = () => {
    downloadFile(api.audit.csv.url({ query }));
    toast({ title: 'Download started', description: 'The audit log CSV with the current filters.' });
  };

  return (
    <section
      id="audit-log"
      aria-labelledby="audit-log-heading"
      className="scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="audit-log-heading" className="text-lg font-bold">
          Audit log
        </h2>
        <Button variant="outline" onClick={download} disabled={!valid}>
          <Download aria-hidden className="h-4 w-4" />
          Download CSV
        </Button>
      </div>
      <p className="mt-1 text-gray-700">
        Every change staff made: who, when, from which address, and the old and new values. Nobody can change or remove
        it.
      </p>

      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField label="User" value={filters.user} onChange={set('user')} disabled={users.isPending}>
          <option value="">Everyone</option>
          {users.data?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.username}
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" value={filters.kind} onChange={set('kind')} disabled={kinds.isPending}>
          <option value="">All kinds</option>
          {kinds.data?.map((k) => (
            <option key={k} value={k}>
              {kindLabel(k)}
            </option>
          ))}
        </SelectField>
        <TextField label="From" type="date" value={filters.from} onChange={set('from')} error={errors.from} />
        <TextField label="To" type="date" value={filters.to} onChange={set('to')} error={errors.to} />
      </div>

      {refused ? null : log.isPending ? (
        <SkeletonGroup label="Loading the audit log..." className="mt-4 space-y-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </SkeletonGroup>
      ) : log.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          Could not load the audit log.
        </p>
      ) : log.data.items.length === 0 ? (
        <p className="mt-4 text-gray-700">No entries match these filters.</p>
      ) : (
        <div className={log.isPlaceholderData ? 'mt-4 opacity-60' : 'mt-4'} aria-busy={log.isFetching}>
          <p className="mb-2 text-sm text-gray-700" aria-live="polite">
            {pageRangeText(page, PAGE_SIZE, log.data.total)}
          </p>
          <div className="lg:hidden">
            <AuditCards entries={log.data.items} />
          </div>
          <div className="hidden lg:block">
            <AuditTable entries={log.data.items} />
          </div>
          <PageNav label="Audit log pages" page={page} pages={pages} onPage={setPage} className="mt-3" />
        </div>
      )}
    </section>
  );
}
