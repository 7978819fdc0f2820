import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { rosterRequest, WEEKDAY_NAMES, type Roster } from '../../../shared/schemas/roster';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { JobsToReassign } from './jobs-to-reassign';

type FormInput = { workingDays: number[]; leave: { from: string; to: string; reason: string }[] };
type FormOutput = z.output<typeof rosterRequest>;

/**
 * A technician's roster on the Team tab (docs/decisions/310-technician-rosters-and-leave.md): the
 * weekdays they work, among those the business opens, and their leave. The form checks with the
 * server's own schema; the jobs that fall on a day off are listed under it, each a link to the job.
 */
export function RosterEditor({ technicianId, username }: { technicianId: string; username: string }) {
  const roster = useQuery(api.team.roster.query({ params: { id: technicianId } }));
  if (roster.isPending) {
    return (
      <SkeletonGroup label={`Loading ${username}'s roster...`} className="space-y-3">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-24 w-full" />
      </SkeletonGroup>
    );
  }
  if (roster.isError) {
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(roster.error, 'Could not load the roster.')}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <RosterForm
        key={JSON.stringify([roster.data.workingDays, roster.data.leave, roster.data.openDays])}
        saved={roster.data}
      />
      <JobsToReassign jobs={roster.data.jobsToReassign} username={username} />
    </div>
  );
}

function RosterForm({ saved }: { saved: Roster }) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(rosterRequest),
    // A weekday the business has since closed is left out: the server would refuse it.
    defaultValues: {
      workingDays: saved.workingDays.filter((d) => saved.openDays.includes(d)),
      leave: saved.leave.map(({ from, to, reason }) => ({ from, to, reason })),
    },
  });
  const leave = useFieldArray({ control: form.control, name: 'leave' });
  const { errors } = form.formState;
  const save = useApiMutation(api.team.setRoster, {
    input: (body: FormOutput) => ({ params: { id: saved.technicianId }, body }),
    onSuccess: (r) =>
      toast({
        title: 'Roster saved',
        description:
          r.jobsToReassign.length > 0
            ? `${r.username} has ${r.jobsToReassign.length === 1 ? '1 job on a day off' : `${r.jobsToReassign.length} jobs on days off`} to reassign.`
            : `${r.username}'s roster is up to date.`,
      }),
    onError: (err) =>
      toast({
        title: 'Roster not saved',
        description: errorMessage(err, 'Failed to save the roster.'),
        variant: 'destructive',
      }),
  });
  const prefix = `roster-${saved.technicianId}`;

  return (
    <form
      noValidate
      aria-label={`Roster of ${saved.username}`}
      className="space-y-4"
      onSubmit={(e) => void form.handleSubmit((values) => save.mutate(values))(e)}
    >
      <WorkingDays
        control={form.control}
        openDays={saved.openDays}
        error={errors.workingDays?.message ?? errors.workingDays?.root?.message}
        id={`${prefix}-days`}
      />

      <fieldset className="space-y-3">
        <legend className="font-semibold">Leave</legend>
        {leave.fields.length === 0 ? <p className="text-sm text-gray-700">No leave booked.</p> : null}
        <ul className="space-y-3">
          {leave.fields.map((field, i) => (
            <li
              key={field.id}
              className="grid gap-2 rounded-lg border border-gray-200 p-3 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-start"
            >
              <TextField
                type="date"
                label="First day"
                error={errors.leave?.[i]?.from?.message}
                {...form.register(`leave.${i}.from`)}
              />
              <TextField
                type="date"
                label="Last day"
                error={errors.leave?.[i]?.to?.message}
                {...form.register(`leave.${i}.to`)}
              />
              <TextField
                label="Reason"
                placeholder="Annual leave"
                maxLength={120}
                error={errors.leave?.[i]?.reason?.message}
                {...form.register(`leave.${i}.reason`)}
              />
              <Button
                variant="outline"
                className="sm:mt-6"
                aria-label={`Remove leave ${i + 1}`}
                onClick={() => leave.remove(i)}
              >
                <Trash2 aria-hidden className="h-4 w-4" />
                <span className="sm:sr-only">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
        <Button variant="outline" onClick={() => leave.append({ from: '', to: '', reason: '' })}>
          <Plus aria-hidden className="h-4 w-4" />
          Add leave
        </Button>
      </fieldset>

      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? 'Saving...' : 'Save roster'}
      </Button>
    </form>
  );
}

/** One 44 px toggle per weekday the business opens; pressed means the technician works it. */
function WorkingDays({
  control,
  openDays,
  error,
  id,
}: {
  control: Control<FormInput>;
  openDays: number[];
  error?: string;
  id: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-semibold">Working days</legend>
      <Controller
        control={control}
        name="workingDays"
        render={({ field }) => (
          <div className="mt-2 flex flex-wrap gap-2">
            {openDays.map((d) => {
              const on = field.value.includes(d);
              return (
                <button
                  key={d}
                  type="button"
                  aria-pressed={on}
                  aria-label={WEEKDAY_NAMES[d]}
                  onClick={() =>
                    field.onChange(on ? field.value.filter((x) => x !== d) : [...field.value, d].sort((a, b) => a - b))
                  }
                  className={
                    on
                      ? 'min-h-11 min-w-14 rounded-lg border-2 border-charcoal bg-charcoal px-3 font-semibold text-white'
                      : 'min-h-11 min-w-14 rounded-lg border-2 border-gray-400 bg-white px-3 font-semibold text-charcoal'
                  }
                >
                  {(WEEKDAY_NAMES[d] ?? '').slice(0, 3)}
                </button>
              );
            })}
          </div>
        )}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p className="mt-1 text-sm text-gray-600">Only the days the business opens can be chosen.</p>
      )}
    </fieldset>
  );
}
