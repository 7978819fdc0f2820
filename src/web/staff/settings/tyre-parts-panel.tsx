import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDollars, toCents } from '../../../shared/domain/money';
import { TYRE_PART_KIND_LABELS, TYRE_PART_KINDS, type TyrePartKind } from '../../../shared/domain/tyre-parts';
import { tyrePartRequest, type TyrePart } from '../../../shared/schemas/tyre-parts';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage, refusalOf } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

// The owner's valves and TPMS sensors beside the tyre settings (docs/decisions/432-valves-and-tpms-sensors.md):
// each with its retail price (GST included, as every price) and purchase price.

const inputClass = 'block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3';

function Input({
  label,
  value,
  onChange,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  inputMode?: 'decimal';
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
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
    </div>
  );
}

export function TyrePartsPanel() {
  const parts = useQuery(api.tyres.parts.query());
  return (
    <div className="space-y-3">
      <h3 className="font-bold">Valves and TPMS sensors</h3>
      <p className="text-sm text-gray-800">
        Prices include GST. Staff add them to a job; the invoice lists each as its own line.
      </p>
      {parts.isPending ? (
        <SkeletonGroup label="Loading valves and sensors..." className="space-y-2">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </SkeletonGroup>
      ) : parts.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(parts.error, 'Could not load the valves and sensors.')}
        </p>
      ) : (
        <ul className="divide-y divide-gray-200" aria-label="Valves and TPMS sensors">
          {parts.data.length === 0 ? <li className="py-2 text-gray-700">None yet.</li> : null}
          {parts.data.map((p) => (
            <PartRow key={`${p.id}|${p.retailPrice}|${p.purchasePrice}|${p.isActive}`} part={p} />
          ))}
        </ul>
      )}
      <AddPartForm />
    </div>
  );
}

function PartRow({ part }: { part: TyrePart }) {
  const [retailPrice, setRetail] = useState(part.retailPrice);
  const [purchasePrice, setPurchase] = useState(part.purchasePrice ?? '');
  const save = useApiMutation(api.tyres.updatePart, {
    input: (body: { retailPrice?: string; purchasePrice?: string; isActive?: boolean }) => ({
      params: { id: part.id },
      body,
    }),
    onSuccess: (saved) => toast({ title: 'Part Saved', description: `${saved.name} is saved.` }),
    onError: (err) =>
      toast({ title: 'Error', description: refusalOf(err, 'Failed to save the part.'), variant: 'destructive' }),
  });
  const changed = retailPrice !== part.retailPrice || purchasePrice !== (part.purchasePrice ?? '');
  return (
    <li className="space-y-2 py-3">
      <p className="font-semibold">
        {part.name}{' '}
        <span className="font-normal text-gray-800">
          ({TYRE_PART_KIND_LABELS[part.kind]}
          {part.isActive ? '' : ', off the list'})
        </span>
      </p>
      <form
        noValidate
        aria-label={part.name}
        className="grid grid-cols-2 gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ retailPrice, purchasePrice });
        }}
      >
        <Input label="Retail price" value={retailPrice} onChange={setRetail} inputMode="decimal" />
        <Input label="Purchase price" value={purchasePrice} onChange={setPurchase} inputMode="decimal" />
        <Button type="submit" disabled={!changed || save.isPending}>
          Save
        </Button>
        <Button variant="outline" disabled={save.isPending} onClick={() => save.mutate({ isActive: !part.isActive })}>
          {part.isActive ? 'Take off the list' : 'Put back on the list'}
        </Button>
      </form>
      <p className="text-sm text-gray-800">
        Margin {formatDollars(toCents(part.retailPrice) - toCents(part.purchasePrice ?? '0'))}
      </p>
    </li>
  );
}

function AddPartForm() {
  const empty = { kind: 'valve' as TyrePartKind, name: '', retailPrice: '', purchasePrice: '' };
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const add = useApiMutation(api.tyres.addPart, {
    input: () => ({ body: { ...form, purchasePrice: form.purchasePrice || '0' } }),
    onSuccess: (saved) => {
      toast({ title: 'Part Added', description: `${saved.name} is on the price list.` });
      setForm(empty);
      setError(null);
    },
    onError: (err) => setError(refusalOf(err, 'Failed to add the part.')),
  });
  return (
    <form
      noValidate
      aria-label="Add a valve or sensor"
      className="space-y-3 rounded-lg bg-gray-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = tyrePartRequest.safeParse({ ...form, purchasePrice: form.purchasePrice || '0' });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Please check the part.');
          return;
        }
        add.mutate(undefined);
      }}
    >
      <fieldset>
        <legend className="mb-1 font-semibold">Kind</legend>
        <div className="grid grid-cols-2 gap-2">
          {TYRE_PART_KINDS.map((k) => (
            <Button
              key={k}
              variant={form.kind === k ? 'secondary' : 'outline'}
              aria-pressed={form.kind === k}
              onClick={() => setForm({ ...form, kind: k })}
            >
              {TYRE_PART_KIND_LABELS[k]}
            </Button>
          ))}
        </div>
      </fieldset>
      <Input label="Name" value={form.name} onChange={(name) => setForm({ ...form, name })} />
      <div className="grid grid-cols-2 gap-2">
        <Input
          label="Retail price"
          value={form.retailPrice}
          onChange={(retailPrice) => setForm({ ...form, retailPrice })}
          inputMode="decimal"
        />
        <Input
          label="Purchase price"
          value={form.purchasePrice}
          onChange={(purchasePrice) => setForm({ ...form, purchasePrice })}
          inputMode="decimal"
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={add.isPending}>
        {add.isPending ? 'Saving...' : 'Add part'}
      </Button>
    </form>
  );
}
