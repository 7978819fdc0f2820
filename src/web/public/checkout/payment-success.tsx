import { cardSurchargeLabel } from '../../../shared/domain/pricing';
import { readPageData } from '../../lib/page-data';
import { CircleCheck, Mail, Phone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatVisit } from '../../../shared/domain/slots';
import { BOOKING_NOT_FOUND, type BookingByToken } from '../../../shared/schemas/payments';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import {
  confirmationEmailNote,
  refundEmailNote,
  unconfirmedPaymentNote,
  type EmailDelivery,
} from '../../lib/email-wording';
import { dollars } from '../../lib/format';
import { METHOD_LABELS } from '../../../shared/domain/payment-methods';
import { telHref } from '../contact';
import { ManageLinkCard } from '../manage-link-card';
import { forgetDraft } from '../booking/wizard-draft';
import { fetchBooking } from './checkout-api';
import { serviceLabel } from './checkout-summary';

type State =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'error' }
  | { kind: 'ready'; booking: BookingByToken };

/** The webhook can land a moment after Stripe's redirect, so a pending booking is re-read for a while. */
const POLL_MS = 2000;
const MAX_POLLS = 15;

/**
 * Shown on the home page after /?payment=success&booking={token}. The address bar is
 * not trusted: the booking's payment state is read from the server (docs/product.md "Payments").
 */
