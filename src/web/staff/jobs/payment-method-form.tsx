import { useEffect, useId, useRef, useState } from 'react';
import {
  ONSITE_PAYMENT_LABELS,
  ONSITE_PAYMENT_METHODS,
  type OnsitePaymentMethod,
} from '../../../shared/domain/services';
import { onsitePaymentFormFor, onsitePaymentRequest } from '../../../shared/schemas/onsite-payments';
import { Button } from '../../components/ui/button';
import { dollars } from '../../lib/format';
import { fieldErrorsOf, useRecordPayment } from './use-onsite-payment';

type Errors = { method?: string; amount?: string };

/**
 * How the customer paid and how much (docs/decisions/349-payment-taken-on-site.md): the one form
 * behind "Record payment" on site and "Mark as Paid" on a job or an invoice. The amount starts at the
 * invoice's total, else the job's; the same schema as the server checks it, in the same words.
 */
export function PaymentMethodForm({
  job,
  defaultAmount,
  owed = null,
  submitLabel,
  onDone,
}: {
  job: { id: string; jobNumber: string };
  defaultAmount: string | null;
  /** What is owed, when known: more is refused here as the server would, less is a part payment (decision 406). */
  owed?: string | null;
  submitLabel: string;
  onDone: () => void;
}) {
  const id = useId();
  const [method, setMethod] = useState<OnsitePaymentMethod | ''>('');
  const [amount, setAmount] = useState(defaultAmount ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const record = useRecordPayment(onDone);
  // Opened low in a job sheet: the whole form, its save button too, comes into view (decision 378).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Braces: Chromium's scrollIntoView may return a promise, which React would take for a clean-up.
    formRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const submit = () => {
    const schema = owed === null ? onsitePaymentRequest : onsitePaymentFormFor(owed);
    const parsed = schema.safeParse({ method: method || undefined, amount });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] === 'method' ? 'method' : 'amount'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    record.mutate({ job, ...parsed.data, owed }, { onError: (err) => setErrors(fieldErrorsOf(err)) });
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={`${submitLabel}: ${job.jobNumber}`}
      className="space-y-4 rounded-xl border border-gray-300 bg-white p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset aria-describedby={errors.method ? `${id}-method-error` : undefined} className="space-y-2">
        <legend className="mb-1 text-sm font-medium">How did the customer pay?</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {ONSITE_PAYMENT_METHODS.map((m) => (
            <label
              key={m}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 has-checked:border-charcoal has-checked:bg-gray-100"
            >
              <input
                type="radio"
                name={`${id}-method`}
                value={m}
                checked={method === m}
                disabled={record.isPending}
                onChange={() => {
                  setMethod(m);
                  setErrors((x) => ({ ...x, method: undefined }));
                }}
                className="h-5 w-5"
              />
              {ONSITE_PAYMENT_LABELS[m]}
            </label>
          ))}
        </div>
        {errors.method ? (
          <p id={`${id}-method-error`} role="alert" className="text-sm font-medium text-red-700">
            {errors.method}
          </p>
        ) : null}
      </fieldset>

      <div className="space-y-1">
        <label htmlFor={`${id}-amount`} className="block text-sm font-medium">
          Amount taken ($)
        </label>
        {owed !== null ? (
          <p className="text-sm text-gray-700">{dollars(owed)} owed. Less is recorded as a part payment.</p>
        ) : null}
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          disabled={record.isPending}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
          onChange={(e) => setAmount(e.target.value)}
          className="block min-h-11 w-40 rounded-lg border border-gray-400 bg-white px-3 text-right tabular-nums aria-[invalid=true]:border-red-700"
        />
        {errors.amount ? (
          <p id={`${id}-amount-error`} role="alert" className="text-sm font-medium text-red-700">
            {errors.amount}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={record.isPending}>
          Not now
        </Button>
        <Button type="submit" size="lg" disabled={record.isPending}>
          {record.isPending ? 'Saving payment...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
