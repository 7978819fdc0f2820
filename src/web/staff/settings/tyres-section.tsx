import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { TYRE_POSITION_LABELS } from '../../../shared/domain/fitted-tyres';
import { formatDayLong } from '../../../shared/domain/perth-time';
import { TIME_SLOTS, type TimeSlot } from '../../../shared/domain/slots';
import type { TyreSettings, WarrantyTyre } from '../../../shared/schemas/tyres';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage, refusalOf } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { TyrePartsPanel } from './tyre-parts-panel';

// "Tyres" in the owner's settings (docs/decisions/414-tyre-records.md, 415, 416, 432): the tyre settings,
// the valves and TPMS sensors, the warranty register with its claims, and the stock per van and depot
// with what to reorder.

const inputClass = 'block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3';

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

const failed = (what: string) => (err: unknown) => {
  toast({ title: 'Error', description: refusalOf(err, `Failed to ${what}.`), variant: 'destructive' });
};

export function TyresSettingsSection() {
  return (
    <section
      id="tyres"
      aria-labelledby="tyres-heading"
      className="scroll-mt-20 space-y-6 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <h2 id="tyres-heading" className="text-lg font-bold">
        Tyres
      </h2>
      <TyreSettingsForm />
      <TyrePartsPanel />
      <WarrantyLookup />
      <StockPanel />
    </section>
  );
}

function TyreSettingsForm() {
  const settings = useQuery(api.tyres.settings.query());
  if (settings.isPending)
    return (
      <SkeletonGroup label="Loading tyre settings..." className="space-y-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </SkeletonGroup>
    );
  if (settings.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(settings.error, 'Could not load the tyre settings.')}
      </p>
    );
  return <TyreSettingsFields key={JSON.stringify(settings.data)} saved={settings.data} />;
}

function TyreSettingsFields({ saved }: { saved: TyreSettings }) {
  const [form, setForm] = useState({
    warrantyMonths: String(saved.warrantyMonths),
    orderLeadDays: String(saved.orderLeadDays),
    disposalLevy: saved.disposalLevy,
    defaultMinimum: String(saved.defaultMinimum),
    claimLabourFree: saved.claimLabourFree,
  });
  const save = useApiMutation(api.tyres.updateSettings, {
    input: () => ({
      body: {
        warrantyMonths: Number(form.warrantyMonths),
        orderLeadDays: Number(form.orderLeadDays),
        disposalLevy: form.disposalLevy,
        defaultMinimum: Number(form.defaultMinimum),
        claimLabourFree: form.claimLabourFree,
      },
    }),
    onSuccess: () => toast({ title: 'Success', description: 'Tyre settings saved.' }),
    onError: failed('save the tyre settings'),
  });
  const number = (key: 'warrantyMonths' | 'orderLeadDays' | 'defaultMinimum', label: string) => (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          inputMode="numeric"
          value={form[key]}
          onChange={(e) => setForm({ ...form, [key]: e.target.value.replace(/\D/g, '') })}
          className={inputClass}
        />
      )}
    </Field>
  );
  return (
    <form
      noValidate
      aria-label="Tyre settings"
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(undefined);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {number('warrantyMonths', 'Warranty (months)')}
        {number('orderLeadDays', 'Order lead time (days)')}
        <Field label="Disposal levy per tyre ($)">
          {(id) => (
            <input
              id={id}
              inputMode="decimal"
              value={form.disposalLevy}
              onChange={(e) => setForm({ ...form, disposalLevy: e.target.value })}
              className={inputClass}
            />
          )}
        </Field>
        {number('defaultMinimum', 'Reorder below (tyres of a size)')}
      </div>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={form.claimLabourFree}
          onChange={(e) => setForm({ ...form, claimLabourFree: e.target.checked })}
        />
        Warranty claims are free of labour
      </label>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save tyre settings'}
      </Button>
    </form>
  );
}

type SearchBy = 'registration' | 'phone' | 'jobNumber';
const SEARCH_LABELS: Record<SearchBy, string> = {
  registration: 'Registration',
  phone: 'Phone',
  jobNumber: 'Job number',
};

