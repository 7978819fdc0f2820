import { useState } from 'react';
import type { ManageBooking, ManageCancellation } from '../../../shared/schemas/manage';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';

/** Shows what the cancellation policy gives back now, before the customer confirms. */
export function CancelSection({
  token,
  booking,
  onChanged,
}: {
  token: string;
  booking: ManageBooking;
  onChanged: (b: ManageBooking) => void;
}) {
  const [preview, setPreview] = useState<ManageCancellation | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = async () => {
    setPending(true);
    setError(null);
    try {
      setPreview(await api.manage.cancellation({ params: { token } }));
    } catch (err) {
      setError(errorMessage(err, 'Could not work out the refund. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      const next = await api.manage.cancel({ params: { token } });
      toast({ title: `Booking ${booking.jobNumber} cancelled`, description: next.payment });
      setPreview(null);
      onChanged(next);
    } catch (err) {
      setError(errorMessage(err, 'The booking could not be cancelled. Nothing was changed.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="cancel-heading" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="cancel-heading" className="text-lg font-bold">
        Cancel
      </h2>
      {preview ? (
        <div className="space-y-3">
          <p className="rounded-lg bg-amber-50 p-3 font-medium text-amber-950" data-testid="refund-summary">
            {preview.summary}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button variant="danger" disabled={pending} onClick={() => void confirm()}>
              {pending ? 'Cancelling…' : 'Yes, cancel my booking'}
            </Button>
            <Button variant="outline" disabled={pending} onClick={() => setPreview(null)}>
              Keep my booking
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="outline" className="w-full" disabled={pending} onClick={() => void ask()}>
          {pending ? 'Checking…' : 'Cancel my booking'}
        </Button>
      )}
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
