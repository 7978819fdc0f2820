import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatDollars, toCents } from '../../../shared/domain/money';
import { bulkChangeRequest, type BulkChangeResult } from '../../../shared/schemas/tyre-prices';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

type FormInput = z.input<typeof bulkChangeRequest>;
type FormOutput = z.output<typeof bulkChangeRequest>;

const DEFAULTS: FormInput = {
  filter: { brand: '', rimSize: '' },
  change: { field: 'retail', percent: '', amount: '' },
  dryRun: true,
};
const fail = (fallback: string) => (err: unknown) =>
  toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });

/**
 * A bulk change of prices ("retail +5% for brand X", "for sizes with rim 17"), decision 281: the
 * preview lists every row it changes, old -> new, and only Apply writes them.
 */
export function BulkChangeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Bulk price change"
      description="Preview every row it changes before you apply it."
    >
      {open ? <BulkChangeForm onClose={onClose} /> : null}
    </Dialog>
  );
}

function BulkChangeForm({ onClose }: { onClose: () => void }) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(bulkChangeRequest),
    defaultValues: DEFAULTS,
  });
  const { errors } = form.formState;
  const [preview, setPreview] = useState<{ request: FormOutput; result: BulkChangeResult } | null>(null);
  const dryRun = useMutation({
    mutationFn: (request: FormOutput) => api.tyrePrices.bulkChange({ body: { ...request, dryRun: true } }),
    onSuccess: (result, request) => setPreview({ request, result }),
    onError: fail('Failed to preview the change.'),
  });
  const apply = useApiMutation(api.tyrePrices.bulkChange, {
    input: (request: FormOutput) => ({ body: { ...request, dryRun: false } }),
    onSuccess: (result: BulkChangeResult) => {
      toast({
        title: 'Success',
        description: `${result.changes.length} ${result.changes.length === 1 ? 'price' : 'prices'} changed.`,
      });
      onClose();
    },
    onError: fail('Failed to apply the change.'),
  });

  return (
    <div className="space-y-4">
      <form
        noValidate
        aria-label="Bulk change"
        className="space-y-4"
        onChange={() => setPreview(null)}
        onSubmit={(e) => void form.handleSubmit((values) => dryRun.mutate(values))(e)}
      >
        <div className="grid grid-cols-2 gap-3">
          <SelectField label="Price" {...form.register('change.field')}>
            <option value="retail">Retail</option>
            <option value="purchase">Purchase</option>
          </SelectField>
          <TextField
            label="Brand (optional)"
            autoComplete="off"
            error={errors.filter?.brand?.message}
            {...form.register('filter.brand')}
          />
          <TextField
            label="Change by %"
            inputMode="decimal"
            placeholder="5"
            autoComplete="off"
            error={errors.change?.percent?.message}
            {...form.register('change.percent')}
          />
          <TextField
            label="or by $"
            inputMode="decimal"
            placeholder="-10"
            autoComplete="off"
            error={errors.change?.amount?.message}
            {...form.register('change.amount')}
          />
          <TextField
            label="Rim size (optional)"
            inputMode="numeric"
            placeholder="17"
            autoComplete="off"
            error={errors.filter?.rimSize?.message}
            {...form.register('filter.rimSize')}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={dryRun.isPending}>
          {dryRun.isPending ? 'Previewing...' : 'Preview'}
        </Button>
      </form>

      {preview ? (
        <section aria-labelledby="bulk-preview-heading" className="space-y-3">
          <h3 id="bulk-preview-heading" className="font-semibold">
            {preview.result.changes.length === 0
              ? 'No price would change.'
              : `${preview.result.changes.length} ${preview.result.changes.length === 1 ? 'price' : 'prices'} would change`}
          </h3>
          {/* A list that scrolls on its own takes keyboard focus, so it can be scrolled without a mouse (axe: scrollable-region-focusable). */}
          <ul
            aria-label="Prices that would change"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="max-h-72 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200"
          >
            {preview.result.changes.map((c) => (
              <li key={c.id} className="flex flex-wrap justify-between gap-x-3 px-3 py-2">
                <span>{c.label}</span>
                <span className="tabular-nums">
                  {formatDollars(toCents(c.from))} {'->'} <strong>{formatDollars(toCents(c.to))}</strong>
                </span>
              </li>
            ))}
          </ul>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={apply.isPending}>
              Cancel
            </Button>
            <Button
              disabled={apply.isPending || preview.result.changes.length === 0}
              onClick={() => apply.mutate(preview.request)}
            >
              {apply.isPending ? 'Applying...' : 'Apply'}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
