import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { compareDays } from '../../../shared/domain/perth-time';
import { schedulingHorizonEnd } from '../../../shared/domain/slots';
import { CLOSURE_IN_PAST } from '../../../shared/domain/closures';
import type { closureForm, CreateClosureRequest } from '../../../shared/schemas/closures';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { JobsOnClosedDays } from './jobs-on-closed-days';
import { useClosureActions } from './use-closure-actions';
import { rulesOnDemand } from '../../lib/resolver-on-demand';
import { usePerthToday } from '../use-perth-today';

const rules = rulesOnDemand(async () => (await import('../../../shared/schemas/closures')).closureForm);

type FormInput = z.input<typeof closureForm>;
type FormOutput = z.output<typeof closureForm>;
const FIELDS = ['firstDay', 'lastDay', 'reason'] as const;

/**
 * Close a day or a range with a reason. The server's own schema checks it; the past is checked
 * here against Perth's today with the server's words, and again by the server.
 */
export function ClosureForm() {
  const today = usePerthToday();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: rules.resolver,
    defaultValues: { firstDay: '', lastDay: '', reason: '' },
  });
  const { errors } = form.formState;
  const actions = useClosureActions({
    onFieldErrors: (fields) => {
      for (const name of FIELDS) if (fields[name]) form.setError(name, { message: fields[name] });
    },
    onClosed: () => form.reset(),
  });
  const pending = actions.create.isPending;

  const submit = (values: FormOutput) => {
    if (compareDays(values.firstDay, today) < 0) return form.setError('firstDay', { message: CLOSURE_IN_PAST });
    actions.create.mutate({ firstDay: values.firstDay, lastDay: values.lastDay ?? null, reason: values.reason });
  };
  const decide = actions.jobsToDecide;

  return (
    <div className="space-y-4">
      <form
        noValidate
        onFocus={rules.preload}
        aria-label="Close days"
        className="space-y-4 rounded-xl border border-gray-200 p-4"
        onSubmit={(e) => void form.handleSubmit(submit)(e)}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First day"
            type="date"
            min={today}
            max={schedulingHorizonEnd(today)}
            error={errors.firstDay?.message}
            {...form.register('firstDay')}
          />
          <TextField
            label="Last day (optional)"
            type="date"
            min={today}
            max={schedulingHorizonEnd(today)}
            hint="Leave empty to close one day."
            error={errors.lastDay?.message}
            {...form.register('lastDay')}
          />
        </div>
        <TextField
          label="Reason"
          autoComplete="off"
          placeholder="Away for Christmas"
          hint="Staff see it; customers see Closed."
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <Button type="submit" className="w-full sm:w-auto" disabled={pending || decide !== null}>
          {pending && !decide ? 'Closing...' : 'Close these days'}
        </Button>
      </form>
      {decide ? (
        <JobsOnClosedDays
          decide={decide}
          pending={pending}
          onChoose={(jobs: NonNullable<CreateClosureRequest['jobs']>) =>
            actions.create.mutate({ ...decide.body, jobs })
          }
          onBack={actions.clearJobsToDecide}
        />
      ) : null}
    </div>
  );
}
