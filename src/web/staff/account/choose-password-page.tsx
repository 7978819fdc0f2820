import { LogOut } from 'lucide-react';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { useSignOut } from '../use-sign-out';
import { ChangePasswordForm } from './change-password-form';

/**
 * After an admin's reset, the only screen until the user has chosen their own password: every
 * dashboard request answers 403 until then (docs/decisions/325-passwords-people-choose.md).
 */
export function ChoosePasswordPage({ user }: { user: PublicUser }) {
  const signOut = useSignOut();
  return (
    <main className="mx-auto max-w-lg px-4 py-8">
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      <p className="mb-6 mt-2 text-gray-800">
        {user.username}, your password was reset by an administrator. Enter the temporary password you were given, then
        choose your own.
      </p>
      <ChangePasswordForm username={user.username} currentLabel="Temporary password" />
      <Button variant="ghost" className="mt-6" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        <LogOut aria-hidden className="h-4 w-4" />
        {signOut.isPending ? 'Logging out...' : 'Logout'}
      </Button>
    </main>
  );
}