function WarrantyLookup() {
  const [by, setBy] = useState<SearchBy>('registration');
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<Record<string, string> | null>(null);
  const found = useQuery({
    ...api.tyres.warranty.query({ query: asked ?? {} }),
    enabled: asked !== null,
    retry: false,
  });
  return (
    <div className="space-y-3">
      <h3 className="font-bold">Warranty</h3>
      <form
        aria-label="Find tyres under warranty"
        className="grid gap-2 sm:grid-cols-[auto_1fr_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) setAsked({ [by]: text.trim() });
        }}
      >
        <Field label="Find by">
          {(id) => (
            <select id={id} value={by} onChange={(e) => setBy(e.target.value as SearchBy)} className={inputClass}>
              {(Object.keys(SEARCH_LABELS) as SearchBy[]).map((k) => (
                <option key={k} value={k}>
                  {SEARCH_LABELS[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={SEARCH_LABELS[by]}>
          {(id) => <input id={id} value={text} onChange={(e) => setText(e.target.value)} className={inputClass} />}
        </Field>
        <Button type="submit" className="self-end">
          Find tyres
        </Button>
      </form>
      {asked === null ? null : found.isPending ? (
        <SkeletonGroup label="Finding tyres...">
          <Skeleton className="h-14 w-full" />
        </SkeletonGroup>
      ) : found.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(found.error, 'Could not find the tyres.')}
        </p>
      ) : found.data.length === 0 ? (
        <p>No tyres recorded for that {SEARCH_LABELS[by].toLowerCase()}.</p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {found.data.map((t) => (
            <WarrantyRow key={t.id} tyre={t} />
          ))}
        </ul>
      )}
    </div>
  );
}

function WarrantyRow({ tyre }: { tyre: WarrantyTyre }) {
  const [claiming, setClaiming] = useState(false);
  const [claim, setClaim] = useState<{ reason: string; scheduledDay: string; timeSlot: TimeSlot }>({
    reason: '',
    scheduledDay: '',
    timeSlot: '8-10 AM',
  });
  const open = useApiMutation(api.tyres.claimWarranty, {
    input: () => ({ body: { fittedTyreId: tyre.id, ...claim } }),
    onSuccess: (made) => {
      toast({
        title: 'Success',
        description: `Warranty claim ${made.claimJobNumber} booked for ${made.customerValue === '0.00' ? 'no charge' : `$${made.customerValue}`}.`,
      });
      setClaiming(false);
    },
    onError: failed('open the warranty claim'),
  });
  return (
    <li className="space-y-2 py-2">
      <p className="font-semibold">
        {tyre.jobNumber} · {tyre.registration ?? 'no car'} · {TYRE_POSITION_LABELS[tyre.position]}: {tyre.size}{' '}
        {tyre.brand}
      </p>
      <p className="text-sm">
        Fitted {formatDayLong(tyre.fittedOn)}, DOT {tyre.dotCode}.{' '}
        {tyre.isUnderWarranty
          ? `Under warranty until ${formatDayLong(tyre.warrantyEndsOn)}.`
          : `Warranty ended ${formatDayLong(tyre.warrantyEndsOn)}.`}
      </p>
      {tyre.isUnderWarranty && !claiming ? (
        <Button variant="outline" onClick={() => setClaiming(true)}>
          Warranty claim
        </Button>
      ) : null}
      {claiming ? (
        <form
          aria-label={`Warranty claim on ${tyre.jobNumber}`}
          className="grid gap-2 sm:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            open.mutate(undefined);
          }}
        >
          <Field label="Claim reason">
            {(id) => (
              <input
                id={id}
                value={claim.reason}
                onChange={(e) => setClaim({ ...claim, reason: e.target.value })}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Claim date">
            {(id) => (
              <input
                id={id}
                type="date"
                value={claim.scheduledDay}
                onChange={(e) => setClaim({ ...claim, scheduledDay: e.target.value })}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Claim time slot">
            {(id) => (
              <select
                id={id}
                value={claim.timeSlot}
                onChange={(e) => setClaim({ ...claim, timeSlot: e.target.value as TimeSlot })}
                className={inputClass}
              >
                {TIME_SLOTS.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            )}
          </Field>
          <Button type="submit" disabled={open.isPending}>
            {open.isPending ? 'Booking...' : 'Book the claim'}
          </Button>
        </form>
      ) : null}
    </li>
  );
}

const MOVE_LABELS = { load: 'Load onto a van', return: 'Return to the depot', count: 'Stock take' } as const;

function StockPanel() {
  const stock = useQuery(api.tyres.stock.query({ query: {} }));
  const [move, setMove] = useState({
    kind: 'load' as keyof typeof MOVE_LABELS,
    location: 'van-1',
    size: '',
    brand: '',
    quantity: '',
  });
  const save = useApiMutation(api.tyres.moveStock, {
    input: () => ({ body: { ...move, quantity: Number(move.quantity) } }),
    onSuccess: () => {
      toast({ title: 'Success', description: `${MOVE_LABELS[move.kind]}: saved.` });
      setMove({ ...move, quantity: '' });
    },
    onError: failed('save the stock change'),
  });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold">Stock</h3>
        <a
          href="/api/dashboard/stock/reorder?format=csv"
          className="inline-flex min-h-11 items-center font-semibold underline"
        >
          Download what to order (CSV)
        </a>
      </div>
      {stock.isPending ? (
        <SkeletonGroup label="Loading stock...">
          <Skeleton className="h-24 w-full" />
        </SkeletonGroup>
      ) : stock.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(stock.error, 'Could not load the stock.')}
        </p>
      ) : stock.data.length === 0 ? (
        <p>No stock recorded yet: start with a stock take of the depot.</p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {stock.data.map((l) => (
            <li key={`${l.location}|${l.size}|${l.brand}`} className="flex justify-between py-2">
              <span>
                {l.location === 'depot' ? 'Depot' : `Van ${l.location.slice(4)}`}: {l.size} {l.brand}
              </span>
              <span className="font-semibold tabular-nums">{l.quantity}</span>
            </li>
          ))}
        </ul>
      )}
      <form
        aria-label="Stock change"
        className="grid gap-2 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined);
        }}
      >
        <Field label="Stock change">
          {(id) => (
            <select
              id={id}
              value={move.kind}
              onChange={(e) => setMove({ ...move, kind: e.target.value as keyof typeof MOVE_LABELS })}
              className={inputClass}
            >
              {Object.entries(MOVE_LABELS).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Place (depot, van-1...)">
          {(id) => (
            <input
              id={id}
              value={move.location}
              onChange={(e) => setMove({ ...move, location: e.target.value })}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="Tyre size">
          {(id) => (
            <input
              id={id}
              value={move.size}
              onChange={(e) => setMove({ ...move, size: e.target.value })}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="Tyre brand">
          {(id) => (
            <input
              id={id}
              value={move.brand}
              onChange={(e) => setMove({ ...move, brand: e.target.value })}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="How many">
          {(id) => (
            <input
              id={id}
              inputMode="numeric"
              value={move.quantity}
              onChange={(e) => setMove({ ...move, quantity: e.target.value })}
              className={inputClass}
            />
          )}
        </Field>
        <Button type="submit" className="self-end" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save stock change'}
        </Button>
      </form>
    </div>
  );
}
