import { LogOut } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useSignOut } from '../use-sign-out';
import { Enrolment } from './enrolment';

export function TwoFactorRequired({ onDone }: { onDone: () => void }) {
  const signOut = useSignOut();
  return (
    <main className="mx-auto max-w-lg px-4 py-6">
      <section aria-labelledby="two-factor-required-heading" className="rounded-xl border border-gray-200 p-4 sm:p-5">
        <h1 id="two-factor-required-heading" className="text-xl font-bold">
          Set up two-factor sign-in
        </h1>
        <p className="mt-2 text-gray-800">
          The owner requires two-factor sign-in for admins. Set it up with an authenticator app on your phone to use the
          dashboard.
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
