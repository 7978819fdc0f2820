import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useRef, useState } from 'react';
import { METHOD_LABELS, type OnlineMethod } from '../../../shared/domain/payment-methods';
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

function PayWithStripe({
  returnPath,
  totalAmount,
  method,
  wallets,
}: {
  returnPath: string;
  totalAmount: string;
  method: OnlineMethod;
  wallets: boolean;
}) {
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
      // Stripe sends the browser to return_url after a successful payment, and back from Afterpay's or
      // Zip's page whatever the answer. That page only shows the result; the job is marked paid (or a
      // declined one's slot freed) by the verified webhook (docs/product.md "Payments", decision 410).
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
        {method === 'card' ? 'Card details' : METHOD_LABELS[method]}
      </h2>
      {/* Apple Pay and Google Pay show only where the browser offers them and the owner has them on (decision 411). */}
      <PaymentElement
        options={{
          layout: 'tabs',
          wallets: { applePay: wallets ? 'auto' : 'never', googlePay: wallets ? 'auto' : 'never' },
        }}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!stripe || !elements || processing}
        aria-busy={processing || undefined}
      >
        {processing
          ? 'Processing...'
          : method === 'card'
            ? `Pay ${dollars(totalAmount)}`
            : `Continue to ${METHOD_LABELS[method]}`}
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
  method = 'card',
  wallets = true,
}: {
  publishableKey: string;
  clientSecret: string;
  token: string;
  totalAmount: string;
  /** Where the browser comes back after paying: the booking's result page by default, the invoice's pay page for an invoice. */
  returnPath?: string;
  /** The intent's one method (decision 410); card by default, as an invoice pays. */
  method?: OnlineMethod;
  /** Whether Apple Pay and Google Pay may show (the owner's switch). */
  wallets?: boolean;
}) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#1f2328' } } }}
    >
      <PayWithStripe returnPath={returnPath} totalAmount={totalAmount} method={method} wallets={wallets} />
    </Elements>
  );
}
