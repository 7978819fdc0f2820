import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { formatDollars, toCents } from '../../../shared/domain/money';
import { TYRE_PART_KIND_LABELS } from '../../../shared/domain/tyre-parts';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { jobPartRequest, type JobPart, type TyrePart } from '../../../shared/schemas/tyre-parts';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage, refusalOf } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { useQueue, useQueuedJobChange } from '../offline';
import { useCurrentUser } from '../session';

// Valves and TPMS sensors on a job (docs/decisions/432-valves-and-tpms-sensors.md): a part of the
// owner's price list and how many, each its own line on the job's invoice. A technician's goes
// through the phone's queue, offline too, as the tyres fitted do.

const PARTS_KEY = 'tyres:parts';

function rememberedParts(): TyrePart[] {
  try {
    const saved = localStorage.getItem(PARTS_KEY);
    return saved ? (JSON.parse(saved) as TyrePart[]) : [];
  } catch {
    return [];
  }
}

type Draft = { part: TyrePart; quantity: string };

export function JobPartsSection({ job }: { job: JobDetail }) {
  const id = useId();
  const quantityId = useId();
  const user = useCurrentUser().data;
  const queueing = user?.role === 'technician';
  const added = useQuery(api.tyres.jobParts.query({ params: { id: job.id } }));
  const partsQuery = useQuery({ ...api.tyres.parts.query(), enabled: job.status !== 'cancelled' });
  // The price list as last seen, so a part can be added without signal.
  const parts = useMemo(() => {
    if (partsQuery.data) {
      try {
        localStorage.setItem(PARTS_KEY, JSON.stringify(partsQuery.data));
      } catch {
        // A full or blocked store only costs the offline list.
      }
    }
    return (partsQuery.data ?? rememberedParts()).filter((p) => p.isActive);
  }, [partsQuery.data]);
  const queue = useQueue();
  const waiting = queue.changes.filter(
    (c) => c.jobId === job.id && c.url.endsWith('/parts') && c.method === 'POST' && c.state === 'waiting',
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = !job.hasInvoice && job.paymentStatus !== 'paid' && job.status !== 'cancelled';

  const sentToast = (d: Draft, quantity: number) => ({
    title: 'Part Added',
    description: `${quantity} × ${d.part.name} on ${job.jobNumber}.`,
  });
  const done = () => {
    setDraft(null);
    setError(null);
  };
  const direct = useApiMutation(api.tyres.addJobPart, {
    input: (v: { body: { partId: string; quantity: number }; d: Draft }) => ({ params: { id: job.id }, body: v.body }),
    onSuccess: (_data, v) => {
      toast(sentToast(v.d, v.body.quantity));
      done();
    },
    onError: (err) => setError(refusalOf(err, 'The part could not be added.')),
  });
  const queued = useQueuedJobChange(
    ({ body, d }: { body: { partId: string; quantity: number }; d: Draft }) => ({
      job,
      change: {
        label: `${d.part.name} added`,
        method: 'POST',
        url: api.tyres.addJobPart.url({ params: { id: job.id }, body }),
        json: body,
      },
      sent: sentToast(d, body.quantity),
    }),
    done,
  );
  const saving = queueing ? queued : direct;
  // Taking a part off needs the server (it must not race the invoice), so it is never queued.
  const remove = useApiMutation(api.tyres.removeJobPart, {
    input: (p: JobPart) => ({ params: { id: job.id, lineId: p.id } }),
    onSuccess: (_data, p) => {
      setError(null);
      toast({ title: 'Part Removed', description: `${p.quantity} × ${p.name} off ${job.jobNumber}.` });
    },
    onError: (err) => setError(errorMessage(err, 'The part could not be taken off.')),
  });

  const submit = () => {
    if (!draft) return;
    const parsed = jobPartRequest.safeParse({ partId: draft.part.id, quantity: draft.quantity });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the quantity.');
      return;
    }
    setError(null);
    const vars = { body: parsed.data, d: draft };
    if (queueing) queued.mutate(vars);
    else direct.mutate(vars);
  };

  const waitingLines = waiting.map((c) => {
    const body = c.json as { partId: string; quantity: number };
    return { key: c.key, quantity: body.quantity, name: parts.find((p) => p.id === body.partId)?.name ?? 'Part' };
  });

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-gray-200 p-3">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Valves and sensors
      </h3>
      {added.isPending && added.fetchStatus === 'fetching' ? (
        <SkeletonGroup label="Loading the parts on this job">
          <Skeleton className="h-11 w-full" />
        </SkeletonGroup>
      ) : (
        <PartList
          parts={added.data ?? []}
          waiting={waitingLines}
          onRemove={open ? (p) => remove.mutate(p) : null}
          removing={remove.isPending ? remove.variables?.id : undefined}
        />
      )}
      {draft === null && error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {!open ? null : draft === null ? (
        partsQuery.isPending && partsQuery.fetchStatus === 'fetching' && parts.length === 0 ? (
          <SkeletonGroup label="Loading the price list's parts">
            <Skeleton className="h-11 w-full" />
          </SkeletonGroup>
        ) : parts.length === 0 ? (
          <p className="text-sm text-gray-800">No valves or sensors on the price list yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Add a part">
            {parts.map((p) => (
              <li key={p.id}>
                <Button
                  variant="outline"
                  className="w-full justify-between"
                  onClick={() => {
                    setError(null);
                    setDraft({ part: p, quantity: p.kind === 'valve' ? String(job.tyreQuantity ?? 1) : '1' });
                  }}
                >
                  <span>{p.name}</span>
                  <span className="text-sm font-normal">{formatDollars(toCents(p.retailPrice))}</span>
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <form
          noValidate
          aria-label="Part on this job"
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <p>
            {TYRE_PART_KIND_LABELS[draft.part.kind]}: <span className="font-semibold">{draft.part.name}</span>,{' '}
            {formatDollars(toCents(draft.part.retailPrice))} each
          </p>
          <div>
            <label htmlFor={quantityId} className="mb-1 block font-semibold">
              Quantity
            </label>
            <input
              id={quantityId}
              value={draft.quantity}
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              onChange={(e) => setDraft({ ...draft, quantity: e.target.value })}
              className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3"
            />
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" className="flex-1" disabled={saving.isPending}>
              {saving.isPending ? 'Saving...' : 'Add to job'}
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

function PartList({
  parts,
  waiting,
  onRemove,
  removing,
}: {
  parts: JobPart[];
  waiting: { key: string; quantity: number; name: string }[];
  /** Null once the job's parts can no longer change (its invoice is issued, it is paid or cancelled). */
  onRemove: ((p: JobPart) => void) | null;
  removing: string | undefined;
}) {
  if (parts.length === 0 && waiting.length === 0) return <p className="text-gray-700">No parts added yet.</p>;
  return (
    <ul className="divide-y divide-gray-200" aria-label="Parts on this job">
      {parts.map((p) => (
        <li key={p.id} className="flex items-center justify-between gap-2 py-2">
          <span className="flex-1">
            {p.quantity} × {p.name}
          </span>
          <span className="font-semibold">{formatDollars(toCents(p.totalPrice))}</span>
          {onRemove ? (
            <Button
              variant="outline"
              aria-label={`Take off ${p.quantity} × ${p.name}`}
              disabled={removing !== undefined}
              onClick={() => onRemove(p)}
            >
              {removing === p.id ? 'Taking off...' : 'Take off'}
            </Button>
          ) : null}
        </li>
      ))}
      {waiting.map((w) => (
        <li key={w.key} className="py-2">
          {w.quantity} × {w.name} · waiting to send
        </li>
      ))}
    </ul>
  );
}
