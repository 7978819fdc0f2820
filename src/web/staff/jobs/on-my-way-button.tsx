import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

/**
 * "Text the customer" for a job in progress (docs/decisions/368-on-my-way-text.md): the server texts
 * "on the way, arriving about {time}" at once; a second within 30 minutes is refused with when the
 * first went. What happened stays on screen under the button.
 */
export function OnMyWayButton({ job }: { job: Pick<JobDetail, 'id' | 'status' | 'customer'> }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useApiMutation(api.customerMessages.onMyWay, {
    input: () => ({ params: { id: job.id } }),
    onSuccess: (sent) => {
      const text = `Texted ${job.customer.name || 'the customer'}: arriving about ${sent.arrivesAbout}.`;
      setOutcome({ ok: true, text });
      toast({ title: 'Success', description: text });
    },
    onError: (err) => {
      const text = errorMessage(err, 'Failed to text the customer.');
      setOutcome({ ok: false, text });
      toast({ title: 'Error', description: text, variant: 'destructive' });
    },
  });
  if (job.status !== 'in-progress') return null;
  return (
    <section aria-labelledby="on-my-way-heading" className="space-y-2">
      <h3 id="on-my-way-heading" className="sr-only">
        On my way
      </h3>
      <Button
        type="button"
        className="min-h-12 w-full sm:w-auto"
        disabled={send.isPending}
        aria-describedby="on-my-way-state"
        onClick={() => send.mutate(undefined)}
      >
        <MessageSquareText aria-hidden className="h-4 w-4" />
        {send.isPending ? 'Texting...' : 'Text the customer'}
      </Button>
      <p
        id="on-my-way-state"
        role="status"
        className={outcome && !outcome.ok ? 'text-sm font-semibold text-red-700' : 'text-sm text-gray-700'}
      >
        {outcome
          ? outcome.text
          : 'Sends "your technician is on the way, arriving about" now + 30 minutes, from the business number.'}
      </p>
    </section>
  );
}
