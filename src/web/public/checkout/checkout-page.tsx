import { CircleCheck, Lock, SearchX } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { perthClockTime } from '../../../shared/domain/perth-time';
import { BOOKING_NOT_FOUND, type BookingByToken, type PaymentIntentResponse } from '../../../shared/schemas/payments';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { Toaster } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { isBnpl, METHOD_LABELS, type OfferedMethod, type OnlineMethod } from '../../../shared/domain/payment-methods';
import { createPaymentIntent, fetchBooking, fetchPaymentMethods, successPath } from './checkout-api';
import { MethodChoice, SimulatedPayLater, SimulatedProviderPage } from './pay-later';
import { CheckoutSummary } from './checkout-summary';
import { paymentToasts, setupFailedMessage } from './payment-toasts';
import { SimulatedCardForm } from './simulated-card-form';

/** A booking paid with Afterpay or Zip, which take no card surcharge (decision 410). */
const paidLater = (b: BookingByToken): b is BookingByToken & { paidWith: NonNullable<BookingByToken['paidWith']> } =>
  b.paymentStatus === 'paid' && (b.paidWith === 'afterpay' || b.paidWith === 'zip');

const StripeCardForm = lazy(() => import('./stripe-card-form'));

type BookingState =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'error' }
  | { kind: 'ready'; booking: BookingByToken };
type IntentState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; intent: PaymentIntentResponse };

function goToResult(token: string) {
  window.location.assign(successPath(token));
}

/**
 * /checkout/{bookingToken} (docs/product.md "Payments"): the order summary and the card form.
 * Rendered in the browser only; public pages have no toaster of their own, so this page brings one.
 */
export default function CheckoutPage({ token }: { token: string }) {
  // The simulated Afterpay or Zip page: where the checkout sends the browser in test mode (decision 410).
  const provider = new URLSearchParams(window.location.search).get('provider');
  if (isBnpl(provider)) return <SimulatedProviderPage token={token} method={provider} />;
  return <Checkout token={token} />;
}

