import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Download, Link2, RefreshCw, Unlink } from 'lucide-react';
import { useState } from 'react';
import {
  ACCOUNTING_EXPORT_FORMATS,
  ACCOUNTING_PAYMENT_METHODS,
  type AccountingExportFormat,
  type AccountingMapping,
  type AccountingPaymentMethod,
} from '../../../shared/domain/accounting';
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABELS } from '../../../shared/domain/expense-categories';
import { ONSITE_PAYMENT_LABELS } from '../../../shared/domain/services';
import { addDays } from '../../../shared/domain/perth-time';
import type { AccountingOverview, AccountingSyncRow } from '../../../shared/schemas/accounting';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { usePerthToday } from '../use-perth-today';

/**
 * Settings, "Accounting" (admins; docs/decisions/417-accounting-export.md, 418-xero-sync.md): the
 * Xero connection and its organisation, what is waiting, sent and failed, the failed records with
 * Xero's own message and "Send again", the main account codes, and the CSV export for any other
 * package. Phone first: one column at 360 px, every control at least 44 px tall.
 */
export function AccountingSection() {
  const overview = useQuery({ ...api.accounting.overview.query(), staleTime: 0 });
  return (
    <section
      id="accounting"
      aria-labelledby="accounting-heading"
      className="scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <h2 id="accounting-heading" className="text-lg font-bold">
        Accounting
      </h2>
      {overview.isPending ? (
        <SkeletonGroup label="Loading the accounting link..." className="mt-4 space-y-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-24 w-full" />
        </SkeletonGroup>
      ) : overview.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(overview.error, 'Could not load the accounting link.')}
        </p>
      ) : (
        <AccountingBody overview={overview.data} />
      )}
    </section>
  );
}

