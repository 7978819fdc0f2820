import { useQuery } from '@tanstack/react-query';
import { LogOut, Monitor } from 'lucide-react';
import type { DeviceSession } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { perthDateTime } from '../../../shared/domain/perth-time';
import { useApiMutation } from '../../lib/refresh';

/** "Your devices" in Settings (docs/decisions/326-signed-in-devices.md): every browser signed in as me, each with its own sign-out. */
export function DevicesSection() {
  const devices = useQuery(api.account.listSessions.query());
  const endOne = useApiMutation(api.account.endSession, {
    input: (device: DeviceSession) => ({ params: { id: device.id } }),
    onSuccess: (_r, device) =>
      toast({ title: 'Device signed out', description: `${device.browser} on ${device.os} is signed out.` }),
    onError: (err) =>
      toast({
        title: 'Sign out failed',
        description: errorMessage(err, 'Could not sign that device out'),
        variant: 'destructive',
      }),
  });
  const endOthers = useApiMutation(api.account.endOtherSessions, {
    input: () => ({}),
    onSuccess: ({ ended }) =>
      toast({
        title: 'Signed out everywhere else',
        description: `${ended} other device${ended === 1 ? '' : 's'} signed out.`,
      }),
    onError: (err) =>
      toast({
        title: 'Sign out failed',
        description: errorMessage(err, 'Could not sign the other devices out'),
        variant: 'destructive',
      }),
  });
  const others = devices.data?.filter((d) => !d.current).length ?? 0;

  return (
    <section aria-labelledby="devices-heading" className="max-w-2xl rounded-xl border border-gray-200 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="devices-heading" className="text-lg font-bold">
          Your devices
        </h2>
        <Button
          variant="outline"
          onClick={() => endOthers.mutate(undefined)}
          disabled={endOthers.isPending || others === 0}
        >
          <LogOut aria-hidden className="h-4 w-4" />
          {endOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
        </Button>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        Browsers signed in as you. Sign out any you do not recognise, then change your password.
      </p>
      {devices.isPending ? (
        <SkeletonGroup label="Loading your devices..." className="mt-4 space-y-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </SkeletonGroup>
      ) : devices.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          Could not load your devices: {errorMessage(devices.error, 'please try again')}
        </p>
      ) : (
        <ul aria-label="Signed-in devices" className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200">
          {devices.data.map((device) => (
            <li key={device.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 gap-3">
                <Monitor aria-hidden className="mt-1 h-5 w-5 shrink-0 text-gray-600" />
                <div className="min-w-0">
                  <p className="font-semibold [overflow-wrap:anywhere]">
                    {device.browser} on {device.os}
                    {device.current ? (
                      <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm font-medium text-green-900">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-gray-700 [overflow-wrap:anywhere]">
                    {device.address ?? 'Address unknown'} · last seen {perthDateTime(device.lastSeenAt)}
                  </p>
                </div>
              </div>
              {device.current ? null : (
                <Button
                  variant="outline"
                  className="w-full sm:w-auto"
                  aria-label={`Sign out ${device.browser} on ${device.os}`}
                  disabled={endOne.isPending && endOne.variables?.id === device.id}
                  onClick={() => endOne.mutate(device)}
                >
                  {endOne.isPending && endOne.variables?.id === device.id ? 'Signing out...' : 'Sign out'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