export default function PaymentSuccess({ token, emailDelivery }: { token: string; emailDelivery: EmailDelivery }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [polls, setPolls] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (n: number) => {
      fetchBooking(token)
        .then((booking) => {
          if (!live) return;
          setState({ kind: 'ready', booking });
          setPolls(n);
          // Paid: the wizard's kept answers were this booking's (decision 445).
          if (booking.outcome === 'confirmed') forgetDraft();
          if (booking.outcome === 'awaiting-payment' && n < MAX_POLLS) timer = setTimeout(() => read(n + 1), POLL_MS);
        })
        .catch(
          (err: unknown) =>
            live && setState({ kind: err instanceof ApiError && err.status === 404 ? 'not-found' : 'error' }),
        );
    };
    read(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token]);

  const box = 'rounded-xl border p-5 sm:p-6';
  if (state.kind === 'loading') {
    return (
      <section className={`${box} border-gray-200`}>
        <Spinner label="Checking your payment..." />
      </section>
    );
  }
  if (state.kind === 'not-found') {
    return (
      <section className={`${box} border-gray-200`} aria-labelledby="payment-result-heading">
        <h2 id="payment-result-heading" className="text-xl font-bold">
          Booking Not Found
        </h2>
        <p className="mt-2">{BOOKING_NOT_FOUND}</p>
      </section>
    );
  }
  if (state.kind === 'error') {
    return (
      <section className={`${box} border-gray-200`}>
        <p>We could not check your payment just now. Please refresh this page in a moment.</p>
      </section>
    );
  }

  const { booking } = state;
  const visit = formatVisit(booking.job.scheduledDay, booking.job.timeSlot);
  const refundNote = refundEmailNote(emailDelivery);
  const paidNote = confirmationEmailNote(emailDelivery, 'paid');
  // A payment that came too late for its slot, or did not match the total, is not a booking (decision 192).
  if (booking.outcome === 'refund-due') {
    return (
      <section className={`${box} border-amber-600 bg-amber-50`} aria-labelledby="payment-result-heading" role="status">
        <h2 id="payment-result-heading" className="text-xl font-bold">
          We could not keep this booking
        </h2>
        <p className="mt-2">
          Your payment for booking {booking.jobNumber} ({visit}) reached us after the hold on the time slot had ended,
          and the slot has since been booked by someone else.
        </p>
        <p className="mt-2">
          <strong>Your payment of {dollars(booking.totalAmount)} will be refunded in full</strong> to the card you paid
          with. {refundNote.before}
          <span className="[overflow-wrap:anywhere]">{booking.customer.email}</span>
          {refundNote.after} Please call us to book another time.
        </p>
      </section>
    );
  }
  if (booking.outcome === 'payment-review') {
    return (
      <section className={`${box} border-amber-600 bg-amber-50`} aria-labelledby="payment-result-heading" role="status">
        <h2 id="payment-result-heading" className="text-xl font-bold">
          We are checking your payment
        </h2>
        <p className="mt-2">
          The payment we received for booking {booking.jobNumber} did not match the booking total, so the booking is not
          confirmed. We will be in touch; if you were charged, any amount not used for a booking is refunded.
        </p>
      </section>
    );
  }
  // Afterpay or Zip said no: the slot was freed, nothing was charged, and the customer can pay another way (decision 410),
  // in the wizard filled in from this booking through its own token (decision 443).
  if (booking.outcome === 'declined') {
    return (
      <section className={`${box} border-amber-600 bg-amber-50`} aria-labelledby="payment-result-heading" role="status">
        <h2 id="payment-result-heading" className="text-xl font-bold">
          Your payment was not approved
        </h2>
        <p className="mt-2">{booking.declineMessage ?? 'The payment was declined.'}</p>
        <p className="mt-2">
          Nothing was charged, and the {visit} time for booking {booking.jobNumber} is no longer held for you. You can
          book again and pay by card or pay on site, or call us and we will book it with you.
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <a
            href={`/book?declined=${encodeURIComponent(token)}`}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-4 font-semibold text-charcoal hover:bg-accent-strong"
          >
            Book again and pay another way
          </a>
          <a
            href={telHref(readPageData().business.phone)}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-gray-400 px-4 font-semibold"
          >
            <Phone aria-hidden className="h-5 w-5" /> Call {readPageData().business.phone}
          </a>
        </div>
      </section>
    );
  }
  if (booking.paymentStatus !== 'paid') {
    return (
      <section className={`${box} border-gray-200`} aria-labelledby="payment-result-heading" aria-live="polite">
        <h2 id="payment-result-heading" className="text-xl font-bold">
          Confirming your payment
        </h2>
        {polls < MAX_POLLS ? (
          <p className="mt-2">
            <Spinner
              label={`We are waiting for the card provider to confirm payment for booking ${booking.jobNumber}...`}
            />
          </p>
        ) : (
          <p className="mt-2">
            We have not received confirmation of the payment for booking {booking.jobNumber} yet.{' '}
            {unconfirmedPaymentNote(emailDelivery)} otherwise you can{' '}
            <a className="font-semibold underline" href={`/checkout/${encodeURIComponent(token)}`}>
              return to checkout
            </a>
            .
          </p>
        )}
      </section>
    );
  }

  return (
    <section className={`${box} border-green-700 bg-green-50`} aria-labelledby="payment-result-heading" role="status">
      <h2 id="payment-result-heading" className="flex items-center gap-2 text-2xl font-extrabold text-green-900">
        <CircleCheck aria-hidden className="h-7 w-7" /> Payment successful
      </h2>
      <p className="mt-2 text-lg">
        Your booking reference is <strong data-testid="job-number">{booking.jobNumber}</strong>.
      </p>
      <p className="mt-1">
        {serviceLabel(booking.serviceType)}, {visit}, at {booking.job.address}, {booking.job.suburb}.{' '}
        {booking.paidWith === 'afterpay' || booking.paidWith === 'zip'
          ? `Paid ${dollars(booking.paidAmount ?? booking.amount)} with ${METHOD_LABELS[booking.paidWith]}.`
          : `Paid ${dollars(booking.totalAmount)} (including the ${cardSurchargeLabel(readPageData().business.fees)} card surcharge).`}
      </p>
      <h3 className="mt-4 font-semibold">What happens next</h3>
      <ul className="mt-2 space-y-2">
        <li className="flex gap-2">
          <Mail aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            {paidNote.before}
            {booking.customer.email}
            {paidNote.after}
          </span>
        </li>
        <li className="flex gap-2">
          <Phone aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
          <span>Our technician will call you before arriving within your 2-hour window ({visit}).</span>
        </li>
      </ul>
      {booking.manageUrl ? (
        <div className="mt-4">
          <ManageLinkCard
            url={booking.manageUrl}
            emailedTo={emailDelivery === 'smtp' ? booking.customer.email : null}
            textedTo={booking.textedTo ?? null}
          />
        </div>
      ) : null}
    </section>
  );
}
