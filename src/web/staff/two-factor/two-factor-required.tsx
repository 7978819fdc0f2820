import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';
import { useSignOut } from '../use-sign-out';
import { Enrolment } from './enrolment';

/**
 * Whether the dashboard must show only the enrolment: the owner requires two-factor sign-in of
 * admins and this admin has not set it up (docs/decisions/321-admins-required-to-use-two-factor.md).
 * Once shown it stays until the recovery codes are saved, however often the status is read again.
 */
export function useTwoFactorRequired(user: PublicUser): { required: boolean; done: () => void } {
  const status = useQuery({ ...api.twoFactor.status.query(), enabled: user.role === 'admin' });
  const [required, setRequired] = useState(false);
  const mustEnrol = !!status.data?.required && !status.data.enabled;
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
  if (mustEnrol && !required) setRequired(true);
  const client = useQueryClient();
  return {
    required: required || mustEnrol,
    done: () => {
      void (async () => {
        await client.invalidateQueries({ queryKey: api.twoFactor.status.key() });
        setRequired(false);
        // Every read refused until now is read again.
        await client.invalidateQueries();
      })();
    },
  };
}

export function TwoFactorRequired({ onDone }: { onDone: () => void }) {
  const signOut = useSignOut();
  return (
    <main className="mx-auto max-w-lg px-4 py-6">
      <section aria-labelledby="two-factor-required-heading" className="rounded-xl border border-gray-200 p-4 sm:p-5">
        <h1 id="two-factor-required-heading" className="text-xl font-bold">
          Set up two-factor sign-in
        </h1>
        <p className="mt-2 text-gray-800">
          The owner requires two-factor sign-in for admins. Set it up with an authenticator app on your phone to use the dashboard.
        </p>
        <Enrolment onDone={onDone} />
      </section>
      <Button variant="ghost" className="mt-6" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        <LogOut aria-hidden className="h-4 w-4" />
        {signOut.isPending ? 'Logging out...' : 'Logout'}
      </Button>
    </main>
  );
}
