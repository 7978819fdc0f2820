import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { simulatedCardForm } from '../../../shared/schemas/payments';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { dollars } from '../../lib/format';
import { confirmSimulatedPayment } from './checkout-api';
import { paymentToasts } from './payment-toasts';

type Input = z.input<typeof simulatedCardForm>;
type Output = z.output<typeof simulatedCardForm>;

/**
 * The simulated provider's card form (docs/product.md "Payments"): plainly labelled as a test, no real
 * payment. Its confirm call runs the same server code as Stripe's webhook.
 */
export function SimulatedCardForm({
  token,
  totalAmount,
  onPaid,
  onGone,
  pay = (values) => confirmSimulatedPayment({ bookingToken: token, ...values }),
}: {
  token: string;
  totalAmount: string;
  onPaid: () => void;
  onGone: () => void;
  /** What paying calls: a booking's confirm by default, an invoice's on its pay page (decision 300). */
  pay?: (values: Output) => Promise<unknown>;
}) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(simulatedCardForm),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', nameOnCard: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Guards the gap between a click and React disabling the button; stays set once paid, as the page leaves.
  const busy = useRef(false);
  // Keeps the button disabled while the browser goes to the result page.
  const [paid, setPaid] = useState(false);

  const confirm = async (values: Output) => {
    if (busy.current) return;
    busy.current = true;
    let leaving = false;
    const leavePaid = () => {
      leaving = true;
      setPaid(true);
      onPaid();
    };
    try {
      await pay(values);
      leavePaid();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 402 || (err.status === 400 && err.serverMessage))) {
        const message = err.serverMessage ?? 'Your card was declined.';
        if (err.status === 400) form.setError('cardNumber', { message });
        paymentToasts.failed(message);
      } else if (err instanceof ApiError && err.status === 404) {
        onGone();
      } else if (err instanceof ApiError && err.status === 409) {
        // Already paid (another tab): show the result.
        leavePaid();
      } else {
        paymentToasts.error();
      }
    } finally {
      if (!leaving) busy.current = false;
    }
  };

  const processing = isSubmitting || paid;
  return (
    <form
      onSubmit={(e) => void form.handleSubmit(confirm)(e)}
      noValidate
      className="space-y-4"
      aria-labelledby="card-heading"
    >
      <h2 id="card-heading" className="text-lg font-bold">
        Card details
      </h2>
      <p
        role="note"
        className="flex items-start gap-2 rounded-lg border-2 border-accent-strong bg-accent/20 p-3 font-semibold text-charcoal"
      >
        <FlaskConical aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
        <span>Test mode - no real payment is taken</span>
      </p>
      <p className="text-sm text-gray-700">
        Use card 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card. Any future expiry and any
        CVC.
      </p>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        error={errors.cardNumber?.message}
        {...form.register('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          error={errors.expiry?.message}
          {...form.register('expiry')}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.cvc?.message}
          {...form.register('cvc')}
        />
      </div>
      <TextField
        label="Name on card"
        autoComplete="cc-name"
        error={errors.nameOnCard?.message}
        {...form.register('nameOnCard')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={processing} aria-busy={processing || undefined}>
        {processing ? 'Processing...' : `Pay ${dollars(totalAmount)}`}
      </Button>
    </form>
  );
}
