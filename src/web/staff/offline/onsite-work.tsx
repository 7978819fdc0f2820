import { useId, useState, type FormEvent } from 'react';
import { formatDollars, toCents } from '../../../shared/domain/money';
import { ONSITE_PAYMENT_LABELS, ONSITE_PAYMENT_METHODS, type OnsitePaymentMethod } from '../../../shared/domain/services';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { MAX_PHOTO_MB, PHOTO_TYPE_NAMES, PHOTO_TYPES, screenPhotos } from '../../public/booking/photo-rules';
import { onsitePaymentForm, STAFF_PHOTO_MAX_PER_JOB, STAFF_PHOTO_TYPE_LABELS, STAFF_PHOTO_TYPES, type StaffPhotoType } from './onsite-rules';
import { useQueuedJobChange } from './use-queued-change';

const PAYABLE = new Set(['in-progress', 'completed', 'invoiced']);

/**
 * What a technician records at the job, through the phone's queue so it works without signal
 * (docs/decisions/345-offline-day-queue.md): the payment taken on site and photos.
 */
export function OnsiteWork({ job }: { job: JobDetail }) {
  return (
    <div className="space-y-4">
      {PAYABLE.has(job.status) && job.paymentStatus !== 'paid' ? <OnsitePaymentForm job={job} /> : null}
      {job.status !== 'cancelled' ? <AddPhotosForm job={job} /> : null}
    </div>
  );
}

function OnsitePaymentForm({ job }: { job: JobDetail }) {
  const [method, setMethod] = useState<OnsitePaymentMethod | ''>('');
  const [amount, setAmount] = useState(job.customerValue ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const record = useQueuedJobChange((body: { method: OnsitePaymentMethod; amount: string }) => ({
    job,
    change: { label: `Payment taken: ${ONSITE_PAYMENT_LABELS[body.method]} ${formatDollars(toCents(body.amount))}`, method: 'POST', url: `/api/dashboard/jobs/${encodeURIComponent(job.id)}/onsite-payment`, json: body },
    onDevice: (saved) => ({ ...saved, detail: { ...saved.detail, status: 'paid', paymentStatus: 'paid' }, listItem: { ...saved.listItem, status: 'paid', paymentStatus: 'paid' } }),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = onsitePaymentForm.safeParse({ method, amount });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    record.mutate({ method: parsed.data.method, amount: parsed.data.amount });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Payment taken on site" className="space-y-3 rounded-lg border border-gray-200 p-3">
      <h3 className="text-lg font-bold">Payment taken on site</h3>
      <SelectField label="Payment method" value={method} error={errors.method} onChange={(e) => setMethod(e.target.value as OnsitePaymentMethod)}>
        <option value="">Choose...</option>
        {ONSITE_PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {ONSITE_PAYMENT_LABELS[m]}
          </option>
        ))}
      </SelectField>
      <TextField label="Amount" inputMode="decimal" value={amount} error={errors.amount} onChange={(e) => setAmount(e.target.value)} />
      <Button type="submit" disabled={record.isPending} className="w-full sm:w-auto">
        {record.isPending ? 'Recording...' : 'Record payment'}
      </Button>
    </form>
  );
}

function AddPhotosForm({ job }: { job: JobDetail }) {
  const inputId = useId();
  const [type, setType] = useState<StaffPhotoType>('after');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const add = useQueuedJobChange((chosen: { type: StaffPhotoType; files: File[] }) => ({
    job,
    change: {
      label: `${chosen.files.length} ${chosen.files.length === 1 ? 'photo' : 'photos'} (${STAFF_PHOTO_TYPE_LABELS[chosen.type]})`,
      method: 'POST',
      url: `/api/dashboard/jobs/${encodeURIComponent(job.id)}/photos`,
      photos: { type: chosen.type, files: chosen.files.map((f) => ({ name: f.name, type: f.type, blob: f })) },
    },
  }));
  const choose = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    // The same checks as the booking's photos (docs/product.md "Limits"), before anything is queued.
    const screening = screenPhotos(picked, job.photos.length, STAFF_PHOTO_MAX_PER_JOB);
    if (screening.tooMany) setProblem(`A job can have at most ${STAFF_PHOTO_MAX_PER_JOB} photos`);
    else if (screening.wrongType.length) setProblem(`${screening.wrongType.map((f) => f.name).join(', ')}: photos must be ${PHOTO_TYPE_NAMES}`);
    else if (screening.tooLarge.length) setProblem(`${screening.tooLarge.map((f) => f.name).join(', ')}: each photo must be ${MAX_PHOTO_MB} MB or less`);
    else setProblem(null);
    setFiles(screening.accepted.length === picked.length ? screening.accepted : []);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) {
      setProblem((p) => p ?? 'Choose at least one photo');
      return;
    }
    add.mutate({ type, files }, { onSuccess: () => setFiles([]) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add photos" className="space-y-3 rounded-lg border border-gray-200 p-3">
      <h3 className="text-lg font-bold">Add photos</h3>
      <SelectField label="Photo type" value={type} onChange={(e) => setType(e.target.value as StaffPhotoType)}>
        {STAFF_PHOTO_TYPES.map((t) => (
          <option key={t} value={t}>
            {STAFF_PHOTO_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-charcoal">
          Photos
        </label>
        <input
          id={inputId}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          multiple
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          onChange={(e) => choose(e.target.files)}
          className="block min-h-11 w-full text-base"
        />
        {problem ? (
          <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={add.isPending} className="w-full sm:w-auto">
        {add.isPending ? 'Adding...' : 'Add photos'}
      </Button>
    </form>
  );
}
