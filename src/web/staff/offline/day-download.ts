import { nextBusinessDay } from '../../../shared/domain/business-days';
import { perthToday } from '../../../shared/domain/perth-time';
import type { SignedInUser } from '../../../shared/schemas/auth';
import { api } from '../../lib/api';
import { saveDay, type SavedJob, type SavedPhoto, photoKey } from './device-store';

/** A technician's two days never come near a page of 100 jobs (three vans, four slots a day). */
const DAY_PAGE_SIZE = 100;

/**
 * Saves the technician's jobs of today and the next working day (Perth), each with its detail
 * (address, contact, vehicle, history) and its photos, replacing what the phone held
 * (docs/decisions/345-offline-day-queue.md). The server lists a technician's own jobs only.
 */
export async function downloadDay(user: SignedInUser, now = new Date()): Promise<number> {
  const today = perthToday(now);
  const nextDay = nextBusinessDay(today);
  const { items } = await api.jobs.list
    .pageQuery({ query: { status: 'all', from: today, to: nextDay, pageSize: DAY_PAGE_SIZE } })
    .queryFn();
  const mine = items.filter((job) => job.assignedTechnicianId === user.id);
  const jobs: SavedJob[] = [];
  const photos: SavedPhoto[] = [];
  for (const listItem of mine) {
    const detail = await api.jobs.get({ params: { id: listItem.id } });
    jobs.push({ id: listItem.id, detail, listItem });
    for (const photo of detail.photos) {
      const res = await fetch(api.jobs.photo.url({ params: { id: listItem.id, photoId: photo.id } }), {
        credentials: 'include',
      });
      if (res.ok) photos.push({ key: photoKey(listItem.id, photo.id), jobId: listItem.id, blob: await res.blob() });
    }
  }
  await saveDay(user.id, jobs, photos, now);
  return jobs.length;
}
