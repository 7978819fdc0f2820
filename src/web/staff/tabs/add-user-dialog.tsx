import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_HINT } from '../../../shared/domain/passwords';
import { newUserSchema, type NewUserInput } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

const EMPTY = { username: '', password: '', email: '', role: 'technician' as const };

/**
 * The Team tab's Add User dialog; validated by the same schema the server uses, the password under
 * the one password rule (docs/decisions/394-one-password-rule.md).
 */
export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useForm({ resolver: zodResolver(newUserSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const addUser = useApiMutation(api.team.addUser, {
    input: (body: NewUserInput) => ({ body }),
    onSuccess: (user) => {
      toast({ title: 'User registered successfully', description: `${user.username} can now sign in.` });
      form.reset(EMPTY);
      onOpenChange(false);
    },
    onError: (err) => {
      // The common-password rule is the server's alone: its message goes on the field it names.
      const { password } = fieldErrorsOf(err);
      if (password) form.setError('password', { message: password }, { shouldFocus: true });
      toast({
        title: 'Registration Failed',
        description: errorMessage(err, 'Failed to register user'),
        variant: 'destructive',
      });
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset(EMPTY);
        onOpenChange(next);
      }}
      title="Add User"
      description="Create a sign-in for a team member."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => void form.handleSubmit((values) => addUser.mutate(values))(e)}
      >
        <TextField
          label="Username"
          autoComplete="off"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Email (optional)"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField label="Role" error={errors.role?.message} {...form.register('role')}>
          <option value="technician">Technician</option>
          <option value="admin">Admin</option>
        </SelectField>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={addUser.isPending}>
            {addUser.isPending ? 'Adding...' : 'Add User'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
