import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { ResetTwoFactorButton } from '../two-factor/reset-two-factor';
import { RosterButton, RosterPanel } from '../team/roster-panel';
import { dialogOnDemand, fetchAheadOfTap } from '../dialog-on-demand';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

// The team's forms, loaded (with the zod they validate with) when first opened (docs/decisions/380-staff-first-screen-without-zod.md).
const addUser = dialogOnDemand(
  async () => (await import('./add-user-dialog')).AddUserDialog,
  (props) => props.open,
);
const resetPassword = dialogOnDemand(
  async () => (await import('./reset-password-dialog')).ResetPasswordDialog,
  (props) => props.user !== null,
);

const { Dialog: AddUserDialog } = addUser;
const { Dialog: ResetPasswordDialog } = resetPassword;
const aheadOfTap = fetchAheadOfTap(addUser, resetPassword);

/** The Team tab (admin only): the user list, Add User, and Activate/Deactivate. */
export function TeamTab({ user: me }: { user: PublicUser }) {
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<PublicUser | null>(null);
  const [signingOut, setSigningOut] = useState<PublicUser | null>(null);
  const endSessions = useApiMutation(api.team.endUserSessions, {
    input: (u: PublicUser) => ({ params: { userId: u.id } }),
    onSuccess: ({ ended }, u) => {
      setSigningOut(null);
      toast({
        title: 'Signed out everywhere',
        description: `${u.username}: ${ended} device${ended === 1 ? '' : 's'} signed out.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Sign out failed',
        description: errorMessage(err, 'Could not sign the user out'),
        variant: 'destructive',
      }),
  });
  const [rosterOf, setRosterOf] = useState<string | null>(null);
  const users = useQuery(api.team.listUsers.query());
  const setActive = useApiMutation(api.team.setUserStatus, {
    input: ({ id, isActive }: { id: string; isActive: boolean }) => ({ params: { userId: id }, body: { isActive } }),
    onSuccess: (user) => {
      toast({
        title: user.isActive ? 'User activated' : 'User deactivated',
        description: `${user.username} is now ${user.isActive ? 'active' : 'inactive'}.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to update user status'),
        variant: 'destructive',
      }),
  });

  return (
    <section aria-labelledby="team-heading" className="space-y-4" {...aheadOfTap}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="team-heading" className="text-lg font-bold">
          Team
        </h2>
        <Button onClick={() => setAdding(true)}>
          <UserPlus aria-hidden className="h-4 w-4" />
          Add User
        </Button>
      </div>

      {users.isPending ? (
        <Spinner label="Loading users..." />
      ) : users.isError ? (
        <p role="alert" className="text-red-700">
          Could not load the team: {users.error.message}
        </p>
      ) : (
        <ul aria-label="Team members" className="divide-y divide-gray-200 rounded-xl border border-gray-200">
          {users.data.map((u) => (
            <li key={u.id} className="p-4">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {u.username}
                    {u.id === me.id ? <span className="ml-2 text-sm font-normal text-gray-600">(you)</span> : null}
                  </p>
                  <p className="truncate text-sm text-gray-700">{u.email || 'No email'}</p>
                  <p className="mt-1 flex flex-wrap gap-2 text-sm">
                    <span className="rounded-full bg-gray-100 px-2 py-0.5">
                      {u.role === 'admin' ? 'Admin' : 'Technician'}
                    </span>
                    <span
                      className={
                        u.isActive
                          ? 'rounded-full bg-green-100 px-2 py-0.5 text-green-900'
                          : 'rounded-full bg-red-100 px-2 py-0.5 text-red-900'
                      }
                    >
                      {u.isActive ? 'Active' : 'Inactive'}
                    </span>
                  </p>
                </div>
                {/* An admin cannot deactivate themself (decision 112), so their own row has only the roster: their own password and devices are in Settings. */}
                <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap sm:justify-end">
                  {u.role === 'technician' ? (
                    <RosterButton
                      technicianId={u.id}
                      username={u.username}
                      open={rosterOf === u.id}
                      onToggle={() => setRosterOf(rosterOf === u.id ? null : u.id)}
                    />
                  ) : null}
                  {u.id === me.id ? null : (
                    <>
                      <Button
                        variant="outline"
                        aria-label={`Reset password for ${u.username}`}
                        onClick={() => setResetting(u)}
                      >
                        Reset password
                      </Button>
                      <Button
                        variant="outline"
                        aria-label={`Sign out ${u.username} everywhere`}
                        onClick={() => setSigningOut(u)}
                      >
                        Sign out everywhere
                      </Button>
                      <ResetTwoFactorButton user={u} />
                      <Button
                        variant={u.isActive ? 'outline' : 'secondary'}
                        aria-label={`${u.isActive ? 'Deactivate' : 'Activate'} ${u.username}`}
                        disabled={setActive.isPending && setActive.variables?.id === u.id}
                        onClick={() => setActive.mutate({ id: u.id, isActive: !u.isActive })}
                      >
                        {u.isActive ? 'Deactivate' : 'Activate'}
                      </Button>
                    </>
                  )}
                </div>
              </div>
              {rosterOf === u.id ? <RosterPanel technicianId={u.id} username={u.username} /> : null}
            </li>
          ))}
        </ul>
      )}

      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={signingOut !== null}
        onOpenChange={(open) => (open ? null : setSigningOut(null))}
        title={`Sign out ${signingOut?.username ?? ''} everywhere?`}
        message="Every device signed in as them is signed out at once. They can sign in again with their password."
        confirmLabel="Sign out everywhere"
        pendingLabel="Signing out..."
        isPending={endSessions.isPending}
        onConfirm={() => signingOut && endSessions.mutate(signingOut)}
      />
    </section>
  );
}
