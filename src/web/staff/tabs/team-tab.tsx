import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { RosterButton, RosterPanel } from '../team/roster-panel';
import { AddUserDialog } from './add-user-dialog';

/** The Team tab (admin only): the user list, Add User, and Activate/Deactivate. */
export function TeamTab({ user: me }: { user: PublicUser }) {
  const [adding, setAdding] = useState(false);
  const [rosterOf, setRosterOf] = useState<string | null>(null);
  const users = useQuery(api.team.listUsers.query());
  const setActive = useApiMutation(api.team.setUserStatus, {
    input: ({ id, isActive }: { id: string; isActive: boolean }) => ({ params: { userId: id }, body: { isActive } }),
    onSuccess: (user) => {
      toast({ title: user.isActive ? 'User activated' : 'User deactivated', description: `${user.username} is now ${user.isActive ? 'active' : 'inactive'}.` });
    },
    onError: (err) => toast({ title: 'Update Failed', description: errorMessage(err, 'Failed to update user status'), variant: 'destructive' }),
  });

  return (
    <section aria-labelledby="team-heading" className="space-y-4">
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
                    <span className="rounded-full bg-gray-100 px-2 py-0.5">{u.role === 'admin' ? 'Admin' : 'Technician'}</span>
                    <span className={u.isActive ? 'rounded-full bg-green-100 px-2 py-0.5 text-green-900' : 'rounded-full bg-red-100 px-2 py-0.5 text-red-900'}>
                      {u.isActive ? 'Active' : 'Inactive'}
                    </span>
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {u.role === 'technician' ? <RosterButton technicianId={u.id} username={u.username} open={rosterOf === u.id} onToggle={() => setRosterOf(rosterOf === u.id ? null : u.id)} /> : null}
                  {/* An admin cannot deactivate themself (decision 112), so their own row has no toggle. */}
                  {u.id === me.id ? null : (
                    <Button
                      variant={u.isActive ? 'outline' : 'secondary'}
                      aria-label={`${u.isActive ? 'Deactivate' : 'Activate'} ${u.username}`}
                      disabled={setActive.isPending && setActive.variables?.id === u.id}
                      onClick={() => setActive.mutate({ id: u.id, isActive: !u.isActive })}
                    >
                      {u.isActive ? 'Deactivate' : 'Activate'}
                    </Button>
                  )}
                </div>
              </div>
              {rosterOf === u.id ? <RosterPanel technicianId={u.id} username={u.username} /> : null}
            </li>
          ))}
        </ul>
      )}

      <AddUserDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}
