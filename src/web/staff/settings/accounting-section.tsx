import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Download, Link2, RefreshCw, Unlink } from 'lucide-react';
import { useState } from 'react';
import {
  ACCOUNTING_EXPORT_FORMATS,
  type AccountingExportFormat,
  type AccountingMapping,
} from '../../../shared/domain/accounting';
import { addDays, perthToday } from '../../../shared/domain/perth-time';
import type { AccountingOverview, AccountingSyncRow } from '../../../shared/schemas/accounting';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

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
      <MappingForm mapping={overview.mapping} />
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

function MappingForm({ mapping }: { mapping: AccountingMapping }) {
  const [draft, setDraft] = useState(mapping);
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
      <h3 className="font-semibold">Account codes</h3>
      {MAIN_CODES.map(([key, label]) => (
        <label key={key} className="block">
          <span className="text-sm font-medium text-gray-700">{label}</span>
          <input
            className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 px-3"
            value={draft[key]}
            onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
          />
        </label>
      ))}
      <label className="block">
        <span className="text-sm font-medium text-gray-700">Card payments online into account</span>
        <input
          className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 px-3"
          value={draft.payments.online}
          onChange={(e) => setDraft({ ...draft, payments: { ...draft.payments, online: e.target.value } })}
        />
      </label>
      <label className="block">
        <span className="text-sm font-medium text-gray-700">Expenses go to Xero as</span>
        <select
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
  const today = perthToday(new Date());
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
