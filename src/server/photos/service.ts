import { randomBytes } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { PHOTO_BAD_TYPE_MESSAGE, PHOTO_LIMITS, PHOTO_TOO_MANY_MESSAGE } from '../../shared/schemas/photos';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { jobPhotos, jobs } from '../db/schema';
import { AppError, forbidden, invalid, notFound } from '../http/errors';
import { PHOTO_WINDOW_MS } from '../bookings/service';
import { removeFileLeftovers } from '../adapters/leftovers';
import { isUuid } from '../../shared/schemas/fields';
import { STAFF_PHOTO_MAX_PER_JOB, STAFF_PHOTO_TOO_MANY_MESSAGE } from '../../shared/schemas/onsite-payments';
import type { SessionUser } from '../http/access';
import { assertMayView, JOB_NOT_FOUND } from '../jobs/service';

export const PHOTO_WINDOW_CLOSED_MESSAGE =
  'Photos can only be added within an hour of booking. Please call us if you would like to send more.';
export const JOB_NOT_FOUND_MESSAGE = 'Booking not found';

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
type PhotoMime = keyof typeof EXTENSION;

export type IncomingPhoto = { originalName: string; data: Buffer };

/** How many photos a job may hold for this uploader, the refusal beyond, and the staff member taking them (null: the customer). */
export type PhotoLimit = { max: number; tooMany: string; takenById?: string | null };
export const CUSTOMER_LIMIT: PhotoLimit = { max: PHOTO_LIMITS.maxFiles, tooMany: PHOTO_TOO_MANY_MESSAGE };
/** Staff add before, after, damage and tyre-wall photos up to 20 per job, customer photos included (decision 350). */
export const staffLimit = (takenById: string): PhotoLimit => ({
  max: STAFF_PHOTO_MAX_PER_JOB,
  tooMany: STAFF_PHOTO_TOO_MANY_MESSAGE,
  takenById,
});

/** The job staff add photos to: known, and theirs when they are its technician. */
export async function staffPhotoTargetJob(
  deps: AppDeps,
  user: SessionUser,
  jobId: string,
): Promise<{ id: string; existing: number }> {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  const [job] = await deps.db
    .select({ id: jobs.id, assignedTechnicianId: jobs.assignedTechnicianId })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) throw notFound(JOB_NOT_FOUND);
  assertMayView(user, job);
  return { id: job.id, existing: await countPhotos(deps.db, job.id) };
}

/** The job a public upload is for, refused when unknown or when the hour has passed (decision 133). */
export async function photoTargetJob(deps: AppDeps, jobId: string): Promise<{ id: string; existing: number }> {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND_MESSAGE);
  const [job] = await deps.db
    .select({ id: jobs.id, createdAt: jobs.createdAt, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job || job.status === 'cancelled') throw notFound(JOB_NOT_FOUND_MESSAGE);
  if (deps.clock.now().getTime() - job.createdAt.getTime() > PHOTO_WINDOW_MS)
    throw forbidden(PHOTO_WINDOW_CLOSED_MESSAGE);
  return { id: job.id, existing: await countPhotos(deps.db, job.id) };
}

async function countPhotos(db: Executor, jobId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobPhotos).where(eq(jobPhotos.jobId, jobId));
  return row?.n ?? 0;
}

/** Keeps a harmless display name: no path, no control characters, bounded length. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 120);
  return cleaned || 'photo';
}

/**
 * The type is decided by the bytes, never the name or declared type; the image is decoded and
 * re-encoded, which drops EXIF (GPS included), XMP and ICC data (decision 133).
 */
export async function reencode(data: Buffer): Promise<{ mimeType: PhotoMime; data: Buffer }> {
  const detected = await fileTypeFromBuffer(data);
  const mimeType = detected?.mime;
  if (!mimeType || !(mimeType in EXTENSION)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_BAD_TYPE_MESSAGE);
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const image = sharp(data, { limitInputPixels: 60_000_000 })
      .rotate()
      .resize({ width: 4000, height: 4000, fit: 'inside', withoutEnlargement: true });
    const out =
      mimeType === 'image/jpeg'
        ? await image.jpeg({ quality: 85 }).toBuffer()
        : mimeType === 'image/png'
          ? await image.png().toBuffer()
          : await image.webp({ quality: 85 }).toBuffer();
    return { mimeType: mimeType as PhotoMime, data: out };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `That image could not be read. ${PHOTO_BAD_TYPE_MESSAGE}`);
  }
}

/**
 * Stores a batch all-or-nothing: every file is checked and re-encoded first, then written under
 * a random name, then recorded in one transaction that re-counts under a row lock on the job (two
 * uploads at once cannot pass five). Any failure removes the files already written. Files before
 * rows: a crash between the two leaves files without a row, which the start-up clean-up removes,
 * never a row without its file (decision 194).
 */
export async function storeJobPhotos(
  deps: AppDeps,
  jobId: string,
  type: string,
  files: IncomingPhoto[],
  limit: PhotoLimit = CUSTOMER_LIMIT,
) {
  if (files.length === 0) throw invalid('Please choose at least one photo to upload.');
  const prepared: { originalName: string; mimeType: PhotoMime; data: Buffer; filename: string }[] = [];
  for (const f of files) {
    const { mimeType, data } = await reencode(f.data);
    prepared.push({
      originalName: cleanOriginalName(f.originalName),
      mimeType,
      data,
      filename: `${randomBytes(16).toString('hex')}.${EXTENSION[mimeType]}`,
    });
  }

  const written: string[] = [];
  try {
    for (const p of prepared) {
      await deps.storage.save(p.filename, p.data);
      written.push(p.filename);
    }
    const now = deps.clock.now();
    return await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select id from jobs where id = ${jobId} for update`);
      if ((await countPhotos(tx, jobId)) + prepared.length > limit.max) throw invalid(limit.tooMany);
      return (
        tx
          .insert(jobPhotos)
          // A millisecond apart, so the job lists a batch in the order it was chosen.
          .values(
            prepared.map((p, i) => ({
              jobId,
              type,
              filename: p.filename,
              originalName: p.originalName,
              mimeType: p.mimeType,
              size: p.data.length,
              uploadedAt: new Date(now.getTime() + i),
              takenById: limit.takenById ?? null,
            })),
          )
          .returning({
            id: jobPhotos.id,
            type: jobPhotos.type,
            originalName: jobPhotos.originalName,
            mimeType: jobPhotos.mimeType,
            size: jobPhotos.size,
          })
      );
    });
  } catch (err) {
    await Promise.allSettled(written.map((name) => deps.storage.remove(name)));
    throw err;
  }
}

/** Photo files a crash left (decision 194): see adapters/leftovers.ts. Run at start; returns what it removed. */
export async function cleanPhotoLeftovers(
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock' | 'log'>,
): Promise<{ temporary: number; orphaned: number }> {
  return removeFileLeftovers({
    store: deps.storage,
    clock: deps.clock,
    log: deps.log,
    what: 'photo',
    namedByRows: async (names) =>
      (
        await deps.db.select({ filename: jobPhotos.filename }).from(jobPhotos).where(inArray(jobPhotos.filename, names))
      ).map((r) => r.filename),
  });
}
