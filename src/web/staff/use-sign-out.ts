import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '../components/ui/toast';
import { api, errorMessage } from '../lib/api';
import { clearSession } from './session';

/** 'Logged out' on success, 'Logout failed' with the reason otherwise. */
export function useSignOut() {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => api.auth.logout(),
    onSuccess: () => {
      clearSession(client);
      toast({ title: 'Logged out', description: 'You have been signed out.' });
      navigate('/auth', { replace: true });
    },
    onError: (err) => toast({ title: 'Logout failed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
}