function Checkout({ token }: { token: string }) {
  const [state, setState] = useState<BookingState>({ kind: 'loading' });
  const [intent, setIntent] = useState<IntentState>({ kind: 'loading' });
  const [methods, setMethods] = useState<OfferedMethod[] | null>(null);
  const [method, setMethod] = useState<OnlineMethod>('card');

  const notFound = useCallback(() => {
    setState({ kind: 'not-found' });
    paymentToasts.notFound();
  }, []);

  useEffect(() => {
    let live = true;
    fetchBooking(token)
      .then((booking) => {
        if (!live) return;
        // A declined Afterpay or Zip payment freed the slot: the result page says so and what to do.
        if (booking.outcome === 'declined') return goToResult(token);
        setState({ kind: 'ready', booking });
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404) notFound();
        else {
          setState({ kind: 'error' });
          paymentToasts.error();
        }
      });
    return () => {
      live = false;
    };
  }, [token, notFound]);

  const booking = state.kind === 'ready' ? state.booking : undefined;
  const canPay = booking !== undefined && booking.paymentStatus !== 'paid' && booking.provider !== 'none';

  // The ways this booking can be paid; card alone if they cannot be read (decision 410).
  useEffect(() => {
    if (!canPay) return;
    let live = true;
    fetchPaymentMethods(token)
      .then((list) => live && setMethods(list))
      .catch(() => live && setMethods([]));
    return () => {
      live = false;
    };
  }, [canPay, token]);

  // Sets state only when the server answers; the intent starts as 'loading'.
  // `isLive` drops an answer for a method the customer has since changed from.
  const requestIntent = useCallback(
    (isLive: () => boolean = () => true) => {
      return createPaymentIntent(token, method)
        .then((data) => {
          if (isLive()) setIntent({ kind: 'ready', intent: data });
        })
        .catch((err: unknown) => {
          if (!isLive()) return;
          if (err instanceof ApiError && err.status === 404) return notFound();
          // Afterpay or Zip no longer offered (switched off meanwhile): back to card, saying why.
          if (err instanceof ApiError && err.status === 409 && method !== 'card') {
            paymentToasts.failed(err.serverMessage ?? 'Please choose another way to pay.');
            return setMethod('card');
          }
          if (err instanceof ApiError && err.status === 409) return goToResult(token);
          const message = setupFailedMessage(err);
          setIntent({ kind: 'failed', message });
          paymentToasts.setupFailed(message);
        });
    },
    [token, notFound, method],
  );

  useEffect(() => {
    if (!canPay) return;
    let live = true;
    void requestIntent(() => live);
    return () => {
      live = false;
    };
  }, [canPay, requestIntent]);

  const choose = (next: OnlineMethod) => {
    if (next === method) return;
    setIntent({ kind: 'loading' });
    setMethod(next);
  };
  const wallets = methods?.some((m) => m.method === 'apple-pay' || m.method === 'google-pay') ?? false;

  const retrySetUp = () => {
    setIntent({ kind: 'loading' });
    void requestIntent();
  };

  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <Toaster />
      <h1 className="text-2xl font-extrabold sm:text-3xl">Checkout</h1>

      {state.kind === 'loading' ? (
        <p className="mt-6">
          <Spinner label="Loading your booking..." />
        </p>
      ) : null}

      {state.kind === 'not-found' ? (
        <section className="mt-6 rounded-xl border border-gray-200 p-6" aria-labelledby="not-found-heading">
          <SearchX aria-hidden className="h-8 w-8 text-gray-600" />
          <h2 id="not-found-heading" className="mt-2 text-xl font-bold">
            Booking Not Found
          </h2>
          <p className="mt-2">{BOOKING_NOT_FOUND}</p>
          <p className="mt-2 text-gray-700">
            An unpaid booking is held for 30 minutes. You can make a new booking from the home page.
          </p>
          <a
            href="/"
            className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-accent px-4 font-semibold text-charcoal hover:bg-accent-strong"
          >
            Back to Home
          </a>
        </section>
      ) : null}

      {state.kind === 'error' ? (
        <section className="mt-6 rounded-xl border border-gray-200 p-6">
          <p>We could not load your booking. Please check your connection and try again.</p>
          <Button className="mt-4" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </section>
      ) : null}

      {booking ? (
        <>
          <p className="mt-1 text-gray-700">
            Booking {booking.jobNumber} for {booking.customer.name}
          </p>
          <div className="mt-6 grid gap-6 md:grid-cols-2 md:items-start">
            {paidLater(booking) ? (
              // Paid with Afterpay or Zip: what it took, with no card surcharge (decision 410).
              <CheckoutSummary
                booking={{
                  ...booking,
                  surchargeAmount: '0.00',
                  totalAmount: booking.paidAmount ?? booking.totalAmount,
                }}
                surchargeLabel={`${METHOD_LABELS[booking.paidWith]} surcharge`}
              />
            ) : (
              <CheckoutSummary
                booking={
                  intent.kind === 'ready'
                    ? {
                        ...booking,
                        surchargeAmount: intent.intent.surchargeAmount,
                        totalAmount: intent.intent.totalAmount,
                      }
                    : booking
                }
                {...(method === 'card' ? {} : { surchargeLabel: `${METHOD_LABELS[method]} surcharge` })}
              />
            )}
            <section className="rounded-xl border border-gray-200 p-4 sm:p-6" aria-label="Payment">
              {booking.paymentStatus === 'paid' ? (
                <div>
                  <p className="flex items-center gap-2 text-lg font-semibold text-green-800">
                    <CircleCheck aria-hidden className="h-6 w-6" /> This booking is already paid.
                  </p>
                  <a
                    href={successPath(token)}
                    className="mt-4 inline-flex min-h-11 items-center font-semibold underline"
                  >
                    See your booking confirmation
                  </a>
                </div>
              ) : booking.provider === 'none' ? (
                <p>
                  Online payment is not available right now. Please call us to pay, or book again and choose to pay on
                  site.
                </p>
              ) : intent.kind === 'loading' ? (
                <>
                  {methods ? <MethodChoice methods={methods} value={method} onChange={choose} /> : null}
                  <Spinner label="Preparing secure payment..." />
                </>
              ) : intent.kind === 'failed' ? (
                <div>
                  <p>{intent.message}</p>
                  <Button className="mt-4" onClick={retrySetUp}>
                    Try again
                  </Button>
                </div>
              ) : (
                <>
                  {methods ? <MethodChoice methods={methods} value={method} onChange={choose} /> : null}
                  {booking.holdExpiresAt ? (
                    <p className="mb-4 text-sm text-gray-700">
                      Your time slot is held for you until {perthClockTime(new Date(booking.holdExpiresAt))} (Perth
                      time).
                    </p>
                  ) : null}
                  {booking.provider === 'stripe' && booking.publishableKey ? (
                    <Suspense fallback={<Spinner label="Loading the card form..." />}>
                      <StripeCardForm
                        key={method}
                        publishableKey={booking.publishableKey}
                        clientSecret={intent.intent.clientSecret}
                        token={token}
                        totalAmount={intent.intent.totalAmount}
                        method={method}
                        wallets={wallets}
                      />
                    </Suspense>
                  ) : isBnpl(method) ? (
                    <SimulatedPayLater token={token} method={method} />
                  ) : (
                    <SimulatedCardForm
                      token={token}
                      totalAmount={intent.intent.totalAmount}
                      onPaid={() => goToResult(token)}
                      onGone={notFound}
                    />
                  )}
                  <p className="mt-4 flex items-center gap-2 text-sm text-gray-700">
                    <Lock aria-hidden className="h-4 w-4" /> {intent.intent.message}
                  </p>
                </>
              )}
            </section>
          </div>
        </>
      ) : null}
    </main>
  );
}
