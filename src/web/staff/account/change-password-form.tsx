import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { CHOSEN_PASSWORD_MIN } from '../../../shared/domain/passwords';
import type { ChangePasswordInput } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { onDemand } from '../../lib/on-demand';
import { rulesOnDemand } from '../../lib/resolver-on-demand';

const loadRules = onDemand(() => import('./change-password-rules'));
type FormValues = ChangePasswordInput & { repeatPassword: string };
const EMPTY: FormValues = { currentPassword: '', newPassword: '', repeatPassword: '' };

/**
 * Change password (docs/decisions/325-passwords-people-choose.md): validated by the schema the
 * server uses; the common-password rule is the server's alone and comes back on its field.
 */
export function ChangePasswordForm({
  username,
  currentLabel = 'Current password',
  onChanged,
}: {
  username: string;
  currentLabel?: string;
  onChanged?: () => void;
}) {
  const rules = useMemo(() => rulesOnDemand(async () => (await loadRules()).changePasswordRules(username)), [username]);
  const form = useForm<FormValues>({ resolver: rules.resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const change = useApiMutation(api.account.changePassword, {
    input: ({ currentPassword, newPassword }: FormValues) => ({ body: { currentPassword, newPassword } }),
    onSuccess: () => {
      toast({ title: 'Password changed', description: 'Your other devices have been signed out.' });
      form.reset(EMPTY);
      onChanged?.();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields.currentPassword)
        form.setError('currentPassword', { message: fields.currentPassword }, { shouldFocus: true });
      if (fields.newPassword)
        form.setError('newPassword', { message: fields.newPassword }, { shouldFocus: !fields.currentPassword });
      if (Object.keys(fields).length === 0)
        toast({
          title: 'Password not changed',
          description: errorMessage(err, 'Could not change your password'),
          variant: 'destructive',
        });
    },
  });

  return (
    <form
      noValidate
      onFocus={rules.preload}
      className="space-y-4"
      aria-label="Change password"
      onSubmit={(e) => void form.handleSubmit((values) => change.mutate(values))(e)}
    >
      {/* For password managers: whose password this is. */}
      <input
        type="text"
        name="username"
        aria-label="Username"
        autoComplete="username"
        value={username}
        readOnly
        hidden
      />
      <TextField
        label={currentLabel}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${CHOSEN_PASSWORD_MIN} characters, not a common password, and not containing your username.`}
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        error={errors.repeatPassword?.message}
        {...form.register('repeatPassword')}
      />
      <Button type="submit" className="w-full sm:w-auto" disabled={change.isPending}>
        {change.isPending ? 'Changing password...' : 'Change password'}
      </Button>
    </form>
  );
}
