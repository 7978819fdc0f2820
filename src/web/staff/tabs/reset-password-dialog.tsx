import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PASSWORD_HINT } from '../../../shared/domain/passwords';
import { resetPasswordFormSchema, type PublicUser, type ResetPasswordInput } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

const EMPTY = { temporaryPassword: '' };

/**
 * Team's "Reset password": a temporary password the admin types, or one the server makes, shown
 * here once; its user must choose their own at the next sign-in (docs/decisions/325-passwords-people-choose.md).
 * A typed one meets the one password rule (docs/decisions/394-one-password-rule.md).
 */
export function ResetPasswordDialog({ user, onClose }: { user: PublicUser | null; onClose: () => void }) {
  const rules = useMemo(() => resetPasswordFormSchema(user?.username ?? ''), [user?.username]);
  const form = useForm<ResetPasswordInput>({ resolver: zodResolver(rules), defaultValues: EMPTY });
  const { errors } = form.formState;
  const [shown, setShown] = useState<string | null>(null);
  const reset = useApiMutation(api.team.resetPassword, {
    input: (body: ResetPasswordInput) => ({ params: { userId: user!.id }, body }),
    onSuccess: (result) => {
      setShown(result.temporaryPassword);
      toast({
        title: 'Password reset',
        description: `${result.username} is signed out and must choose a new password at their next sign-in.`,
      });
    },
    onError: (err) => {
      // The common-password rule is the server's alone: its message goes on the field it names.
      const { temporaryPassword } = fieldErrorsOf(err);
      if (temporaryPassword) form.setError('temporaryPassword', { message: temporaryPassword }, { shouldFocus: true });
      toast({
        title: 'Reset failed',
        description: errorMessage(err, 'Could not reset the password'),
        variant: 'destructive',
      });
    },
  });
  const close = () => {
    form.reset(EMPTY);
    setShown(null);
    onClose();
  };

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => (open ? null : close())}
      title={`Reset password for ${user?.username ?? ''}`}
      description="They are signed out everywhere and must choose their own password at their next sign-in."
    >
      {shown ? (
        <div className="space-y-4">
          <p>Give {user?.username} this temporary password. It is shown only this once.</p>
          <p
            className="rounded-lg border border-gray-300 bg-gray-50 p-3 text-center font-mono text-xl [overflow-wrap:anywhere]"
            aria-label="Temporary password"
          >
            {shown}
          </p>
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => void form.handleSubmit((values) => reset.mutate(values))(e)}
        >
          <TextField
            label="Temporary password (optional)"
            type="text"
            autoComplete="off"
            hint={`Leave empty and one is made for you. ${PASSWORD_HINT}`}
            error={errors.temporaryPassword?.message}
            {...form.register('temporaryPassword')}
          />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={reset.isPending}>
              {reset.isPending ? 'Resetting...' : 'Reset password'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
