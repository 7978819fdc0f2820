import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '../components/ui/toast';
import { api, errorMessage } from '../lib/api';
import { clearDevice } from './offline/device-store';
import { reloadQueue } from './offline/queue';
import type { PublicUser } from '../../shared/schemas/auth';
import { clearSession, USER_KEY } from './session';

/** 'Logged out' on success, 'Logout failed' with the reason otherwise. */
export function useSignOut() {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    // The phone forgets this user's saved jobs and waiting changes first, signal or not (docs/decisions/347-what-leaves-the-phone.md).
    mutationFn: async () => {
      await clearDevice();
      await reloadQueue();
      return api.auth.logout();
    },
    onSuccess: () => {
      // The sign-in page offers the name of who just signed out, held by this page's history alone,
      // never stored (docs/decisions/434-two-factor-on-one-phone-and-the-bar.md).
      const username = client.getQueryData<PublicUser | null>(USER_KEY)?.username;
      clearSession(client);
      toast({ title: 'Logged out', description: 'You have been signed out.' });
      navigate('/auth', { replace: true, state: username ? { signedOut: username } : undefined });
    },
    onError: (err) =>
      toast({ title: 'Logout failed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
}
