import type { Quote } from '../../../../shared/domain/pricing';
import type { PaymentMethod } from '../../../../shared/domain/services';
import { cn } from '../../../components/ui/cn';
import { TextareaField, TextField } from '../../../components/ui/field';
import { useBookingForm } from '../form-types';
import { OrderSummary } from '../order-summary';

type Props = {
  quote: Quote;
  paymentMethod: PaymentMethod;
  /** Why online payment is not offered, or null when it is. */
  onsiteReason: string | null;
  /** The callout as the owner set it, named in the summary when the tyres' price needs a call. */
  calloutCents: number;
  /** The prepay discount as the owner set it ("$30"). */
  prepaidDiscount: string;
};

/** Step 6: contact details, payment method and the live order summary. */
export function ContactStep({ quote, paymentMethod, onsiteReason, calloutCents, prepaidDiscount }: Props) {
  const { register, setValue, watch, formState } = useBookingForm();
  const errors = formState.errors;
  const [serviceType, date, timeSlot] = watch(['serviceType', 'date', 'timeSlot']);

  const option = (value: PaymentMethod, title: string, detail: string, disabled = false) => (
    <label
      className={cn(
        'flex min-h-14 items-center gap-3 rounded-xl border-2 p-3',
        paymentMethod === value ? 'border-charcoal bg-amber-50' : 'border-gray-300',
        disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
        '',
      )}
    >
      <input
        type="radio"
        name="paymentMethod"
        value={value}
        checked={paymentMethod === value}
        disabled={disabled}
        onChange={() => setValue('paymentMethod', value, { shouldValidate: true })}
        className="h-5 w-5 accent-charcoal"
      />
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-gray-700">{detail}</span>
      </span>
    </label>
  );

  return (
    <div className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">Your details</legend>
        <TextField
          label="Name"
          required
          autoComplete="name"
          {...register('customerName')}
          error={errors.customerName?.message}
        />
        <TextField
          label="Phone"
          required
          type="tel"
          autoComplete="tel"
          {...register('customerPhone')}
          error={errors.customerPhone?.message}
        />
        <TextField
          label="Email"
          required
          type="email"
          autoComplete="email"
          {...register('customerEmail')}
          error={errors.customerEmail?.message}
        />
        <TextareaField label="Notes (optional)" {...register('notes')} error={errors.notes?.message} />
        {/* Unticked by default: a return-visit reminder needs the customer's consent (docs/decisions/355-booking-wizard-on-a-phone.md). */}
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input type="checkbox" {...register('returnVisitOptIn')} className="h-5 w-5 shrink-0 accent-charcoal" />
          <span>Remind me when my tyres or battery are due for a check</span>
        </label>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-base font-semibold">Payment</legend>
        {option(
          'prepaid',
          `Pay online now and save ${prepaidDiscount}`,
          'At our secure checkout, before the visit',
          !!onsiteReason,
        )}
        {option('onsite', 'Pay on site', 'Card, EFTPOS or cash when the job is done')}
        {onsiteReason ? (
          <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm font-medium">
            {onsiteReason}
          </p>
        ) : null}
      </fieldset>

      <OrderSummary
        quote={quote}
        serviceType={serviceType}
        date={date}
        timeSlot={timeSlot}
        calloutCents={calloutCents}
      />
    </div>
  );
}
