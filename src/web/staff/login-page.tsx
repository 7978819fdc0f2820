import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Redirect, useLocation } from 'wouter';
import type { BusinessInfo } from '../../shared/schemas/site';
import { INVALID_LOGIN_MESSAGE, loginSchema, type LoginInput, type PublicUser } from '../../shared/schemas/auth';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { api, ApiError } from '../lib/api';
import { LoginCodeStep } from './login-code-step';
import { OwnerSetupForm } from './owner-setup-form';
import { USER_KEY, useCurrentUser } from './session';

/** /auth and /dashboard/login (docs/product.md "Staff sign-in and sessions"). */
export function LoginPage({ business }: { business: BusinessInfo }) {
  const user = useCurrentUser();
  const setup = useQuery(api.auth.setupStatus.query());
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  // A right password for a user with two-factor sign-in: the code is asked for next (decision 320).
  const [codeStep, setCodeStep] = useState(false);

  const signedIn = (who: PublicUser) => {
    client.setQueryData(USER_KEY, who);
    toast({ title: 'Login successful', description: 'Welcome to the business dashboard!' });
    navigate('/dashboard', { replace: true });
  };

  const signIn = useMutation({
    mutationFn: (body: LoginInput) => api.auth.login({ body }),
    onSuccess: (result) => {
      if ('mfaRequired' in result) setCodeStep(true);
      else signedIn(result);
    },
    onError: (err) => {
      // A wrong username or password (401) reads the same whichever it was (docs/product.md "Staff
      // sign-in and sessions"); any other refusal says the server's own reason: when to retry (429,
      // or 503 when it was too busy to check), which address to open (403,
      // docs/decisions/395-newcomer-first-run.md).
      const description =
        err instanceof ApiError && err.status === 401
          ? INVALID_LOGIN_MESSAGE
          : err instanceof ApiError
            ? (err.serverMessage ?? `The server answered ${err.status}. Please try again.`)
            : 'Could not reach the server. Check the connection and try again.';
      toast({ title: 'Login failed', description, variant: 'destructive' });
    },
  });

  // The form takes the typing as it shows: the password when whoever just signed out on this page
  // is offered again (their name from this page's history, use-sign-out.ts), else the username
  // (docs/decisions/434-two-factor-on-one-phone-and-the-bar.md).
  const formShown = !user.isPending && !setup.isPending && !setup.data?.ownerSetupNeeded && !codeStep && !user.data;
  const { setFocus, setValue } = form;
  useEffect(() => {
    if (!formShown) return;
    const state: unknown = window.history.state;
    const signedOut =
      state && typeof state === 'object' && 'signedOut' in state && typeof state.signedOut === 'string'
        ? state.signedOut
        : '';
    if (signedOut) setValue('username', signedOut);
    setFocus(signedOut ? 'password' : 'username');
  }, [formShown, setFocus, setValue]);

  // The login page is also where a signed-in user lands by mistake: send them on.
  if (user.data) return <Redirect to="/dashboard" replace />;

  return (
    <main className="flex min-h-dvh items-start justify-center bg-gray-50 px-4 py-12 sm:items-center">
      <div className="w-full max-w-sm rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-semibold uppercase tracking-wide text-gray-700">{business.name}</p>
        {user.isPending || setup.isPending ? (
          <div className="mt-6">
            <Spinner label="Checking authentication..." />
          </div>
        ) : setup.data?.ownerSetupNeeded ? (
          <OwnerSetupForm />
        ) : codeStep ? (
          <LoginCodeStep
            onSignedIn={signedIn}
            onStartOver={(message) => {
              setCodeStep(false);
              form.setValue('password', '');
              if (message) toast({ title: 'Sign in again', description: message, variant: 'destructive' });
            }}
          />
        ) : (
          <>
            <h1 className="mt-1 text-2xl font-bold">Staff sign in</h1>
            <form
              noValidate
              className="mt-6 space-y-4"
              onSubmit={(e) => void form.handleSubmit((values) => signIn.mutate(values))(e)}
            >
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
                autoComplete="current-password"
                error={errors.password?.message}
                {...form.register('password')}
              />
              <Button type="submit" className="w-full" disabled={signIn.isPending}>
                <LogIn aria-hidden className="h-4 w-4" />
                {signIn.isPending ? 'Signing in...' : 'Sign in'}
              </Button>
            </form>
            <p className="mt-6 text-sm text-gray-700">Contact your administrator to create a new account</p>
          </>
        )}
      </div>
    </main>
  );
}
