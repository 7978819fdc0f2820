import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { tyrePriceInlineForm, TyrePrice } from '../../../shared/schemas/tyre-prices';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { rowName, usePriceActions } from './use-price-actions';
import { rulesOnDemand } from '../../lib/resolver-on-demand';

const rules = rulesOnDemand(async () => (await import('../../../shared/schemas/tyre-prices')).tyrePriceInlineForm);

type FormInput = z.input<typeof tyrePriceInlineForm>;
type FormOutput = z.output<typeof tyrePriceInlineForm>;

/**
 * The inline edit of a row (decision 281): retail, purchase and stock, checked by the server's own
 * rules before it is sent. Empty stock means not tracked; 0 means out of stock (the public lookup
 * then asks for a callback).
 */
export function PriceInlineEditor({ row, onDone }: { row: TyrePrice; onDone: () => void }) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: rules.resolver,
    defaultValues: {
      retailPrice: row.retailPrice,
      purchasePrice: row.purchasePrice,
      stock: row.stock === null ? '' : String(row.stock),
    },
  });
  const { errors } = form.formState;
  const { update } = usePriceActions();
  const name = rowName(row);

  const submit = (values: FormOutput) => update.mutate({ row, body: values }, { onSuccess: onDone });

  // Opened to change the price: its field takes the typing, and the whole form, Save too, comes up
  // above the phone's bottom bar (docs/decisions/434-two-factor-on-one-phone-and-the-bar.md).
  const shown = useRef<HTMLFormElement>(null);
  const { setFocus } = form;
  useEffect(() => {
    setFocus('retailPrice', { shouldSelect: true });
    shown.current?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }, [setFocus]);

  return (
    <form
      ref={shown}
      noValidate
      onFocus={rules.preload}
      aria-label={`Edit ${name}`}
      className="space-y-3"
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <TextField
          label="Retail price ($)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.retailPrice?.message}
          {...form.register('retailPrice')}
        />
        <TextField
          label="Purchase price ($)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.purchasePrice?.message}
          {...form.register('purchasePrice')}
        />
        <TextField
          label="Stock"
          hint="Empty: not tracked"
          inputMode="numeric"
          autoComplete="off"
          error={errors.stock?.message}
          {...form.register('stock')}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
