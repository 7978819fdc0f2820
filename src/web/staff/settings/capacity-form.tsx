import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_VANS, VANS_LABEL } from '../../../shared/domain/settings';
import type { CapacityForm, CapacityView, capacityForm } from '../../../shared/schemas/capacity';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { rulesOnDemand } from '../../lib/resolver-on-demand';
import { RecentChanges } from './recent-changes';

const rules = rulesOnDemand(async () => (await import('../../../shared/schemas/capacity')).capacityForm);

type FormOutput = z.output<typeof capacityForm>;

/**
 * "Vans on the road" (docs/decisions/302-slot-places-one-per-van.md): how many jobs each time slot
 * takes, with the same schema as the server. Lowering it cancels no booked job.
 */
export function CapacitySection() {
  const capacity = useQuery(api.settings.capacity.query());
  return (
    <section
      id="vans"
      aria-labelledby="vans-heading"
      className="scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <h2 id="vans-heading" className="text-lg font-bold">
        {VANS_LABEL}
      </h2>
      <p className="mt-1 text-gray-700">
        Each time slot takes one job per van, less the technicians on leave that day. Lowering it cancels no booked job:
        a slot that has more simply shows full.
      </p>
      {capacity.isPending ? (
        <SkeletonGroup label="Loading vans on the road..." className="mt-4">
          <Skeleton className="h-16 w-full sm:w-64" />
        </SkeletonGroup>
      ) : capacity.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(capacity.error, 'Could not load the vans on the road.')}
        </p>
      ) : (
        <CapacityFormFields key={capacity.data.vans} saved={capacity.data} />
      )}
      <RecentChanges subject="capacity" section="vans" />
    </section>
  );
}

function CapacityFormFields({ saved }: { saved: CapacityView }) {
  const form = useForm<CapacityForm, unknown, FormOutput>({
    resolver: rules.resolver,
    defaultValues: { vans: String(saved.vans) },
  });
  const save = useApiMutation(api.settings.updateCapacity, {
    input: (body: FormOutput) => ({ body }),
    onSuccess: (view) =>
      toast({
        title: 'Success',
        description: `Vans on the road saved: each slot now takes ${view.vans} ${view.vans === 1 ? 'job' : 'jobs'}.`,
      }),
    onError: (err) =>
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to save the vans on the road.'),
        variant: 'destructive',
      }),
  });

  return (
    <form
      noValidate
      onFocus={rules.preload}
      className="mt-4 space-y-4"
      onSubmit={(e) => void form.handleSubmit((values) => save.mutate(values))(e)}
    >
      <div className="sm:max-w-64">
        <TextField
          label={VANS_LABEL}
          inputMode="numeric"
          autoComplete="off"
          hint={`1 to ${MAX_VANS}`}
          error={form.formState.errors.vans?.message}
          {...form.register('vans')}
        />
      </div>
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? 'Saving...' : 'Save Vans'}
      </Button>
    </form>
  );
}
