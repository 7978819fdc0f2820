import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import {
  isDotInFuture,
  isTyreOverAge,
  parseDotCode,
  REMOVED_TYRE_FATES,
  TYRE_POSITION_LABELS,
  TYRE_POSITIONS,
  type RemovedTyreFate,
  type TyrePosition,
} from '../../../shared/domain/fitted-tyres';
import { formatDayLong, perthToday } from '../../../shared/domain/perth-time';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { fittedTyreInput, type FittedTyre, type StockLine } from '../../../shared/schemas/tyres';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, refusalOf } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { useQueue, useQueuedJobChange } from '../offline';
import { useCurrentUser } from '../session';

// Fitted tyres at the job (docs/decisions/414-tyre-records.md): three taps for a tyre from the van's
// stock (the tyre, its position, Fit tyre), the DOT code remembered per size and brand on the phone
// (a van's batch shares it); a technician's record goes through the phone's queue, offline too.

const REMOVED_LABELS: Record<RemovedTyreFate, string> = { kept: 'Customer kept it', disposal: 'Left for disposal' };
const DOT_KEY = 'tyres:dot:';
const STOCK_KEY = 'tyres:stock';

function remembered(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function remember(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // A full or blocked store only costs the remembered value.
  }
}

type Draft = {
  position: TyrePosition | null;
  size: string;
  brand: string;
  dotCode: string;
  removed: RemovedTyreFate;
  fromVanId: number | null;
};

function vanOf(line: StockLine): number | null {
  return line.location.startsWith('van-') ? Number(line.location.slice(4)) : null;
}

