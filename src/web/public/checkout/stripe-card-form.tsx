import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { dollars } from '../../lib/format';
import { successPath } from './checkout-api';
import { paymentToasts } from './payment-toasts';

const stripePromises = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let p = stripePromises.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey);
    stripePromises.set(publishableKey, p);
  }
  return p;
}

function PayWithStripe({ returnPath, totalAmount }: { returnPath: string; totalAmount: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const busy = useRef(false);

  async function pay(e: React.FormEvent) {
    e.preventDefault();
    if (!stripe || !elements || busy.current) return;
    busy.current = true;
    setProcessing(true);
    try {
      // Stripe sends the browser to return_url after a successful payment. That page only shows the
      // result; the job is marked paid by the verified webhook (docs/product.md "Payments").
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${returnPath}` },
      });
      if (error.type === 'card_error' || error.type === 'validation_error')
        paymentToasts.failed(error.message ?? 'Your card was declined.');
      else paymentToasts.error();
    } catch {
      paymentToasts.error();
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={(e) => void pay(e)} className="space-y-4" aria-labelledby="card-heading">
      <h2 id="card-heading" className="text-lg font-bold">
        Card details
      </h2>
      <PaymentElement options={{ layout: 'tabs' }} />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!stripe || !elements || processing}
        aria-busy={processing || undefined}
      >
        {processing ? 'Processing...' : `Pay ${dollars(totalAmount)}`}
      </Button>
    </form>
  );
}

/** Stripe's Payment Element for the intent the server created; loaded only when Stripe is the provider. */
export default function StripeCardForm({
  publishableKey,
  clientSecret,
  token,
  totalAmount,
  returnPath = successPath(token),
}: {
  publishableKey: string;
  clientSecret: string;
  token: string;
  totalAmount: string;
  /** Where the browser comes back after paying: the booking's result page by default, the invoice's pay page for an invoice. */
  returnPath?: string;
}) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#1f2328' } } }}
    >
      <PayWithStripe returnPath={returnPath} totalAmount={totalAmount} />
    </Elements>
  );
}
