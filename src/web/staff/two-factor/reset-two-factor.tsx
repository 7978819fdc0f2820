import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

/**
 * Team: "Reset two-factor" for another user who has it on (a lost phone); they sign in with the
 * password alone until they set it up again. Recorded in the audit log (decision 320).
 */
export function ResetTwoFactorButton({ user }: { user: PublicUser }) {
  const enrolled = useQuery(api.twoFactor.enrolledUsers.query());
  const [asking, setAsking] = useState(false);
  const reset = useApiMutation(api.twoFactor.reset, {
    input: (userId: string) => ({ params: { userId } }),
    onSuccess: () => {
      setAsking(false);
      toast({
        title: 'Two-factor sign-in reset',
        description: `${user.username} signs in with their password until they set it up again.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Reset failed',
        description: errorMessage(err, 'Could not reset two-factor sign-in.'),
        variant: 'destructive',
      }),
  });
  if (!enrolled.data?.some((e) => e.userId === user.id)) return null;
  return (
    <>
      <Button
        variant="outline"
        aria-label={`Reset two-factor for ${user.username}`}
        onClick={() => setAsking(true)}
        disabled={reset.isPending}
      >
        Reset two-factor
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Reset two-factor sign-in for ${user.username}?`}
        message="Their authenticator app and recovery codes stop working; they sign in with the password alone until they set it up again."
        confirmLabel="Reset two-factor"
        pendingLabel="Resetting..."
        isPending={reset.isPending}
        onConfirm={() => reset.mutate(user.id)}
      />
    </>
  );
}
