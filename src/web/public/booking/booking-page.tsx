import { Phone } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { BusinessInfo } from '../../../shared/schemas/site';
import { useBookingDialog } from '../booking-launcher';
import { hoursOf, telHref } from '../contact';
import { BookButton } from '../layout/book-button';
import type { BookingPrefill } from './booking-wizard';

/**
 * The suburb a suburb page's button sent (?suburb=...&postcode=...). The wizard checks it against
 * the service area like anything typed; the service-area list stays out of the public pages' script.
 */
function prefillOf(search: string): BookingPrefill | undefined {
  const query = new URLSearchParams(search);
  // "Book again" (docs/decisions/412-book-again.md): the link's token, in the shape of a manage token.
  const again = query.get('again') ?? '';
  if (/^[A-Za-z0-9_-]{32}$/.test(again)) return { again };
  // "Book again and pay another way" after a declined Afterpay or Zip payment: the checkout's token (decision 443).
  const declined = query.get('declined') ?? '';
  if (/^[A-Za-z0-9_-]{32,200}$/.test(declined)) return { declined };
  const suburb = (query.get('suburb') ?? '').trim().slice(0, 60);
  const postcode = (query.get('postcode') ?? '').trim();
  if (!suburb) return undefined;
  return /^\d{4}$/.test(postcode) ? { suburb, postcode } : { suburb };
}

/**
 * The booking page (/book), rendered by the server like the other public pages. A book button
 * tapped before its page was interactive comes here; the booking dialog opens by itself as soon as
 * this page is interactive, so the customer's tap is kept (docs/decisions/357-book-button-before-the-page-is-ready.md).
 */
export function BookingPage({ business, search }: { business: BusinessInfo; search: string }) {
  const booking = useBookingDialog();
  const prefill = useMemo(() => prefillOf(search), [search]);
  useEffect(() => {
    booking.open(prefill);
  }, [booking, prefill]);

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Book a Mobile Service</h1>
      <p className="mt-4 text-gray-700">
        Choose a time, tell us about your car and where it is, and our technician comes to you.
      </p>
      <div className="mt-8 flex flex-col items-center gap-3">
        <BookButton size="lg" prefill={prefill}>
          Start Booking
        </BookButton>
        <a href={telHref(business.phone)} className="inline-flex min-h-11 items-center gap-2 font-semibold underline">
          <Phone aria-hidden className="h-4 w-4" /> Or call {business.phone}
        </a>
        <p className="text-sm text-gray-700">{`We're available ${hoursOf(business).short}.`}</p>
      </div>
    </section>
  );
}
