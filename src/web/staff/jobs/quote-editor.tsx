import type { JobStatus } from '../../../shared/domain/job-status';
import { dollars } from '../../lib/format';
import { Check } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { isSameAmount, quoteInputValue } from './job-format';
import { useEditQuote } from './use-job-actions';
import { onDemand } from '../../lib/on-demand';

/**
 * The server's own rule and message for a quote (src/shared/schemas/jobs.ts). Loaded, with zod, when
 * a quote box is first focused or saved rather than with the jobs list
 * (docs/decisions/380-staff-first-screen-without-zod.md).
 */
const loadQuoteRule = onDemand(async () => (await import('../../../shared/schemas/jobs')).quoteEditRequest);

type QuoteJob = { id: string; jobNumber: string; customerValue: string | null; status: JobStatus };

/**
 * The inline quote edit of the Jobs tab (admin only, docs/product.md "Roles and permissions"):
 * a number box to the cent showing 0.00 for no price, saved with Enter or Save, Escape undoes.
 * A box left blank (or holding what the browser cannot read as a number) is refused, never saved as
 * $0.00. Restarts from the server's value whenever that changes.
 */
export function QuoteEditor({ job, className }: { job: QuoteJob; className?: string }) {
  // The price of a paid or cancelled job does not change (decision 184): show it, don't offer to edit it.
  if (job.status === 'paid' || job.status === 'cancelled') {
    return (
      <span className={className ? `${className} font-semibold tabular-nums` : 'font-semibold tabular-nums'}>
        {dollars(job.customerValue, 'No price')}
      </span>
    );
  }
  const saved = quoteInputValue(job.customerValue);
  return <QuoteBox key={`${job.id}:${saved}`} job={job} saved={saved} className={className} />;
}

function QuoteBox({ job, saved, className }: { job: QuoteJob; saved: string; className?: string }) {
  const id = useId();
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  // A number box answers '' both when blank and when its text is not a number ("1e", "abc" on some keyboards).
  const [unreadable, setUnreadable] = useState(false);
  const edit = useEditQuote();
  const checking = useRef(false);
  const value = text.trim();
  const isDirty = value === '' || unreadable || !isSameAmount(value, saved);

  const save = async () => {
    if (!isDirty || edit.isPending || checking.current) return;
    checking.current = true;
    // The server's own rule and message; blank is refused there too.
    const rule = await loadQuoteRule().catch(() => null);
    checking.current = false;
    if (!rule) return setError('Could not check the amount. Try again.');
    const parsed = rule.safeParse({ customerValue: unreadable ? 'not a number' : value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Must be a valid decimal amount');
      return;
    }
    setError(null);
    edit.mutate({ job, customerValue: parsed.data.customerValue }, { onError: () => setText(saved) });
  };

  return (
    <form
      noValidate
      className={cn('flex flex-col gap-1', className)}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="flex items-center gap-1">
        <label htmlFor={id} className="sr-only">
          Quote for {job.jobNumber} (dollars)
        </label>
        <span aria-hidden className="text-gray-700">
          $
        </span>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={text}
          disabled={edit.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setUnreadable(e.target.validity.badInput);
            setError(null);
          }}
          onFocus={() => void loadQuoteRule().catch(() => undefined)}
          onBlur={() => {
            // Show the amount to the cent once typing stops.
            const typed = text.trim();
            void loadQuoteRule().then(
              (rule) => {
                if (rule.safeParse({ customerValue: typed }).success)
                  setText((now) => (now.trim() === typed ? quoteInputValue(typed) : now));
              },
              () => undefined,
            );
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && isDirty) {
              e.preventDefault();
              e.stopPropagation();
              setText(saved);
              setUnreadable(false);
              setError(null);
            }
          }}
          className="min-h-11 w-28 rounded-lg border border-gray-400 bg-white px-2 text-right tabular-nums aria-[invalid=true]:border-red-700 disabled:bg-gray-100"
        />
        {isDirty || edit.isPending ? (
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            className="min-h-11"
            disabled={edit.isPending}
            aria-label={edit.isPending ? undefined : `Save quote for ${job.jobNumber}`}
          >
            {edit.isPending ? (
              'Saving...'
            ) : (
              <>
                <Check aria-hidden className="h-4 w-4" />
                Save
              </>
            )}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
