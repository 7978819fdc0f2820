import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { BNPL_LIMITS } from '../../../shared/domain/payment-methods';
import { formatPrice } from '../../../shared/domain/money';
import type { PaymentMethodsForm, PaymentMethodsView } from '../../../shared/schemas/payment-methods';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { RecentChanges } from './recent-changes';

type Fields = { afterpay: boolean; zip: boolean; wallets: boolean; bnplSurchargePercent: string };

const SWITCHES = [
  {
    name: 'afterpay',
    label: 'Afterpay',
    hint: `Pay in 4 instalments, for bookings from ${formatPrice(BNPL_LIMITS.afterpay.minCents)} to ${formatPrice(BNPL_LIMITS.afterpay.maxCents)}. Turn it on in your Stripe account too.`,
  },
  {
    name: 'zip',
    label: 'Zip',
    hint: `Pay later with Zip, for bookings from ${formatPrice(BNPL_LIMITS.zip.minCents)} to ${formatPrice(BNPL_LIMITS.zip.maxCents)}. Turn it on in your Stripe account too.`,
  },
  {
    name: 'wallets',
    label: 'Apple Pay and Google Pay',
    hint: 'Shown only on phones and browsers that offer them; the card surcharge applies.',
  },
] as const;

/**
 * Settings, "Ways to pay online" (admins): Afterpay, Zip and the wallets on or off, and the surcharge
 * on Afterpay and Zip (docs/decisions/410-afterpay-zip-and-wallets.md). Checkout offers, and the
 * public pages promise, only what is on.
 */
export function PaymentMethodsSection() {
  const methods = useQuery(api.settings.paymentMethods.query());
  return (
    <section
      id="payment-methods"
      aria-labelledby="payment-methods-heading"
      className="scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <h2 id="payment-methods-heading" className="text-lg font-bold">
        Ways to pay online
      </h2>
      {methods.isPending ? (
        <SkeletonGroup label="Loading ways to pay online..." className="mt-4">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </SkeletonGroup>
      ) : methods.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(methods.error, 'Could not load the ways to pay online.')}
        </p>
      ) : (
        <PaymentMethodsFields saved={methods.data} />
      )}
      <RecentChanges subject="payment-methods" section="payment-methods" />
    </section>
  );
}

const fieldsOf = (v: PaymentMethodsView): Fields => ({
  afterpay: v.afterpay,
  zip: v.zip,
  wallets: v.wallets,
  bnplSurchargePercent: v.bnplSurchargePercent,
});

function PaymentMethodsFields({ saved }: { saved: PaymentMethodsView }) {
  // Set once from the first read: a refetch never undoes a box the owner is changing; a save
  // makes what the server stored the new starting point. Each box is also checked in the server's
  // HTML (defaultChecked), so it does not flip under the owner's finger when the page hydrates.
  const form = useForm<Fields>({ defaultValues: fieldsOf(saved) });
  const save = useApiMutation(api.settings.updatePaymentMethods, {
    input: (body: PaymentMethodsForm) => ({ body }),
    onSuccess: (now) => {
      form.reset(fieldsOf(now));
      toast({ title: 'Success', description: 'Ways to pay online saved.' });
    },
    onError: (err) =>
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to save the ways to pay online.'),
        variant: 'destructive',
      }),
  });
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(e) => void form.handleSubmit((values) => save.mutate(values))(e)}
    >
      {saved.providerReady ? null : (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Online payment is off on this server (no Stripe keys), so none of these is offered yet.
        </p>
      )}
      {SWITCHES.map((s) => (
        <div key={s.name} className="space-y-1">
          <label className="flex min-h-11 items-center gap-3 font-medium">
            <input
              type="checkbox"
              className="h-5 w-5"
              aria-describedby={`pay-${s.name}-hint`}
              defaultChecked={saved[s.name]}
              {...form.register(s.name)}
            />
            {s.label}
          </label>
          <p id={`pay-${s.name}-hint`} className="text-sm text-gray-700">
            {s.hint}
          </p>
        </div>
      ))}
      <div className="space-y-1">
        <label htmlFor="bnpl-surcharge" className="block font-medium">
          Afterpay and Zip surcharge %
        </label>
        <input
          id="bnpl-surcharge"
          inputMode="decimal"
          className="min-h-11 w-32 rounded-lg border border-gray-300 px-3"
          aria-describedby="bnpl-surcharge-hint"
          {...form.register('bnplSurchargePercent')}
        />
        <p id="bnpl-surcharge-hint" className="text-sm text-gray-700">
          0 means no surcharge: customers pay the booking price. The card surcharge never applies to them.
        </p>
      </div>
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? 'Saving...' : 'Save Ways to Pay'}
      </Button>
    </form>
  );
}
