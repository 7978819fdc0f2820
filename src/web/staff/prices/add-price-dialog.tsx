import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { tyrePriceRequest } from '../../../shared/schemas/tyre-prices';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { usePriceActions } from './use-price-actions';

type FormInput = z.input<typeof tyrePriceRequest>;
type FormOutput = z.output<typeof tyrePriceRequest>;

const EMPTY: FormInput = { size: '', brand: '', model: '', purchasePrice: '', retailPrice: '', stock: '' };

/** Adds a row to the price list (decision 281): the server's own schema checks it first. */
export function AddPriceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Add a tyre price"
      description="Prices include GST. Leave stock empty if you do not track it."
    >
      {open ? <AddPriceForm onClose={onClose} /> : null}
    </Dialog>
  );
}

function AddPriceForm({ onClose }: { onClose: () => void }) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(tyrePriceRequest),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const { create } = usePriceActions();

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => void form.handleSubmit((values) => create.mutate(values, { onSuccess: onClose }))(e)}
    >
      <TextField
        label="Size"
        placeholder="205/55R16"
        autoComplete="off"
        error={errors.size?.message}
        {...form.register('size')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Brand" autoComplete="off" error={errors.brand?.message} {...form.register('brand')} />
        <TextField label="Model" autoComplete="off" error={errors.model?.message} {...form.register('model')} />
        <TextField
          label="Purchase price ($)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.purchasePrice?.message}
          {...form.register('purchasePrice')}
        />
        <TextField
          label="Retail price ($)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.retailPrice?.message}
          {...form.register('retailPrice')}
        />
        <TextField
          label="Stock (optional)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.stock?.message}
          {...form.register('stock')}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add Price'}
        </Button>
      </div>
    </form>
  );
}
