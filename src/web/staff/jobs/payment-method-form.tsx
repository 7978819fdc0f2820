import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { expectedPaymentMethod, recordableMethods } from '../../../shared/domain/money-taken';
import { isPaidToTheBank, ONSITE_PAYMENT_LABELS, type OnsitePaymentMethod } from '../../../shared/domain/services';
import {
  onsitePaymentFormFor,
  onsitePaymentRequest,
  PAYMENT_REFERENCE_MAX,
} from '../../../shared/schemas/onsite-payments';
import { Button } from '../../components/ui/button';
import { api, fieldErrorsOf } from '../../lib/api';
import { dollars } from '../../lib/format';
import { useCurrentUser } from '../session';
import { useRecordPayment } from './use-onsite-payment';

type Errors = { method?: string; amount?: string; reference?: string };

/**
 * How the customer paid and how much (docs/decisions/349-payment-taken-on-site.md): the one form
 * behind "Record payment" on site and "Mark as Paid" on a job or an invoice. The amount starts at
 * what is owed; the method at the one expected: a bank transfer for an invoice sent with the bank
 * details, else a card (docs/decisions/426-bank-transfer-and-the-expected-method.md). A transfer,
 * an admin's only, takes an optional reference. The same schema as the server checks it, in the same words.
 */
export function PaymentMethodForm({
  job,
  defaultAmount,
  owed = null,
  invoiceSent = false,
  submitLabel,
  onDone,
}: {
  job: { id: string; jobNumber: string };
  defaultAmount: string | null;
  /** What is owed, when known: more is refused here as the server would, less is a part payment (decision 406). */
  owed?: string | null;
  /** The invoice went to the customer with its pay link and how to pay. */
  invoiceSent?: boolean;
  submitLabel: string;
  onDone: () => void;
}) {
  const id = useId();
  const isAdmin = useCurrentUser().data?.role === 'admin';
  // What the invoice asked for: the business profile's bank account and PayID (an admin's to read).
  const business = useQuery({ ...api.settings.business.query(), enabled: isAdmin && invoiceSent });
  const asks = business.data
    ? { bank: business.data.bankAccountNumber !== '', payId: business.data.payId !== '' }
    : null;
  const expected = expectedPaymentMethod({ invoiceSent, invoiceAsks: asks, mayRecordTransfer: isAdmin });
  // The expected method until staff choose another.
  const [chosen, setChosen] = useState<OnsitePaymentMethod | null>(null);
  const method = chosen ?? expected;
  const [amount, setAmount] = useState(defaultAmount ?? '');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const record = useRecordPayment(onDone);
  const isTransfer = isPaidToTheBank(method);
  // Opened low in a job sheet: the whole form, its save button too, comes into view (decision 378).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Braces: Chromium's scrollIntoView may return a promise, which React would take for a clean-up.
    formRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const submit = () => {
    const schema = owed === null ? onsitePaymentRequest : onsitePaymentFormFor(owed);
    const parsed = schema.safeParse({ method, amount, ...(isTransfer ? { reference } : {}) });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'method' || issue.path[0] === 'reference' ? issue.path[0] : 'amount';
        next[field] ??= issue.message;
      }
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
          {recordableMethods(isAdmin).map((m) => (
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
                  setChosen(m);
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

      {isTransfer ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-reference`} className="block text-sm font-medium">
            Reference (optional)
          </label>
          <p id={`${id}-reference-hint`} className="text-sm text-gray-700">
            As the transfer shows it in the bank account, if it has one.
          </p>
          <input
            id={`${id}-reference`}
            type="text"
            autoComplete="off"
            maxLength={PAYMENT_REFERENCE_MAX}
            value={reference}
            disabled={record.isPending}
            aria-invalid={errors.reference ? true : undefined}
            aria-describedby={errors.reference ? `${id}-reference-error` : `${id}-reference-hint`}
            onChange={(e) => setReference(e.target.value)}
            className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 aria-[invalid=true]:border-red-700"
          />
          {errors.reference ? (
            <p id={`${id}-reference-error`} role="alert" className="text-sm font-medium text-red-700">
              {errors.reference}
            </p>
          ) : null}
        </div>
      ) : null}

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
