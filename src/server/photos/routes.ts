import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bookings } from '../../shared/contracts/bookings';
import { jobs } from '../../shared/contracts/jobs';
import { STAFF_PHOTO_TYPE_MESSAGE, STAFF_PHOTO_TYPES } from '../../shared/schemas/onsite-payments';
import { PHOTO_LIMITS, PHOTO_TOO_LARGE_MESSAGE } from '../../shared/schemas/photos';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { AppError, invalid } from '../http/errors';
import {
  CUSTOMER_LIMIT,
  photoTargetJob,
  staffLimit,
  staffPhotoTargetJob,
  storeJobPhotos,
  type IncomingPhoto,
  type PhotoLimit,
} from './service';

const PHOTO_TYPE_RE = /^[a-z][a-z-]{0,39}$/;
export const PHOTO_UPLOAD_MALFORMED_MESSAGE = 'The upload was incomplete or could not be read. Please try again.';

/**
 * Reads the multipart body: the `type` field and the `photos` files, refusing before reading more
 * bytes once the job would pass its limit, and holding at most 5 MB of any one file.
 */
async function readPhotoParts(
  request: FastifyRequest,
  existing: number,
  limit: PhotoLimit,
): Promise<{ type: string | undefined; files: IncomingPhoto[] }> {
  if (!request.isMultipart()) throw invalid('Please upload the photos as a multipart form (field "photos").');
  const files: IncomingPhoto[] = [];
  let type: string | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: PHOTO_LIMITS.maxBytes, files: limit.max, fields: 5, parts: limit.max + 5, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'type' && typeof part.value === 'string') type = part.value;
        continue;
      }
      if (part.fieldname !== 'photos') {
        part.file.resume();
        continue;
      }
      if (existing + files.length + 1 > limit.max) throw invalid(limit.tooMany);
      const chunks: Buffer[] = [];
      // busboy stops the stream at the size limit, so at most 5 MB of a file is ever held.
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE_MESSAGE);
      files.push({ originalName: part.filename, data: Buffer.concat(chunks) });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw invalid(limit.tooMany);
    // Only the request body is read in this loop, so anything else it throws (a truncated body, a
    // bad boundary or part header, too many parts) is the client's malformed upload, not our fault.
    request.log.info({ err }, 'Refused a malformed photo upload');
    throw invalid(PHOTO_UPLOAD_MALFORMED_MESSAGE);
  }
  return { type, files };
}

const isStaffPhotoType = (t: string | undefined): t is (typeof STAFF_PHOTO_TYPES)[number] =>
  (STAFF_PHOTO_TYPES as readonly string[]).includes(t ?? '');

export function photoRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // Registered in this plugin's scope only: no other route accepts multipart bodies.
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: PHOTO_LIMITS.maxBytes,
        files: PHOTO_LIMITS.maxFiles,
        fields: 5,
        parts: PHOTO_LIMITS.maxFiles + 5,
        fieldSize: 1024,
      },
    });

    addRoute(app, bookings.uploadPhotos, async ({ params, request }) => {
      if (!request.isMultipart()) throw invalid('Please upload the photos as a multipart form (field "photos").');
      // Refuse before reading any bytes when the job is unknown, too old or already full.
      const job = await photoTargetJob(deps, params.jobId);
      if (job.existing >= CUSTOMER_LIMIT.max) throw invalid(CUSTOMER_LIMIT.tooMany);
      const { type, files } = await readPhotoParts(request, job.existing, CUSTOMER_LIMIT);
      const photos = await storeJobPhotos(
        deps,
        job.id,
        type && PHOTO_TYPE_RE.test(type) ? type : 'tyre-condition',
        files,
      );
      return { photos };
    });

    // Photos staff take at the job (docs/decisions/350-photos-taken-by-staff.md): the same checks,
    // re-encoding and EXIF stripping as the customer's, up to 20 per job, with who took them.
    addRoute(app, jobs.addPhotos, async ({ actor, params, request }) => {
      if (!request.isMultipart()) throw invalid('Please upload the photos as a multipart form (field "photos").');
      const job = await staffPhotoTargetJob(deps, actor, params.id);
      const limit = staffLimit(actor.id);
      if (job.existing >= limit.max) throw invalid(limit.tooMany, { photos: limit.tooMany });
      const { type, files } = await readPhotoParts(request, job.existing, limit);
      if (!isStaffPhotoType(type)) throw invalid(STAFF_PHOTO_TYPE_MESSAGE, { type: STAFF_PHOTO_TYPE_MESSAGE });
      try {
        return { photos: await storeJobPhotos(deps, job.id, type, files, limit) };
      } catch (err) {
        // A staff upload is a form: a file of the wrong kind is a 400 on its field, like every bad input there.
        if (err instanceof AppError && err.code === 'UNSUPPORTED_MEDIA_TYPE')
          throw invalid(err.message, { photos: err.message });
        throw err;
      }
    });
  };
}
