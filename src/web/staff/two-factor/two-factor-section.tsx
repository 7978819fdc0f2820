import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { mfaDisableSchema, MfaDisableForm, MfaStatusView } from '../../../shared/schemas/auth';
import { MONTHS, perthWallClock } from '../../../shared/domain/perth-time';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { Enrolment } from './enrolment';
import { rulesOnDemand } from '../../lib/resolver-on-demand';

const turnOffRules = rulesOnDemand(async () => (await import('../../../shared/schemas/auth')).mfaDisableSchema);

/** "27 November 2026" in Perth. */
const dateOf = (iso: string) => {
  const { d, m, y } = perthWallClock(new Date(iso));
  return `${d} ${MONTHS[m - 1] ?? ''} ${y}`;
};

/**
 * Settings, "Two-factor sign-in", for every staff user (docs/decisions/320-two-factor-sign-in.md):
 * set it up with an authenticator app, or turn it off with the password and a code.
 */
export function TwoFactorSection() {
  const status = useQuery(api.twoFactor.status.query());
  const client = useQueryClient();
  // Once the recovery codes are saved, everything is read again: an admin required to use it was refused until now.
  const finished = () => void client.invalidateQueries();
  return (
    <section
      id="two-factor"
      aria-labelledby="two-factor-heading"
      className="max-w-lg scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <h2 id="two-factor-heading" className="flex items-center gap-2 text-lg font-bold">
        <ShieldCheck aria-hidden className="h-5 w-5" />
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-gray-700">
        After your password, sign-in asks for a code from an authenticator app on your phone.
      </p>
      {status.isPending ? (
        <SkeletonGroup label="Loading two-factor sign-in..." className="mt-4 space-y-2">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-11 w-48" />
        </SkeletonGroup>
      ) : status.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(status.error, 'Could not load two-factor sign-in.')}
        </p>
      ) : (
        <TwoFactorState status={status.data} onFinished={finished} />
      )}
    </section>
  );
}

function TwoFactorState({ status, onFinished }: { status: MfaStatusView; onFinished: () => void }) {
  // Kept on screen while the codes show, even after the status reads "on".
  const [enrolling, setEnrolling] = useState(false);
  if (!status.enabled || enrolling) {
    return (
      <div>
        {enrolling ? null : (
          <p className="mt-4">
            Status: <strong>Off</strong>
          </p>
        )}
        <Enrolment
          onStarted={() => setEnrolling(true)}
          onDone={() => {
            setEnrolling(false);
            onFinished();
          }}
        />
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-2">
      <p>
        Status: <strong>On</strong>
        {status.enabledAt ? ` since ${dateOf(status.enabledAt)}` : ''}
      </p>
      <p className="text-gray-700">
        {status.recoveryCodesLeft} of 10 recovery codes left.
        {status.recoveryCodesLeft <= 3 ? ' Turn two-factor off and on again for new ones.' : ''}
      </p>
      {status.required ? <p className="text-gray-700">The owner requires two-factor sign-in for admins.</p> : null}
      <TurnOff />
    </div>
  );
}

function TurnOff() {
  const [open, setOpen] = useState(false);
  const form = useForm<MfaDisableForm, unknown, z.output<typeof mfaDisableSchema>>({
    resolver: turnOffRules.resolver,
    defaultValues: { password: '', code: '' },
  });
  const turnOff = useApiMutation(api.twoFactor.disable, {
    input: (body: z.output<typeof mfaDisableSchema>) => ({ body }),
    onSuccess: () => toast({ title: 'Two-factor sign-in is off', description: 'Sign-in asks for your password only.' }),
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields.password) form.setError('password', { message: fields.password });
      if (fields.code) form.setError('code', { message: fields.code });
      if (Object.keys(fields).length === 0)
        toast({
          title: 'Error',
          description: errorMessage(err, 'Could not turn off two-factor sign-in.'),
          variant: 'destructive',
        });
    },
  });
  if (!open) {
    return (
      <Button variant="outline" className="mt-2 w-full sm:w-auto" onClick={() => setOpen(true)}>
        Turn off two-factor sign-in
      </Button>
    );
  }
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onFocus={turnOffRules.preload}
      className="mt-2 space-y-4"
      onSubmit={(e) => void form.handleSubmit((values) => turnOff.mutate(values))(e)}
    >
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Code from your authenticator app"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="danger" disabled={turnOff.isPending}>
          {turnOff.isPending ? 'Turning off...' : 'Turn off'}
        </Button>
        <Button variant="outline" onClick={() => setOpen(false)} disabled={turnOff.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
