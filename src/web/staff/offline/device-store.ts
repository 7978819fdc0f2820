import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SignedInUser } from '../../../shared/schemas/auth';
import type { JobDetail, JobListItem } from '../../../shared/schemas/jobs';

/**
 * What a technician's phone keeps for a day without signal (docs/decisions/345-offline-day-queue.md),
 * in IndexedDB through idb, shared by the page and the service worker: whose device it is, their
 * jobs of today and the next working day with photos, and the changes waiting to be sent. Everything
 * belongs to one user: another user, signing out or a refused session clears it.
 */
export type DeviceOwner = { userId: string; user: SignedInUser; updatedAt: string | null };
export type SavedJob = { id: string; detail: JobDetail; listItem: JobListItem };
export type SavedPhoto = { key: string; jobId: string; blob: Blob };

export type QueuedPhoto = { name: string; type: string; blob: Blob };
export type QueuedChange = {
  seq?: number;
  /** The Idempotency-Key, made when the change was queued. */
  key: string;
  userId: string;
  jobId: string;
  jobNumber: string;
  /** What the technician did, as a button says it: "Complete Work", "Payment taken: Cash $120.00". */
  label: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  json?: unknown;
  photos?: { type: string; files: QueuedPhoto[] };
  /** The job as the technician saw it (X-Job-Seen). */
  seen: string;
  queuedAt: string;
  state: 'waiting' | 'refused';
  /** The server's sentence for a refused change. */
  message?: string;
};

interface StaffDevice extends DBSchema {
  owner: { key: 'owner'; value: DeviceOwner };
  jobs: { key: string; value: SavedJob };
  photos: { key: string; value: SavedPhoto; indexes: { byJob: string } };
  queue: { key: number; value: QueuedChange };
}

export const DEVICE_DB_NAME = 'staff-device';
let opened: Promise<IDBPDatabase<StaffDevice>> | undefined;

export function deviceDb(): Promise<IDBPDatabase<StaffDevice>> {
  opened ??= openDB<StaffDevice>(DEVICE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('owner');
      db.createObjectStore('jobs', { keyPath: 'id' });
      db.createObjectStore('photos', { keyPath: 'key' }).createIndex('byJob', 'jobId');
      db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
    },
    // Another tab or the worker upgrading: let it, and open again next time.
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
  });
  return opened;
}

export const photoKey = (jobId: string, photoId: string) => `${jobId}/${photoId}`;

export async function deviceOwner(): Promise<DeviceOwner | undefined> {
  return (await deviceDb()).get('owner', 'owner');
}

/** Removes every job, photo and queued change, and whose device it was. */
export async function clearDevice(): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(['owner', 'jobs', 'photos', 'queue'], 'readwrite');
  await Promise.all([
    tx.objectStore('owner').clear(),
    tx.objectStore('jobs').clear(),
    tx.objectStore('photos').clear(),
    tx.objectStore('queue').clear(),
    tx.done,
  ]);
}

/** Removes the saved day (jobs and photos) but keeps the queue, for a session that has lapsed. */
export async function clearSavedDay(): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(['jobs', 'photos'], 'readwrite');
  await Promise.all([tx.objectStore('jobs').clear(), tx.objectStore('photos').clear(), tx.done]);
}

/** Makes the device this user's: another user's jobs and changes go first. */
export async function claimDevice(user: SignedInUser): Promise<void> {
  const owner = await deviceOwner();
  if (owner && owner.userId !== user.id) await clearDevice();
  const db = await deviceDb();
  await db.put(
    'owner',
    { userId: user.id, user, updatedAt: owner?.userId === user.id ? owner.updatedAt : null },
    'owner',
  );
}

/** Replaces the saved day with these jobs and photos, stamped now. */
export async function saveDay(userId: string, jobs: SavedJob[], photos: SavedPhoto[], at: Date): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(['owner', 'jobs', 'photos'], 'readwrite');
  const owner = await tx.objectStore('owner').get('owner');
  // Signed out or another user signed in while this day was downloading: keep nothing of it.
  if (!owner || owner.userId !== userId) {
    tx.abort();
    await tx.done.catch(() => undefined);
    return;
  }
  await tx.objectStore('jobs').clear();
  await tx.objectStore('photos').clear();
  for (const job of jobs) await tx.objectStore('jobs').put(job);
  for (const photo of photos) await tx.objectStore('photos').put(photo);
  await tx.objectStore('owner').put({ ...owner, updatedAt: at.toISOString() }, 'owner');
  await tx.done;
}

export async function savedJobs(): Promise<SavedJob[]> {
  return (await deviceDb()).getAll('jobs');
}

export async function savedJob(id: string): Promise<SavedJob | undefined> {
  return (await deviceDb()).get('jobs', id);
}

export async function savedPhoto(jobId: string, photoId: string): Promise<SavedPhoto | undefined> {
  return (await deviceDb()).get('photos', photoKey(jobId, photoId));
}

/** Shows a queued change on the saved job at once, so the day offline reads as the technician left it. */
export async function updateSavedJob(id: string, change: (job: SavedJob) => SavedJob): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction('jobs', 'readwrite');
  const job = await tx.store.get(id);
  if (job) await tx.store.put(change(job));
  await tx.done;
}
