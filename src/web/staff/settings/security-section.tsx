import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { SecurityForm } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { RecentChanges } from './recent-changes';

/** Settings, "Staff sign-in" (admins): whether every admin must use two-factor sign-in (decision 321). */
export function SecuritySection() {
  const security = useQuery(api.settings.security.query());
  return (
    <section
      id="security"
      aria-labelledby="security-heading"
      className="scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <h2 id="security-heading" className="text-lg font-bold">
        Staff sign-in
      </h2>
      {security.isPending ? (
        <SkeletonGroup label="Loading staff sign-in..." className="mt-4">
          <Skeleton className="h-11 w-full" />
        </SkeletonGroup>
      ) : security.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(security.error, 'Could not load the staff sign-in rules.')}
        </p>
      ) : (
        <SecurityFields key={String(security.data.requireAdminMfa)} saved={security.data} />
      )}
      <RecentChanges subject="security" section="security" />
    </section>
  );
}

/** 409: the admin turning the requirement on has no two-factor yet (decision 321). */
const ownFirst = (err: unknown) => err instanceof ApiError && err.status === 409;

function SecurityFields({ saved }: { saved: SecurityForm }) {
  const form = useForm<SecurityForm>({ defaultValues: saved });
  const save = useApiMutation(api.settings.updateSecurity, {
    input: (body: SecurityForm) => ({ body }),
    onSuccess: (now) =>
      toast({
        title: 'Success',
        description: now.requireAdminMfa
          ? 'Every admin now needs two-factor sign-in.'
          : 'Two-factor sign-in is now up to each admin.',
      }),
    // A refusal the admin can act on (set up their own two-factor first) stays beside the box.
    onError: (err) =>
      ownFirst(err) ||
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to save the staff sign-in rules.'),
        variant: 'destructive',
      }),
  });
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(e) => void form.handleSubmit((values) => save.mutate(values))(e)}
    >
      <div className="space-y-1">
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="h-5 w-5"
            aria-describedby={
              ownFirst(save.error) ? 'require-admin-mfa-hint require-admin-mfa-error' : 'require-admin-mfa-hint'
            }
            defaultChecked={saved.requireAdminMfa}
            {...form.register('requireAdminMfa')}
          />
          Require two-factor sign-in for admins
        </label>
        <p id="require-admin-mfa-hint" className="text-sm text-gray-700">
          An admin without it is asked to set it up before using the dashboard. Technicians choose for themselves.
        </p>
        {ownFirst(save.error) && (
          <p id="require-admin-mfa-error" role="alert" className="text-sm text-red-700">
            {errorMessage(save.error, 'Set up two-factor sign-in for your own account first.')}
          </p>
        )}
      </div>
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? 'Saving...' : 'Save Staff Sign-in'}
      </Button>
    </form>
  );
}
