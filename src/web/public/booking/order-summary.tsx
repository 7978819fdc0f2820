import { formatDollars } from '../../../shared/domain/money';
import { BATTERY_ON_TOP, CALLOUT_LABEL, tyrePriceToFollow, type Quote } from '../../../shared/domain/pricing';
import { SERVICE_LABELS, type ServiceType } from '../../../shared/domain/services';
import { isIsoDay } from '../../../shared/domain/perth-time';
import { formatVisit, isTimeSlot } from '../../../shared/domain/slots';

/** Step 6: items and prepaid discount (docs/product.md "Prices and fees"); the total is in the step's footer (QuoteTotal). */
export function OrderSummary({
  quote,
  serviceType,
  date,
  timeSlot,
  calloutCents,
}: {
  quote: Quote;
  serviceType?: ServiceType;
  date?: string;
  timeSlot?: string;
  /** The callout as the owner set it: the price so far when the tyres' price needs a call. */
  calloutCents: number;
}) {
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-xl border border-gray-200 bg-gray-50 p-4">
      <h3 id="order-summary-heading" className="font-semibold">
        Order summary
      </h3>
      {serviceType ? <p className="text-sm text-gray-700">{SERVICE_LABELS[serviceType]}</p> : null}
      {date && timeSlot && isIsoDay(date) && isTimeSlot(timeSlot) ? (
        <p className="text-sm text-gray-700">{formatVisit(date, timeSlot)}</p>
      ) : null}
      {quote.callbackRequired ? (
        <>
          <dl className="mt-2 space-y-1 text-sm">
            <div className="flex justify-between gap-2">
              <dt>{CALLOUT_LABEL}</dt>
              <dd className="tabular-nums">{formatDollars(calloutCents)}</dd>
            </div>
          </dl>
          <p className="mt-2 text-sm" data-testid="tyre-price-to-follow">
            {tyrePriceToFollow(calloutCents)}
          </p>
        </>
      ) : (
        <dl className="mt-2 space-y-1 text-sm">
          {quote.items.map((item) => (
            <div key={item.description} className="flex justify-between gap-2">
              <dt>{item.description}</dt>
              <dd className="tabular-nums">{formatDollars(item.priceCents)}</dd>
            </div>
          ))}
          {quote.discountCents > 0 ? (
            <div className="flex justify-between gap-2 text-green-800">
              <dt>Prepaid discount</dt>
              <dd className="tabular-nums">-{formatDollars(quote.discountCents)}</dd>
            </div>
          ) : null}
        </dl>
      )}
    </section>
  );
}

/**
 * The total to pay, with the original price struck through when prepaying saves. It sits in the
 * wizard's footer beside "Confirm Booking", so it is on screen and uncovered whatever the customer
 * scrolled to (docs/decisions/355-booking-wizard-on-a-phone.md).
 */
export function QuoteTotal({ quote, serviceType }: { quote: Quote; serviceType?: ServiceType }) {
  if (quote.callbackRequired) return <p className="text-sm font-medium">Price to be confirmed before any work</p>;
  return (
    <p className="flex items-baseline justify-between gap-2 text-base font-bold" aria-live="polite">
      <span>
        Total
        {serviceType === 'battery-service' ? (
          <span className="block text-sm font-normal" data-testid="battery-on-top">
            {BATTERY_ON_TOP}
          </span>
        ) : null}
      </span>
      <span className="tabular-nums">
        {quote.discountCents > 0 ? (
          <s className="mr-2 font-normal text-gray-600" aria-label={`was ${formatDollars(quote.originalCents)}`}>
            {formatDollars(quote.originalCents)}
          </s>
        ) : null}
        <span data-testid="order-total">{formatDollars(quote.totalCents)}</span>
      </span>
    </p>
  );
}
