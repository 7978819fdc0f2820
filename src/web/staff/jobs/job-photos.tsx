import type { JobDetail } from '../../../shared/schemas/jobs';
import { STAFF_PHOTO_TYPE_LABELS } from '../../../shared/schemas/onsite-payments';
import { api } from '../../lib/api';

/** "Before", "Tyre wall"; a customer's type as it was sent ("tyre-condition" -> "Tyre condition"). */
export function photoTypeLabel(type: string): string {
  if (type in STAFF_PHOTO_TYPE_LABELS) return STAFF_PHOTO_TYPE_LABELS[type as keyof typeof STAFF_PHOTO_TYPE_LABELS];
  const words = type.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The job's photos, two per row, each with its type and who took it: "Customer" or the staff
 * member (docs/decisions/350-photos-taken-by-staff.md); each opens full size (served only to staff
 * who may see the job).
 */
export function JobPhotos({ job }: { job: JobDetail }) {
  return (
    <section aria-labelledby="job-photos-heading" className="space-y-2">
      <h3 id="job-photos-heading" className="text-lg font-bold">
        Photos
      </h3>
      {job.photos.length === 0 ? (
        <p className="text-gray-700">No photos were uploaded.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2">
          {job.photos.map((photo, i) => {
            const url = api.jobs.photo.url({ params: { id: job.id, photoId: photo.id } });
            const by = photo.takenBy ?? 'Customer';
            return (
              <li key={photo.id} className="space-y-1">
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block overflow-hidden rounded-lg border border-gray-200 bg-gray-100"
                >
                  <img
                    src={url}
                    alt={`${photo.originalName} (${i + 1} of ${job.photos.length}): ${photoTypeLabel(photo.type)}, taken by ${by}`}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full object-cover"
                  />
                  <span className="sr-only"> (opens full size)</span>
                </a>
                <p className="text-sm" data-testid="photo-caption">
                  <span className="font-semibold">{photoTypeLabel(photo.type)}</span> · {by}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
