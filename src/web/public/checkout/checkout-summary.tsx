import { cardSurchargeLabel } from '../../../shared/domain/pricing';
import { readPageData } from '../../lib/page-data';
import { SERVICE_LABELS, isServiceType } from '../../../shared/domain/services';
import { formatVisit } from '../../../shared/domain/slots';
import type { BookingByToken } from '../../../shared/schemas/payments';
import { dollars } from '../../lib/format';

export function serviceLabel(serviceType: string): string {
  return isServiceType(serviceType) ? SERVICE_LABELS[serviceType] : serviceType;
}

/** The checkout summary (docs/product.md "Payments"): service, visit window, address, vehicle, items, discount, surcharge, total. */
export function CheckoutSummary({
  booking,
  surchargeLabel,
}: {
  booking: BookingByToken;
  /** Afterpay's or Zip's own surcharge line (decision 410); none shown when it is nothing. Card by default. */
  surchargeLabel?: string;
}) {
  const { job, vehicle } = booking;
  return (
    <section
      aria-labelledby="checkout-summary-heading"
      className="rounded-xl border border-gray-200 bg-gray-50 p-4 sm:p-6"
    >
      <h2 id="checkout-summary-heading" className="text-lg font-bold">
        Order summary
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="font-medium text-gray-700">Booking</dt>
          <dd>{booking.jobNumber}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">Service</dt>
          <dd>{serviceLabel(booking.serviceType)}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">When</dt>
          <dd className="font-semibold">{formatVisit(job.scheduledDay, job.timeSlot)}</dd>
          <dd className="text-gray-700">Our technician calls before arriving within this 2-hour window.</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">Where</dt>
          <dd>
            {job.address}, {job.suburb} {job.postcode}
          </dd>
        </div>
        {vehicle ? (
          <div>
            <dt className="font-medium text-gray-700">Vehicle</dt>
            <dd>
              {[vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ')} ({vehicle.registration})
            </dd>
          </div>
        ) : null}
      </dl>

      <h3 className="mt-5 font-semibold">Price</h3>
      <dl className="mt-2 space-y-1 text-sm">
        {booking.items.map((item) => (
          <div key={item.description} className="flex justify-between gap-3">
            <dt>{item.description}</dt>
            <dd className="tabular-nums">{dollars(item.price)}</dd>
          </div>
        ))}
        {booking.discount !== '0.00' ? (
          <div className="flex justify-between gap-3 text-green-800">
            <dt>Prepaid discount</dt>
            <dd className="tabular-nums">-{dollars(booking.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3 border-t border-gray-300 pt-1">
          <dt>Booking amount</dt>
          <dd className="tabular-nums">{dollars(booking.amount)}</dd>
        </div>
        {surchargeLabel !== undefined && booking.surchargeAmount === '0.00' ? null : (
          <div className="flex justify-between gap-3">
            <dt>{surchargeLabel ?? `Card surcharge (${cardSurchargeLabel(readPageData().business.fees)})`}</dt>
            <dd className="tabular-nums">{dollars(booking.surchargeAmount)}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-3 border-t border-gray-300 pt-2 text-lg font-bold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="checkout-total">
            {dollars(booking.totalAmount)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
