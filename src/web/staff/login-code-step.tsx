import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { mfaCode, recoveryCode, type PublicUser } from '../../shared/schemas/auth';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { api, ApiError, errorMessage, fieldErrorsOf } from '../lib/api';
import { SENT_ON_SIXTH_DIGIT, sendOnSixthDigit } from './two-factor/sent-on-sixth-digit';

const codeForm = z.object({ code: mfaCode });
const recoveryForm = z.object({ recoveryCode });
type CodeForm = z.input<typeof codeForm>;
type RecoveryForm = z.input<typeof recoveryForm>;

/**
 * The second step of signing in (docs/decisions/320-two-factor-sign-in.md): the code from the
 * authenticator app, which a phone can fill in itself (autocomplete one-time-code), or a recovery
 * code. A timed-out step (401) sends the person back to the password.
 */
export function LoginCodeStep({
  onSignedIn,
  onStartOver,
}: {
  onSignedIn: (user: PublicUser) => void;
  onStartOver: (message: string) => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const code = useForm<CodeForm, unknown, z.output<typeof codeForm>>({
    resolver: zodResolver(codeForm),
    defaultValues: { code: '' },
  });
  // The password form just left the screen: the code field takes the focus, so a phone offers the app's code.
  const { setFocus } = code;
  useEffect(() => setFocus('code'), [setFocus]);
  const recovery = useForm<RecoveryForm>({ resolver: zodResolver(recoveryForm), defaultValues: { recoveryCode: '' } });

  const verify = useMutation({
    mutationFn: (body: { code: string } | { recoveryCode: string }) => api.twoFactor.completeSignIn({ body }),
    onSuccess: (result) => {
      if ('id' in result) onSignedIn(result);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) return onStartOver(errorMessage(err, 'Please sign in again.'));
      const { code: codeError, recoveryCode: recoveryError } = fieldErrorsOf(err);
      if (codeError) code.setError('code', { message: codeError }, { shouldFocus: true });
      else if (recoveryError) recovery.setError('recoveryCode', { message: recoveryError }, { shouldFocus: true });
      else code.setError('code', { message: errorMessage(err, 'Could not check the code. Please try again.') });
    },
  });

  const sendCode = code.handleSubmit((v) => {
    if (!verify.isPending) verify.mutate({ code: v.code });
  });

  return (
    <>
      <h1 className="mt-1 text-2xl font-bold">Two-factor sign in</h1>
      {useRecovery ? (
        <form
          noValidate
          className="mt-6 space-y-4"
          onSubmit={(e) => void recovery.handleSubmit((v) => verify.mutate({ recoveryCode: v.recoveryCode }))(e)}
        >
          <TextField
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="One of the codes you saved when you set up two-factor sign-in. Each works once."
            error={recovery.formState.errors.recoveryCode?.message}
            {...recovery.register('recoveryCode')}
          />
          <Button type="submit" className="w-full" disabled={verify.isPending}>
            <KeyRound aria-hidden className="h-4 w-4" />
            {verify.isPending ? 'Checking...' : 'Sign in'}
          </Button>
        </form>
      ) : (
        <form noValidate className="mt-6 space-y-4" onSubmit={(e) => void sendCode(e)}>
          <TextField
            label="Code from your authenticator app"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            hint={`6 digits; it changes every 30 seconds. ${SENT_ON_SIXTH_DIGIT}`}
            error={code.formState.errors.code?.message}
            {...code.register('code', { onChange: sendOnSixthDigit(() => void sendCode()) })}
          />
          <Button type="submit" className="w-full" disabled={verify.isPending}>
            <KeyRound aria-hidden className="h-4 w-4" />
            {verify.isPending ? 'Checking...' : 'Verify'}
          </Button>
        </form>
      )}
      <div className="mt-4 flex flex-col gap-2">
        <Button
          variant="ghost"
          className="w-full"
          onClick={() => setUseRecovery((on) => !on)}
          disabled={verify.isPending}
        >
          {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
        </Button>
        <Button variant="ghost" className="w-full" onClick={() => onStartOver('')} disabled={verify.isPending}>
          Start over
        </Button>
      </div>
    </>
  );
}
