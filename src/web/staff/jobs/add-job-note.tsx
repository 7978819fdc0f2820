import { useId, useState } from 'react';
import { jobNoteRequest, type JobDetail } from '../../../shared/schemas/jobs';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { useQueuedJobChange } from '../offline';
import { useCurrentUser } from '../session';

/** The server's sentence for the note: its field's rule when it names one, else its message. */
function refusalOf(err: unknown): string {
  return fieldErrorsOf(err).note ?? errorMessage(err, 'The note could not be added.');
}

/**
 * "Add a note" in the job dialog: a line or a few for the job's history. A technician's note goes
 * through the phone's queue like their other changes (docs/decisions/345-offline-day-queue.md), so
 * it can be written without signal and is sent once; an admin's goes straight out.
 */
export function AddJobNote({ job }: { job: JobDetail }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queueing = useCurrentUser().data?.role === 'technician';
  const sentToast = { title: 'Note Added', description: `Your note is in the history of ${job.jobNumber}.` };
  const direct = useApiMutation(api.jobs.addNote, {
    input: (text: string) => ({ params: { id: job.id }, body: { note: text } }),
    onSuccess: () => {
      toast(sentToast);
      setNote('');
    },
    onError: (err) => setError(refusalOf(err)),
  });
  const queued = useQueuedJobChange(
    (text: string) => ({
      job,
      change: {
        label: 'Note',
        method: 'POST',
        url: api.jobs.addNote.url({ params: { id: job.id }, body: { note: text } }),
        json: { note: text },
      },
      sent: sentToast,
    }),
    () => setNote(''),
  );
  const saving = queueing ? queued : direct;

  const submit = () => {
    const parsed = jobNoteRequest.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Note is required');
      return;
    }
    setError(null);
    saving.mutate(parsed.data.note);
  };

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-2 rounded-xl border border-gray-200 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 id={`${id}-title`} className="font-bold">
        <label htmlFor={`${id}-note`}>Add a note</label>
      </h3>
      <textarea
        id={`${id}-note`}
        rows={3}
        value={note}
        disabled={saving.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setNote(e.target.value)}
        className="block w-full rounded-lg border border-gray-400 bg-white p-3 aria-[invalid=true]:border-red-700"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={saving.isPending} className="min-h-11">
        {saving.isPending ? 'Saving...' : 'Save note'}
      </Button>
    </form>
  );
}