export function FittedTyresSection({ job }: { job: JobDetail }) {
  const id = useId();
  const user = useCurrentUser().data;
  const queueing = user?.role === 'technician';
  const fitted = useQuery(api.tyres.fittedTyres.query({ params: { id: job.id } }));
  const stock = useQuery({
    ...api.tyres.stock.query({ query: {} }),
    enabled: job.status !== 'cancelled',
  });
  // The van's stock as last seen, so the taps still work without signal.
  const stockLines = useMemo<StockLine[]>(() => {
    if (stock.data) {
      remember(STOCK_KEY, JSON.stringify(stock.data));
      return stock.data;
    }
    const saved = remembered(STOCK_KEY);
    return saved ? (JSON.parse(saved) as StockLine[]) : [];
  }, [stock.data]);
  const queue = useQueue();
  const waiting = queue.changes.filter(
    (c) => c.jobId === job.id && c.url.endsWith('/fitted-tyres') && c.state === 'waiting',
  );
  const waitingPositions = waiting.flatMap((c) => (c.json as { position: TyrePosition }[]).map((t) => t.position));
  const used = new Set<TyrePosition>([...(fitted.data ?? []).map((t) => t.position), ...waitingPositions]);
  const free = TYRE_POSITIONS.filter((p) => !used.has(p));

  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [overAge, setOverAge] = useState(false);

  const sentToast = (d: Draft) => ({
    title: 'Tyre Recorded',
    description: `${d.position ? TYRE_POSITION_LABELS[d.position] : 'Tyre'}: ${d.size} ${d.brand} on ${job.jobNumber}.`,
  });
  const done = () => {
    setDraft(null);
    setOverAge(false);
    setError(null);
  };
  const direct = useApiMutation(api.tyres.recordFittedTyres, {
    input: (body: unknown[]) => ({ params: { id: job.id }, body: body as never }),
    onSuccess: () => {
      if (draft) toast(sentToast(draft));
      done();
    },
    onError: (err) => setError(refusalOf(err, 'The tyre could not be recorded.')),
  });
  const queued = useQueuedJobChange(
    ({ body, d }: { body: unknown[]; d: Draft }) => ({
      job,
      change: {
        label: `Tyre fitted ${d.position ? TYRE_POSITION_LABELS[d.position].toLowerCase() : ''}`.trim(),
        method: 'POST',
        url: api.tyres.recordFittedTyres.url({ params: { id: job.id }, body: body as never }),
        json: body,
      },
      sent: sentToast(d),
    }),
    done,
  );
  const saving = queueing ? queued : direct;

  const start = (line: StockLine | null) => {
    setError(null);
    setOverAge(false);
    const size = line?.size ?? job.tyreSize ?? '';
    const brand = line?.brand ?? job.tyreBrand ?? '';
    setDraft({
      position: free[0] ?? null,
      size,
      brand,
      dotCode: remembered(`${DOT_KEY}${size}|${brand.toLowerCase()}`) ?? '',
      removed: 'disposal',
      fromVanId: line ? vanOf(line) : null,
    });
  };

  const submit = (confirmed: boolean) => {
    if (!draft) return;
    // Each try is judged afresh: an earlier refusal or warning does not stay beside the new one.
    setError(null);
    setOverAge(false);
    const input = {
      position: draft.position ?? '',
      size: draft.size,
      brand: draft.brand,
      dotCode: draft.dotCode,
      removed: draft.removed,
      fromVanId: draft.fromVanId,
      confirmOverAge: confirmed || undefined,
    };
    const parsed = fittedTyreInput.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the tyre.');
      return;
    }
    const dot = parseDotCode(parsed.data.dotCode)!;
    const today = perthToday(new Date());
    if (isDotInFuture(dot, today)) {
      setError('DOT code is a week that has not come yet');
      return;
    }
    if (isTyreOverAge(dot, today) && !confirmed) {
      setOverAge(true);
      return;
    }
    remember(`${DOT_KEY}${parsed.data.size}|${parsed.data.brand.toLowerCase()}`, parsed.data.dotCode);
    const body = [{ ...input, size: parsed.data.size, fromVanId: draft.fromVanId ?? undefined }];
    if (queueing) queued.mutate({ body, d: draft });
    else direct.mutate(body);
  };

  const vanStock = stockLines.filter((l) => vanOf(l) !== null && l.quantity - l.reserved > 0);
  // The job's own size first.
  vanStock.sort((a, b) => Number(b.size === job.tyreSize) - Number(a.size === job.tyreSize));

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-gray-200 p-3">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Tyres fitted
      </h3>
      {fitted.isPending && fitted.fetchStatus === 'fetching' ? (
        <SkeletonGroup label="Loading the tyres fitted" className="space-y-2">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </SkeletonGroup>
      ) : (
        <FittedList tyres={fitted.data ?? []} waiting={waiting.flatMap((c) => c.json as WaitingTyre[])} />
      )}

      {job.status === 'cancelled' || free.length === 0 ? null : draft === null ? (
        <div className="space-y-2">
          {stock.isPending && stock.fetchStatus === 'fetching' && vanStock.length === 0 ? (
            <SkeletonGroup label="Loading the van's stock">
              <Skeleton className="h-11 w-full" />
            </SkeletonGroup>
          ) : vanStock.length === 0 ? (
            <p className="text-sm text-gray-800">No tyres on the vans to fit from.</p>
          ) : (
            <>
              <p className="text-sm text-gray-800">Fit a tyre from the van:</p>
              <ul className="grid gap-2">
                {vanStock.map((l) => (
                  <li key={`${l.location}|${l.size}|${l.brand}`}>
                    <Button variant="outline" className="w-full justify-between" onClick={() => start(l)}>
                      <span>
                        {l.size} {l.brand}
                      </span>
                      <span className="text-sm font-normal">
                        Van {vanOf(l)}: {l.quantity - l.reserved} left
                      </span>
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Button variant="ghost" className="w-full underline" onClick={() => start(null)}>
            Another tyre (not from a van)
          </Button>
        </div>
      ) : (
        <form
          noValidate
          aria-label="Tyre fitted"
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit(false);
          }}
        >
          <fieldset>
            <legend className="mb-1 font-semibold">Position</legend>
            <div className="grid grid-cols-2 gap-2">
              {TYRE_POSITIONS.map((p) => (
                <Button
                  key={p}
                  variant={draft.position === p ? 'secondary' : 'outline'}
                  aria-pressed={draft.position === p}
                  disabled={used.has(p)}
                  onClick={() => setDraft({ ...draft, position: p })}
                >
                  {TYRE_POSITION_LABELS[p]}
                </Button>
              ))}
            </div>
          </fieldset>
          {draft.fromVanId === null ? (
            <div className="grid grid-cols-2 gap-2">
              <TextInput label="Size" value={draft.size} onChange={(size) => setDraft({ ...draft, size })} />
              <TextInput label="Brand" value={draft.brand} onChange={(brand) => setDraft({ ...draft, brand })} />
            </div>
          ) : (
            <p>
              {draft.size} {draft.brand} from van {draft.fromVanId}
            </p>
          )}
          <TextInput
            label="DOT code (last four digits)"
            value={draft.dotCode}
            inputMode="numeric"
            maxLength={4}
            onChange={(v) => setDraft({ ...draft, dotCode: v.replace(/\D/g, '').slice(0, 4) })}
          />
          <fieldset>
            <legend className="mb-1 font-semibold">Old tyre</legend>
            <div className="grid grid-cols-2 gap-2">
              {REMOVED_TYRE_FATES.map((r) => (
                <Button
                  key={r}
                  variant={draft.removed === r ? 'secondary' : 'outline'}
                  aria-pressed={draft.removed === r}
                  onClick={() => setDraft({ ...draft, removed: r })}
                >
                  {REMOVED_LABELS[r]}
                </Button>
              ))}
            </div>
          </fieldset>
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          {overAge ? (
            <div
              role="alert"
              className="flex gap-2 rounded-lg border-2 border-amber-600 bg-amber-50 p-3 text-amber-950"
            >
              <AlertTriangle aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
              <div className="space-y-2">
                <p className="font-semibold">
                  DOT {draft.dotCode}: this tyre is over six years old. It will be marked on the job and the invoice.
                </p>
                <Button variant="danger" onClick={() => submit(true)} disabled={saving.isPending}>
                  Fit it anyway
                </Button>
              </div>
            </div>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" className="flex-1" disabled={saving.isPending}>
              {saving.isPending ? 'Saving...' : 'Fit tyre'}
            </Button>
            <Button variant="outline" onClick={done}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

type WaitingTyre = { position: TyrePosition; size: string; brand: string; dotCode: string };

function FittedList({ tyres, waiting }: { tyres: FittedTyre[]; waiting: WaitingTyre[] }) {
  if (tyres.length === 0 && waiting.length === 0) return <p className="text-gray-700">No tyres recorded yet.</p>;
  return (
    <ul className="divide-y divide-gray-200">
      {tyres.map((t) => (
        <li key={t.id} className="py-2">
          <p className="font-semibold">
            {TYRE_POSITION_LABELS[t.position]}: {t.size} {t.brand}
            {t.model ? ` ${t.model}` : ''}
          </p>
          <p className="text-sm text-gray-800">
            DOT {t.dotCode} (week {t.dotWeek}, {t.dotYear}) · warranty to {formatDayLong(t.warrantyEndsOn)}
          </p>
          {t.isOverAge ? <p className="text-sm font-semibold text-amber-800">Over six years old at fitting</p> : null}
        </li>
      ))}
      {waiting.map((t) => (
        <li key={t.position} className="py-2">
          <p className="font-semibold">
            {TYRE_POSITION_LABELS[t.position]}: {t.size} {t.brand}
          </p>
          <p className="text-sm text-gray-800">DOT {t.dotCode} · waiting to send</p>
        </li>
      ))}
    </ul>
  );
}

function TextInput({
  label,
  value,
  onChange,
  inputMode,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  inputMode?: 'numeric';
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      <input
        id={id}
        value={value}
        inputMode={inputMode}
        maxLength={maxLength}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        className={cn('block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3')}
      />
    </div>
  );
}
