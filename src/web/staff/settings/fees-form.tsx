import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatDollars, parseMoney } from '../../../shared/domain/money';
import { FEE_LABELS } from '../../../shared/domain/settings';
import type { FeesForm, FeesView, feesForm } from '../../../shared/schemas/settings';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { rulesOnDemand } from '../../lib/resolver-on-demand';
import { RecentChanges } from './recent-changes';

const rules = rulesOnDemand(async () => (await import('../../../shared/schemas/settings')).feesForm);

type FormOutput = z.output<typeof feesForm>;
const MONEY_FIELDS = ['callout', 'punctureRepair', 'fittingPerTyre', 'balancingPerTyre', 'prepaidDiscount'] as const;

const formOf = ({ estimates: _estimates, ...fees }: FeesView): FeesForm => fees;

/**
 * "Fees and prices" (docs/decisions/290-fees-and-estimates-in-the-dashboard.md): the fees every new
 * quote uses, the same schema as the server; the admin form's fixed estimates follow from them.
 */
export function FeesSection() {
  const fees = useQuery(api.settings.fees.query());
  return (
    <section
      id="fees"
      aria-labelledby="fees-heading"
      className="scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <h2 id="fees-heading" className="text-lg font-bold">
        Fees and prices
      </h2>
      <p className="mt-1 text-gray-700">
        Dollars including GST. A change applies to every new quote at once; booked jobs keep their price.
      </p>
      {fees.isPending ? (
        <SkeletonGroup label="Loading fees..." className="mt-4 space-y-3">
          {MONEY_FIELDS.map((f) => (
            <Skeleton key={f} className="h-16 w-full" />
          ))}
        </SkeletonGroup>
      ) : fees.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(fees.error, 'Could not load the fees.')}
        </p>
      ) : (
        <FeesFormFields key={JSON.stringify(fees.data)} saved={fees.data} />
      )}
      <RecentChanges subject="fees" section="fees" />
    </section>
  );
}

/** The estimate a field's current text gives, or the saved one while it is not money. */
function estimate(callout: unknown, repair: unknown, saved: string): string {
  const c = parseMoney(callout);
  const r = parseMoney(repair);
  return c === null || r === null || c < 0 || r < 0 ? formatDollars(parseMoney(saved) ?? 0) : formatDollars(c + r);
}

function FeesFormFields({ saved }: { saved: FeesView }) {
  const form = useForm<FeesForm, unknown, FormOutput>({ resolver: rules.resolver, defaultValues: formOf(saved) });
  const { errors } = form.formState;
  const [callout, repair] = useWatch({ control: form.control, name: ['callout', 'punctureRepair'] });
  const save = useApiMutation(api.settings.updateFees, {
    input: (body: FormOutput) => ({ body }),
    onSuccess: () => toast({ title: 'Success', description: 'Fees saved. New quotes use them now.' }),
    onError: (err) =>
      toast({ title: 'Error', description: errorMessage(err, 'Failed to save the fees.'), variant: 'destructive' }),
  });

  return (
    <form
      noValidate
      onFocus={rules.preload}
      className="mt-4 space-y-4"
      onSubmit={(e) => void form.handleSubmit((values) => save.mutate(values))(e)}
    >
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {MONEY_FIELDS.map((name) => (
          <TextField
            key={name}
            label={FEE_LABELS[name]}
            inputMode="decimal"
            autoComplete="off"
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ))}
        <TextField
          label={FEE_LABELS.cardSurchargePercent}
          inputMode="decimal"
          autoComplete="off"
          hint="0 to 10, e.g. 1.70"
          error={errors.cardSurchargePercent?.message}
          {...form.register('cardSurchargePercent')}
        />
      </div>
      <div className="rounded-lg bg-gray-50 p-3">
        <h3 className="font-semibold">Admin booking estimates</h3>
        <p className="text-sm text-gray-700">Made from the callout and puncture repair; not set on their own.</p>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt>Puncture repair</dt>
          <dd className="font-semibold tabular-nums">{estimate(callout, repair, saved.estimates.punctureRepair)}</dd>
          <dt>Battery service or emergency callout</dt>
          <dd className="font-semibold tabular-nums">{estimate(callout, '0', saved.estimates.batteryOrEmergency)}</dd>
        </dl>
      </div>
      {/* On a phone Save stays in reach above the section bar while the form is on screen (decision 428). */}
      <div className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-10 -mx-4 bg-white/95 px-4 py-2 sm:static sm:mx-0 sm:bg-transparent sm:p-0">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? 'Saving...' : 'Save Fees'}
        </Button>
      </div>
    </form>
  );
}
