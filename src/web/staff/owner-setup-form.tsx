import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { PASSWORD_HINT } from '../../shared/domain/passwords';
import { ownerSetupSchema, type OwnerSetupForm as OwnerSetupValues } from '../../shared/schemas/auth';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { toast } from '../components/ui/toast';
import { api, errorMessage, fieldErrorsOf } from '../lib/api';
import { USER_KEY } from './session';

/**
 * The first visit to a new site: the owner account, guarded by the one-time code the server prints
 * in its log (decision 111). Shown instead of the sign-in form while no staff user exists. The
 * password is checked by the server's own schema, the one password rule
 * (docs/decisions/394-one-password-rule.md).
 */
export function OwnerSetupForm() {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const form = useForm<OwnerSetupValues>({
    resolver: zodResolver(ownerSetupSchema),
    defaultValues: { setupCode: '', username: '', password: '', email: '' },
  });
  const { errors } = form.formState;
  const create = useMutation({
    mutationFn: (body: OwnerSetupValues) => api.auth.createOwner({ body }),
    onSuccess: (owner) => {
      client.setQueryData(USER_KEY, owner);
      void client.invalidateQueries({ queryKey: api.auth.setupStatus.key() });
      toast({
        title: 'Owner account created',
        description: `Welcome, ${owner.username}. You can add your team under Team.`,
      });
      navigate('/dashboard', { replace: true });
    },
    onError: (err) => {
      // The common-password rule is the server's alone: its message goes on the field it names.
      const { password } = fieldErrorsOf(err);
      if (password) form.setError('password', { message: password }, { shouldFocus: true });
      toast({
        title: 'Registration failed',
        description: errorMessage(err, 'Failed to create account'),
        variant: 'destructive',
      });
    },
  });

  return (
    <>
      <h1 className="mt-1 text-2xl font-bold">Create the owner account</h1>
      <p className="mt-2 text-sm text-gray-700">
        This site has no staff account yet. Enter the setup code printed in the server&apos;s log when it started, then
        choose the owner&apos;s username and password.
      </p>
      <form
        noValidate
        className="mt-6 space-y-4"
        onSubmit={(e) => void form.handleSubmit((values) => create.mutate(values))(e)}
      >
        <TextField
          label="Setup code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.setupCode?.message}
          {...form.register('setupCode')}
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
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
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" className="w-full" disabled={create.isPending}>
          <KeyRound aria-hidden className="h-4 w-4" />
          {create.isPending ? 'Creating...' : 'Create the owner account'}
        </Button>
      </form>
    </>
  );
}
