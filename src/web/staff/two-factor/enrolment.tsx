import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { mfaConfirmSchema, MfaConfirmForm, MfaSetupView } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage, fieldErrorsOf } from '../../lib/api';
import { RecoveryCodes } from './recovery-codes';
import { SENT_ON_SIXTH_DIGIT, sendOnSixthDigit } from './sent-on-sixth-digit';
import { rulesOnDemand } from '../../lib/resolver-on-demand';

const confirmRules = rulesOnDemand(async () => (await import('../../../shared/schemas/auth')).mfaConfirmSchema);

/** The secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Copies the key for pasting into the authenticator app on this same phone. The clipboard API is
 * missing on a plain-http address (a secure-context API), so the shown key is selected and copied.
 */
async function copyKey(secret: string, shown: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(secret);
    return true;
  } catch {
    if (!shown) return false;
    window.getSelection()?.selectAllChildren(shown);
    return document.execCommand('copy');
  }
}

/**
 * Setting up two-factor sign-in (docs/decisions/320-two-factor-sign-in.md): scan the QR code (or
 * type the secret), confirm one code, then save the recovery codes. `onDone` runs once the codes
 * are saved, not at confirmation, so they stay on screen however the page changes beneath them.
 */
export function Enrolment({ onStarted, onDone }: { onStarted?: () => void; onDone: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const setup = useMutation({
    mutationFn: () => api.twoFactor.setup(),
    onSuccess: () => onStarted?.(),
    onError: (err) =>
      toast({ title: 'Error', description: errorMessage(err, 'Could not start the setup.'), variant: 'destructive' }),
  });

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!setup.data) {
    return (
      <Button className="mt-4 w-full sm:w-auto" onClick={() => setup.mutate()} disabled={setup.isPending}>
        {setup.isPending ? 'Starting...' : 'Set up two-factor sign-in'}
      </Button>
    );
  }
  return <ScanAndConfirm setup={setup.data} onConfirmed={setCodes} />;
}

function ScanAndConfirm({ setup, onConfirmed }: { setup: MfaSetupView; onConfirmed: (codes: string[]) => void }) {
  const form = useForm<MfaConfirmForm, unknown, z.output<typeof mfaConfirmSchema>>({
    resolver: confirmRules.resolver,
    defaultValues: { code: '' },
  });
  const codeId = useId();
  const confirm = useMutation({
    mutationFn: (body: z.output<typeof mfaConfirmSchema>) => api.twoFactor.confirm({ body }),
    onSuccess: (result) => onConfirmed(result.recoveryCodes),
    onError: (err) => {
      const field = fieldErrorsOf(err).code;
      if (field) form.setError('code', { message: field }, { shouldFocus: true });
      else
        toast({
          title: 'Error',
          description: errorMessage(err, 'Could not turn on two-factor sign-in.'),
          variant: 'destructive',
        });
    },
  });
  const send = form.handleSubmit((values) => {
    if (!confirm.isPending) confirm.mutate(values);
  });
  const copy = async () => {
    const copied = await copyKey(setup.secret, document.getElementById('two-factor-key'));
    toast(
      copied
        ? { title: 'Copied', description: 'Key copied: paste it into your authenticator app.' }
        : { title: 'Error', description: 'Could not copy the key: type it instead.', variant: 'destructive' },
    );
  };
  return (
    <div className="mt-4 space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-gray-800">
        <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...).</li>
        <li>Scan the QR code, or on this phone tap "Open in authenticator app", or copy the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <a
        href={setup.otpauthUrl}
        // Back from the app with its code, the owner finds the code field ready for it (decision 434).
        onClick={() => {
          form.setFocus('code');
          document.getElementById(codeId)?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
        }}
        className="flex min-h-11 w-full items-center justify-center rounded-lg bg-charcoal px-4 font-semibold text-white hover:bg-charcoal-soft sm:inline-flex sm:w-auto"
      >
        Open in authenticator app
      </a>
      <div
        role="img"
        aria-label="QR code for your authenticator app"
        className="h-48 w-48 rounded-lg border border-gray-200 bg-white p-1 [&_svg]:h-full [&_svg]:w-full"
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <div>
        <p className="text-sm font-medium text-gray-700">Key to type instead</p>
        <code
          id="two-factor-key"
          aria-label="Key to type"
          data-secret={setup.secret}
          className="mt-1 block break-words rounded-lg bg-gray-50 p-3 font-mono text-base"
        >
          {grouped(setup.secret)}
        </code>
        <Button type="button" variant="outline" className="mt-2 w-full sm:w-auto" onClick={() => void copy()}>
          Copy key
        </Button>
      </div>
      <form noValidate onFocus={confirmRules.preload} className="space-y-4" onSubmit={(e) => void send(e)}>
        <TextField
          id={codeId}
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          hint={SENT_ON_SIXTH_DIGIT}
          error={form.formState.errors.code?.message}
          {...form.register('code', { onChange: sendOnSixthDigit(() => void send()) })}
        />
        <Button type="submit" className="w-full sm:w-auto" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Turn on two-factor sign-in'}
        </Button>
      </form>
    </div>
  );
}
