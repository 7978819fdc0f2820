import { FlaskConical } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  METHOD_LABELS,
  type BnplMethod,
  type OfferedMethod,
  type OnlineMethod,
} from '../../../shared/domain/payment-methods';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { dollars } from '../../lib/format';
import { answerSimulatedProvider, createPaymentIntent, simulatedProviderPath, successPath } from './checkout-api';
import { paymentToasts } from './payment-toasts';

/**
 * Afterpay and Zip at checkout (docs/decisions/410-afterpay-zip-and-wallets.md): the choice of how
 * to pay, and the labelled simulated provider's page that stands in for Afterpay's or Zip's own.
 */

const HINTS: Record<OnlineMethod, string> = {
  card: 'Visa, Mastercard or Amex',
  afterpay: 'Pay in 4 instalments',
  zip: 'Pay later with Zip',
};

/** The online methods the customer picks between; Apple Pay and Google Pay appear inside the card form. */
export function MethodChoice({
  methods,
  value,
  onChange,
}: {
  methods: OfferedMethod[];
  value: OnlineMethod;
  onChange: (method: OnlineMethod) => void;
}) {
  const choices = methods.filter(
    (m): m is OfferedMethod & { method: OnlineMethod } =>
      m.method === 'card' || m.method === 'afterpay' || m.method === 'zip',
  );
  if (choices.length < 2) return null;
  return (
    <fieldset className="mb-5">
      <legend className="text-lg font-bold">How would you like to pay?</legend>
      <div className="mt-3 space-y-2">
        {choices.map((m) => (
          <label
            key={m.method}
            className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border border-gray-300 px-3 py-2 has-[:checked]:border-charcoal has-[:checked]:bg-gray-50"
          >
            <input
              type="radio"
              name="pay-method"
              value={m.method}
              checked={value === m.method}
              onChange={() => onChange(m.method)}
              className="h-5 w-5"
            />
            <span className="flex-1">
              <span className="block font-semibold">{METHOD_LABELS[m.method]}</span>
              <span className="block text-sm text-gray-700">{HINTS[m.method]}</span>
            </span>
            <span className="font-semibold tabular-nums">{dollars(m.total)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Test mode: the button that leaves for the simulated provider, as Stripe's redirect would leave for Afterpay or Zip. */
export function SimulatedPayLater({ token, method }: { token: string; method: BnplMethod }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900">
        <FlaskConical aria-hidden className="h-4 w-4" /> Test mode - no real payment is taken
      </p>
      <p>You will go to {METHOD_LABELS[method]} to approve the payment, then come back here.</p>
      <Button
        size="lg"
        className="w-full"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          window.location.assign(simulatedProviderPath(token, method));
        }}
      >
        {leaving ? 'Opening...' : `Continue to ${METHOD_LABELS[method]}`}
      </Button>
    </div>
  );
}

/**
 * The simulated Afterpay or Zip page (test mode): approve confirms the booking, decline frees its
 * slot, both through the server's one payment handler; the browser then returns to the booking.
 */
export function SimulatedProviderPage({ token, method }: { token: string; method: BnplMethod }) {
  const [total, setTotal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'decline' | null>(null);
  const once = useRef(false);
  const back = () => window.location.assign(successPath(token));

  useEffect(() => {
    let live = true;
    createPaymentIntent(token, method)
      .then((intent) => live && setTotal(intent.totalAmount))
      .catch(() => live && back());
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per page
  }, [token, method]);

  const answer = async (decision: 'approve' | 'decline') => {
    if (once.current) return;
    once.current = true;
    setBusy(decision);
    try {
      await answerSimulatedProvider({ bookingToken: token, method, decision });
      back();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) return back();
      once.current = false;
      setBusy(null);
      paymentToasts.error();
    }
  };

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-8">
      <p className="flex items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900">
        <FlaskConical aria-hidden className="h-4 w-4" /> Test mode - no real payment is taken
      </p>
      <h1 className="mt-4 text-2xl font-extrabold">{METHOD_LABELS[method]} (simulated)</h1>
      {total === null ? (
        <p className="mt-4">
          <Spinner label="Loading the payment..." />
        </p>
      ) : (
        <>
          <p className="mt-2 text-gray-700">
            This page stands in for {METHOD_LABELS[method]}&apos;s own. Approve or decline the payment of{' '}
            <strong className="tabular-nums">{dollars(total)}</strong>.
          </p>
          <div className="mt-6 grid gap-3">
            <Button size="lg" disabled={busy !== null} onClick={() => void answer('approve')}>
              {busy === 'approve' ? 'Approving...' : 'Approve payment'}
            </Button>
            <Button size="lg" variant="secondary" disabled={busy !== null} onClick={() => void answer('decline')}>
              {busy === 'decline' ? 'Declining...' : 'Decline payment'}
            </Button>
          </div>
        </>
      )}
    </main>
  );
}
