import { CreditCard, Lock } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { PaymentIntentResponse } from '../../../shared/schemas/payments';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { api, ApiError } from '../../lib/api';
import { dollars } from '../../lib/format';
import { SimulatedCardForm } from '../checkout/simulated-card-form';
import { paymentToasts, setupFailedMessage } from '../checkout/payment-toasts';

const StripeCardForm = lazy(() => import('../checkout/stripe-card-form'));

type IntentState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; intent: PaymentIntentResponse };

/**
 * "Pay $X by card" on an invoice's pay page (decision 300): the booking checkout's card forms, for
 * the balance due plus the card surcharge. The outcome is the server's: once it answers, the page
 * reads the invoice again and shows it paid (or voided, if it changed meanwhile).
 */
export function PayByCard({
  token,
  amountDue,
  provider,
  publishableKey,
  onSettled,
}: {
  token: string;
  amountDue: string;
  provider: 'stripe' | 'simulated';
  publishableKey: string | null;
  onSettled: () => void;
}) {
  const [state, setState] = useState<IntentState>({ kind: 'idle' });
  const busy = useRef(false);

  const start = async () => {
    if (busy.current) return;
    busy.current = true;
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', intent: await api.invoices.payIntent({ params: { token } }) });
    } catch (err) {
      // Paid, voided or gone meanwhile: the page shows what the invoice is now.
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) return onSettled();
      setState({
        kind: 'failed',
        message: setupFailedMessage(err, 'Unable to start the card payment. Please try again.'),
      });
      paymentToasts.setupFailed(setupFailedMessage(err));
    } finally {
      busy.current = false;
    }
  };

  if (state.kind === 'idle' || state.kind === 'failed') {
    return (
      <div className="space-y-2">
        {state.kind === 'failed' ? <p>{state.message}</p> : null}
        <Button size="lg" className="w-full sm:w-auto" onClick={() => void start()}>
          <CreditCard aria-hidden className="h-5 w-5" />
          Pay {dollars(amountDue)} by card
        </Button>
      </div>
    );
  }
  if (state.kind === 'loading') return <Spinner label="Preparing secure payment..." />;
  const { intent } = state;
  return (
    <section className="rounded-xl border border-gray-200 p-4 sm:p-6" aria-label="Card payment">
      {provider === 'stripe' && publishableKey ? (
        <Suspense fallback={<Spinner label="Loading the card form..." />}>
          <StripeCardForm
            publishableKey={publishableKey}
            clientSecret={intent.clientSecret}
            token={token}
            totalAmount={intent.totalAmount}
            returnPath={`/pay/${token}`}
          />
        </Suspense>
      ) : (
        <SimulatedCardForm
          token={token}
          totalAmount={intent.totalAmount}
          pay={(values) => api.invoices.paySimulated({ params: { token }, body: values })}
          onPaid={onSettled}
          onGone={onSettled}
        />
      )}
      <p className="mt-4 flex items-center gap-2 text-sm text-gray-700">
        <Lock aria-hidden className="h-4 w-4" /> {intent.message}
      </p>
    </section>
  );
}
