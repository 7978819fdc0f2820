import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '../components/ui/toast';
import { api, errorMessage } from '../lib/api';
import { clearDevice } from './offline/device-store';
import { reloadQueue } from './offline/queue';
import { clearSession } from './session';

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
      clearSession(client);
      toast({ title: 'Logged out', description: 'You have been signed out.' });
      navigate('/auth', { replace: true });
    },
    onError: (err) =>
      toast({ title: 'Logout failed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
}
