import type { JobDetail } from '../../../shared/schemas/jobs';
import { api } from '../../lib/api';

/** The customer's photos, two per row; each opens full size (served only to staff who may see the job). */
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
            return (
              <li key={photo.id}>
                <a href={url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-lg border border-gray-200 bg-gray-100">
                  <img src={url} alt={`${photo.originalName} (${i + 1} of ${job.photos.length})`} loading="lazy" decoding="async" className="aspect-[4/3] w-full object-cover" />
                  <span className="sr-only"> (opens full size)</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
