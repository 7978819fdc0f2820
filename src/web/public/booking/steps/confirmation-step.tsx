import { CheckCircle2 } from 'lucide-react';
import { confirmationEmailNote, type EmailDelivery } from '../../../lib/email-wording';
import { ManageLinkCard } from '../../manage-link-card';
import { telHref } from '../../contact';

export type BookedVisit = {
  jobNumber: string;
  email: string;
  visit: string | null;
  /** The booking's own page (change, cancel, book again), when the server made one. */
  manageUrl: string | null;
  /** The phone the confirmation text went to, or null when none left the machine. */
  textedTo: string | null;
};
/** What the customer sees once booked: the reference, the visit, the price ("$129.80", or null when it is to be quoted) and the address. */
export type Confirmation = BookedVisit & { total: string | null; address: string; emailed: boolean };

/**
 * Step 7: booking reference, visit, address and price, the booking's own page and where its link
 * went (docs/decisions/413-returning-customer-frictions.md), the email it was sent to (or that none
 * was: decision 241). The wizard's bottom bar holds Close.
 */
export function ConfirmationStep({
  confirmation,
  phone,
  emailDelivery,
}: {
  confirmation: Confirmation;
  phone: string;
  emailDelivery: EmailDelivery;
}) {
  const note = confirmationEmailNote(emailDelivery, 'wizard');
  return (
    <div className="space-y-4 text-center">
      <CheckCircle2 aria-hidden className="mx-auto h-14 w-14 text-green-700" />
      <p className="text-lg">Thanks, your booking is confirmed.</p>
      <div className="rounded-xl bg-gray-50 p-4">
        <p className="text-sm text-gray-700">Booking reference</p>
        <p className="text-2xl font-bold tracking-wide" data-testid="booking-reference">
          {confirmation.jobNumber}
        </p>
        {confirmation.visit ? <p className="mt-1 font-medium">{confirmation.visit}</p> : null}
        <p className="mt-1">{confirmation.address}</p>
        <p className="mt-1 font-semibold">
          {confirmation.total ? `To pay on site: ${confirmation.total}` : 'Price to be confirmed before any work'}
        </p>
      </div>
      {confirmation.manageUrl ? (
        <ManageLinkCard
          url={confirmation.manageUrl}
          emailedTo={confirmation.emailed ? confirmation.email : null}
          textedTo={confirmation.textedTo}
        />
      ) : null}
      <p>
        {note.before}
        <strong className="wrap-anywhere">{confirmation.email}</strong>
        {note.after}
      </p>
      <p className="text-sm text-gray-700">
        Your technician will call before arriving. Questions? Call us on{' '}
        <a
          href={telHref(phone)}
          className="inline-flex min-h-11 items-center font-semibold text-charcoal underline underline-offset-2"
        >
          {phone}
        </a>
        .
      </p>
    </div>
  );
}
