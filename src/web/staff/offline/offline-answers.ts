import { deviceOwner, savedJob, savedJobs, savedPhoto } from './device-store';

/**
 * What the service worker answers from the phone when a read of the dashboard finds no network
 * (docs/decisions/345-offline-day-queue.md): who is signed in, the saved jobs as a list or one by
 * one, and their photos. Only the device's owner's data is there (the device store is cleared for
 * anyone else), and nothing is answered from it while the network answers.
 */
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Offline': 'true', ...headers },
  });

const LIST_PATHS = new Set(['/api/dashboard/jobs', '/api/dashboard/jobs-with-details']);
const DETAIL_RE = /^\/api\/dashboard\/jobs\/([^/]+)$/;
const PHOTO_RE = /^\/api\/dashboard\/jobs\/([^/]+)\/photos\/([^/]+)$/;
const TECHNICIAN_LIST_RE = /^\/api\/dashboard\/technicians\/([^/]+)\/jobs$/;

async function listAnswer(url: URL): Promise<Response> {
  const status = url.searchParams.get('status');
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const pageSize = Math.max(1, Number(url.searchParams.get('pageSize')) || 25);
  const items = (await savedJobs())
    .map((job) => job.listItem)
    .filter((job) => (status && status !== 'all' ? job.status === status : job.status !== 'cancelled'))
    .filter((job) => (!from || job.scheduledDay >= from) && (!to || job.scheduledDay <= to))
    .sort((a, b) => a.scheduledDay.localeCompare(b.scheduledDay) || a.timeSlot.localeCompare(b.timeSlot));
  return json(items.slice((page - 1) * pageSize, page * pageSize), { 'X-Total-Count': String(items.length) });
}

/** The saved answer to a GET, or null when the phone holds none (the request then fails as it would). */
export async function offlineAnswer(url: URL): Promise<Response | null> {
  const owner = await deviceOwner();
  if (!owner) return null;
  if (url.pathname === '/api/user') return json(owner.user);
  if (LIST_PATHS.has(url.pathname)) return listAnswer(url);
  const technicianList = TECHNICIAN_LIST_RE.exec(url.pathname);
  if (technicianList && technicianList[1] === owner.userId) return listAnswer(url);
  const photo = PHOTO_RE.exec(url.pathname);
  if (photo) {
    const saved = await savedPhoto(decodeURIComponent(photo[1]!), decodeURIComponent(photo[2]!));
    return saved
      ? new Response(saved.blob, {
          status: 200,
          headers: { 'Content-Type': saved.blob.type || 'image/jpeg', 'X-Offline': 'true' },
        })
      : null;
  }
  const detail = DETAIL_RE.exec(url.pathname);
  if (detail) {
    const saved = await savedJob(decodeURIComponent(detail[1]!));
    return saved ? json(saved.detail) : null;
  }
  return null;
}