function AccountingBody({ overview }: { overview: AccountingOverview }) {
  const { connection, counts } = overview;
  const connect = useApiMutation(api.accounting.connect, {
    input: () => ({}),
    onSuccess: (data) => window.location.assign(data.authorizeUrl),
    onError: (err) =>
      toast({
        title: 'Error',
        description: errorMessage(err, 'Could not start connecting Xero.'),
        variant: 'destructive',
      }),
  });
  const disconnect = useApiMutation(api.accounting.disconnect, {
    input: () => ({}),
    onSuccess: () => toast({ title: 'Success', description: 'Xero disconnected.' }),
    onError: (err) =>
      toast({ title: 'Error', description: errorMessage(err, 'Could not disconnect Xero.'), variant: 'destructive' }),
  });
  const sync = useApiMutation(api.accounting.sync, {
    input: () => ({}),
    onSuccess: (r) =>
      toast({
        title: 'Success',
        description: `Sent ${r.sent}, failed ${r.failed}, waiting ${r.waiting}.`,
      }),
    onError: (err) =>
      toast({ title: 'Error', description: errorMessage(err, 'Could not send to Xero.'), variant: 'destructive' }),
  });
  return (
    <div className="mt-3 space-y-5">
      {overview.failingForADay ? (
        <p role="alert" className="flex gap-2 rounded-lg border-l-4 border-amber-500 bg-amber-50 p-3 text-amber-950">
          <AlertTriangle aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
          Something has not reached Xero for over a day. See the failed records below.
        </p>
      ) : null}
      <div className="space-y-2">
        {connection.connected && !connection.error ? (
          <p data-testid="xero-organisation">
            Connected to <strong>{connection.organisationName}</strong>
            {connection.simulated ? (
              <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-sm text-amber-900">Simulated Xero</span>
            ) : null}
          </p>
        ) : (
          <p className="text-gray-700">
            {connection.error ??
              'Xero is not connected. Connect it to send invoices, payments, credit notes, bills and expenses there once each.'}
            {connection.simulated
              ? ' (No Xero credentials are set: the simulated Xero, a local stand-in, is used.)'
              : ''}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {connection.connected && !connection.error ? (
            <>
              <Button className="min-h-11" onClick={() => sync.mutate(undefined)} disabled={sync.isPending}>
                <RefreshCw aria-hidden className="h-4 w-4" />
                {sync.isPending ? 'Sending...' : 'Send now'}
              </Button>
              <Button
                variant="outline"
                className="min-h-11"
                onClick={() => disconnect.mutate(undefined)}
                disabled={disconnect.isPending}
              >
                <Unlink aria-hidden className="h-4 w-4" />
                Disconnect
              </Button>
            </>
          ) : (
            <Button className="min-h-11" onClick={() => connect.mutate(undefined)} disabled={connect.isPending}>
              <Link2 aria-hidden className="h-4 w-4" />
              {connect.isPending ? 'Connecting...' : connection.error ? 'Connect again' : 'Connect Xero'}
            </Button>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center" aria-label="Records sent to Xero">
        {(['waiting', 'sent', 'failed'] as const).map((state) => (
          <div key={state} className="rounded-lg border border-gray-200 p-2">
            <dt className="text-sm capitalize text-gray-700">{state}</dt>
            <dd className="text-xl font-bold" data-count={state}>
              {counts[state]}
            </dd>
          </div>
        ))}
      </dl>
      <FailedLog />
      <MappingForm mapping={overview.mapping} connected={connection.connected && !connection.error} />
      <ExportLinks />
    </div>
  );
}

function FailedLog() {
  const log = useQuery({ ...api.accounting.log.query({ query: { state: 'failed' } }), staleTime: 0 });
  const retry = useApiMutation(api.accounting.retry, {
    input: (id: string) => ({ params: { id } }),
    onSuccess: () => toast({ title: 'Success', description: 'It will be sent again at the next sync.' }),
    onError: (err) =>
      toast({ title: 'Error', description: errorMessage(err, 'Could not send it again.'), variant: 'destructive' }),
  });
  if (log.isPending) return <Skeleton className="h-16 w-full" />;
  const rows: AccountingSyncRow[] = log.data ?? [];
  return (
    <div>
      <h3 className="font-semibold">Failed</h3>
      {rows.length === 0 ? (
        <p className="text-gray-700">Nothing has failed.</p>
      ) : (
        <ul className="mt-2 space-y-2" aria-label="Failed records">
          {rows.map((r) => (
            <li key={r.id} className="rounded-lg border border-red-200 bg-red-50 p-3 [overflow-wrap:anywhere]">
              <p className="font-medium">{r.label}</p>
              <p className="text-sm text-red-900">Xero said: {r.lastError}</p>
              <Button
                variant="outline"
                className="mt-2 min-h-11"
                onClick={() => retry.mutate(r.id)}
                disabled={retry.isPending}
              >
                Send again
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const MAIN_CODES = [
  ['revenue', 'Sales (services)'],
  ['tyreSales', 'Sales (tyres)'],
  ['tyresAtCost', 'Tyres at cost (supplier bills)'],
] as const;

const TAX_TYPE_LABELS: Record<keyof AccountingMapping['taxTypes'], string> = {
  sales: 'Tax on sales (registered)',
  purchases: 'Tax on purchases (registered)',
  salesNoGst: 'Tax on sales before GST registration',
  purchasesNoGst: 'Tax on purchases before GST registration',
};

const PAYMENT_LABELS: Record<AccountingPaymentMethod, string> = { ...ONSITE_PAYMENT_LABELS, online: 'Card online' };

type Option = { value: string; label: string };

/** A code: chosen from the organisation's own list when Xero is connected, typed otherwise. */
function CodeField(props: {
  id: string;
  label: string;
  value: string;
  options: Option[] | null;
  onChange(v: string): void;
}) {
  const cls = 'mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3';
  const known = props.options?.some((o) => o.value === props.value);
  return (
    <label className="block" htmlFor={props.id}>
      <span className="text-sm font-medium text-gray-700">{props.label}</span>
      {props.options ? (
        <select id={props.id} className={cls} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          {known ? null : <option value={props.value}>{props.value} (not in Xero)</option>}
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input id={props.id} className={cls} value={props.value} onChange={(e) => props.onChange(e.target.value)} />
      )}
    </label>
  );
}

function MappingForm({ mapping, connected }: { mapping: AccountingMapping; connected: boolean }) {
  const [draft, setDraft] = useState(mapping);
  const choices = useQuery({ ...api.accounting.choices.query(), enabled: connected, staleTime: 5 * 60_000 });
  const accounts: Option[] | null = choices.data
    ? choices.data.accounts.map((a) => ({ value: a.code, label: `${a.code} ${a.name}` }))
    : null;
  const taxTypes: Option[] | null = choices.data
    ? choices.data.taxTypes.map((t) => ({ value: t.code, label: `${t.name} (${t.rate}%)` }))
    : null;
  const save = useApiMutation(api.accounting.saveMapping, {
    input: (body: AccountingMapping) => ({ body }),
    onSuccess: () => toast({ title: 'Success', description: 'Account mapping saved.' }),
    onError: (err) =>
      toast({ title: 'Error', description: errorMessage(err, 'Could not save the mapping.'), variant: 'destructive' }),
  });
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft);
      }}
    >
      <h3 className="font-semibold">Account codes and tax types</h3>
      {MAIN_CODES.map(([key, label]) => (
        <CodeField
          key={key}
          id={`map-${key}`}
          label={label}
          value={draft[key]}
          options={accounts}
          onChange={(v) => setDraft({ ...draft, [key]: v })}
        />
      ))}
      <details className="rounded-lg border border-gray-200 p-3">
        <summary className="flex min-h-11 cursor-pointer items-center font-medium">Expense categories</summary>
        {EXPENSE_CATEGORIES.map((c) => (
          <CodeField
            key={c}
            id={`map-expense-${c}`}
            label={EXPENSE_CATEGORY_LABELS[c]}
            value={draft.expenses[c]}
            options={accounts}
            onChange={(v) => setDraft({ ...draft, expenses: { ...draft.expenses, [c]: v } })}
          />
        ))}
      </details>
      <details className="rounded-lg border border-gray-200 p-3">
        <summary className="flex min-h-11 cursor-pointer items-center font-medium">Payments into</summary>
        {ACCOUNTING_PAYMENT_METHODS.map((m) => (
          <CodeField
            key={m}
            id={`map-payment-${m}`}
            label={PAYMENT_LABELS[m]}
            value={draft.payments[m]}
            options={accounts}
            onChange={(v) => setDraft({ ...draft, payments: { ...draft.payments, [m]: v } })}
          />
        ))}
      </details>
      <details className="rounded-lg border border-gray-200 p-3">
        <summary className="flex min-h-11 cursor-pointer items-center font-medium">Tax types</summary>
        {(Object.keys(TAX_TYPE_LABELS) as (keyof AccountingMapping['taxTypes'])[]).map((k) => (
          <CodeField
            key={k}
            id={`map-tax-${k}`}
            label={TAX_TYPE_LABELS[k]}
            value={draft.taxTypes[k]}
            options={taxTypes}
            onChange={(v) => setDraft({ ...draft, taxTypes: { ...draft.taxTypes, [k]: v } })}
          />
        ))}
      </details>
      <label className="block" htmlFor="map-expense-mode">
        <span className="text-sm font-medium text-gray-700">Expenses go to Xero as</span>
        <select
          id="map-expense-mode"
          className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3"
          value={draft.expenseMode}
          onChange={(e) => setDraft({ ...draft, expenseMode: e.target.value as AccountingMapping['expenseMode'] })}
        >
          <option value="spend-money">Spend money (paid from the bank account)</option>
          <option value="bills">Bills (to pay later)</option>
        </select>
      </label>
      <Button type="submit" className="min-h-11" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save mapping'}
      </Button>
    </form>
  );
}

const FORMAT_LABELS: Record<AccountingExportFormat, string> = {
  'xero-invoices': 'Xero sales invoices',
  'xero-bills': 'Xero bills',
  'myob-sales': 'MYOB sales',
};

function ExportLinks() {
  const today = usePerthToday();
  const [from, setFrom] = useState(`${addDays(today, -28).slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Export for any other package</h3>
      <div className="grid grid-cols-2 gap-2">
        <label className="block">
          <span className="text-sm font-medium text-gray-700">From</span>
          <input
            type="date"
            className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 px-2"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label className="block">
          <span className="text-sm font-medium text-gray-700">To</span>
          <input
            type="date"
            className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 px-2"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
      </div>
      <ul className="space-y-2">
        {ACCOUNTING_EXPORT_FORMATS.map((format) => (
          <li key={format}>
            <a
              className="flex min-h-11 items-center gap-2 rounded-md border border-gray-300 px-3 hover:bg-gray-50"
              href={api.accounting.export.url({ query: { from, to, format } })}
              download
            >
              <Download aria-hidden className="h-4 w-4" />
              {FORMAT_LABELS[format]} (CSV)
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
