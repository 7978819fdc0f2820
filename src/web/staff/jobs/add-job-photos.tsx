import { useQueryClient } from '@tanstack/react-query';
import { Camera, ImagePlus } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import type { JobDetail } from '../../../shared/schemas/jobs';
import {
  STAFF_PHOTO_MAX_PER_JOB,
  STAFF_PHOTO_TOO_MANY_MESSAGE,
  STAFF_PHOTO_TYPE_LABELS,
  STAFF_PHOTO_TYPES,
  type StaffPhotoType,
} from '../../../shared/schemas/onsite-payments';
import { photoRefusal } from './photo-checks';
import { SelectField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { api, ApiError, errorMessage } from '../../lib/api';
import { refreshAfterWrite } from '../../lib/refresh';
import { useQueuedJobChange } from '../offline';
import { useCurrentUser } from '../session';

/** POST /api/dashboard/jobs/{id}/photos through XMLHttpRequest, because fetch cannot report upload progress. */
function uploadPhotos(
  jobId: string,
  type: StaffPhotoType,
  files: File[],
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('type', type);
    for (const f of files) body.append('photos', f, f.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api.jobs.addPhotos.url({ params: { id: jobId } }));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    xhr.onerror = () => reject(new Error('The photos could not be sent. Check the signal and try again.'));
    xhr.send(body);
  });
}

const pickerClass =
  'relative inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 font-semibold text-charcoal hover:bg-gray-50 has-disabled:cursor-not-allowed has-disabled:opacity-60 focus-within:outline-2 focus-within:outline-offset-2';

// The input covers its whole label, invisibly: the tap target is the 44 px button people see.
const fileInputClass = 'absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed';

/**
 * "Add photos" in the job dialog (docs/decisions/350-photos-taken-by-staff.md): the camera or the
 * gallery, the photo's type, the upload's progress and any refusal in the server's words.
 */
export function AddJobPhotos({ job }: { job: JobDetail }) {
  const id = useId();
  const client = useQueryClient();
  const [type, setType] = useState<StaffPhotoType>('before');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;
  const full = job.photos.length >= STAFF_PHOTO_MAX_PER_JOB;
  const queueing = useCurrentUser().data?.role === 'technician';
  const queued = useQueuedJobChange((chosen: { type: StaffPhotoType; files: File[] }) => ({
    job,
    change: {
      label: `${chosen.files.length} ${STAFF_PHOTO_TYPE_LABELS[chosen.type].toLowerCase()} ${chosen.files.length === 1 ? 'photo' : 'photos'}`,
      method: 'POST',
      url: api.jobs.addPhotos.url({ params: { id: job.id } }),
      photos: { type: chosen.type, files: chosen.files.map((f) => ({ name: f.name, type: f.type, blob: f })) },
    },
    sent: {
      title: 'Photos Added',
      description: `${chosen.files.length} ${STAFF_PHOTO_TYPE_LABELS[chosen.type].toLowerCase()} ${chosen.files.length === 1 ? 'photo' : 'photos'} added to ${job.jobNumber}.`,
    },
  }));

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length === 0) return;
    const refusal = photoRefusal(files, job.photos.length);
    setError(refusal);
    if (refusal) return;
    // A technician's photos go through the phone's queue: taken without signal, sent once (decision 345).
    if (queueing) {
      queued.mutate({ type, files });
      return;
    }
    setProgress(0);
    try {
      await uploadPhotos(job.id, type, files, setProgress);
      toast({
        title: 'Photos Added',
        description: `${files.length} ${STAFF_PHOTO_TYPE_LABELS[type].toLowerCase()} ${files.length === 1 ? 'photo' : 'photos'} added to ${job.jobNumber}.`,
      });
      await refreshAfterWrite(client, api.jobs.addPhotos.contract, { params: { id: job.id } });
    } catch (err) {
      setError(
        err instanceof ApiError
          ? errorMessage(err, 'The photos could not be added.')
          : err instanceof Error
            ? err.message
            : 'The photos could not be added.',
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-gray-200 p-3">
      <h3 id={`${id}-title`} className="font-bold">
        Add photos
      </h3>
      <div className="max-w-xs">
        <SelectField
          label="Photo type"
          value={type}
          disabled={busy}
          onChange={(e) => setType(e.target.value as StaffPhotoType)}
        >
          {STAFF_PHOTO_TYPES.map((t) => (
            <option key={t} value={t}>
              {STAFF_PHOTO_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
      </div>
      {full ? (
        <p className="text-gray-800">{STAFF_PHOTO_TOO_MANY_MESSAGE}.</p>
      ) : (
        <div className="grid grid-cols-1 gap-2 sm:flex">
          <label className={pickerClass}>
            <Camera aria-hidden className="h-5 w-5" />
            Take photo
            <input
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              disabled={busy}
              onChange={(e) => void onFiles(e)}
              className={fileInputClass}
            />
          </label>
          <label className={pickerClass}>
            <ImagePlus aria-hidden className="h-5 w-5" />
            Choose from gallery
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              disabled={busy}
              onChange={(e) => void onFiles(e)}
              className={fileInputClass}
              data-testid="photo-gallery-input"
            />
          </label>
        </div>
      )}
      {busy ? (
        <div className="space-y-1" aria-live="polite">
          <progress max={100} value={progress} aria-label="Uploading photos" className="h-2 w-full" />
          <p className="text-sm">Uploading... {progress}%</p>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
