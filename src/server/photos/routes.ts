import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { bookings } from '../../shared/contracts/bookings';
import { PHOTO_LIMITS, PHOTO_TOO_LARGE_MESSAGE, PHOTO_TOO_MANY_MESSAGE } from '../../shared/schemas/photos';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { AppError, invalid } from '../http/errors';
import { photoTargetJob, storeJobPhotos, type IncomingPhoto } from './service';

const PHOTO_TYPE_RE = /^[a-z][a-z-]{0,39}$/;
export const PHOTO_UPLOAD_MALFORMED_MESSAGE = 'The upload was incomplete or could not be read. Please try again.';

export function photoRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // Registered in this plugin's scope only: no other route accepts multipart bodies.
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: PHOTO_LIMITS.maxBytes, files: PHOTO_LIMITS.maxFiles, fields: 5, parts: PHOTO_LIMITS.maxFiles + 5, fieldSize: 1024 },
    });

    addRoute(app, bookings.uploadPhotos, async ({ params, request }) => {
      if (!request.isMultipart()) throw invalid('Please upload the photos as a multipart form (field "photos").');
      // Refuse before reading any bytes when the job is unknown, too old or already full.
      const job = await photoTargetJob(deps, params.jobId);
      if (job.existing >= PHOTO_LIMITS.maxFiles) throw invalid(PHOTO_TOO_MANY_MESSAGE);

      const files: IncomingPhoto[] = [];
      let type = 'tyre-condition';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'type' && typeof part.value === 'string' && PHOTO_TYPE_RE.test(part.value)) type = part.value;
            continue;
          }
          if (part.fieldname !== 'photos') {
            part.file.resume();
            continue;
          }
          if (job.existing + files.length + 1 > PHOTO_LIMITS.maxFiles) throw invalid(PHOTO_TOO_MANY_MESSAGE);
          const chunks: Buffer[] = [];
          // busboy stops the stream at the size limit, so at most 5 MB of a file is ever held.
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE_MESSAGE);
          files.push({ originalName: part.filename, data: Buffer.concat(chunks) });
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw invalid(PHOTO_TOO_MANY_MESSAGE);
        // Only the request body is read in this loop, so anything else it throws (a truncated body, a
        // bad boundary or part header, too many parts) is the client's malformed upload, not our fault.
        request.log.info({ err }, 'Refused a malformed photo upload');
        throw invalid(PHOTO_UPLOAD_MALFORMED_MESSAGE);
      }
      const photos = await storeJobPhotos(deps, job.id, type, files);
      return { photos };
    });
  };
}
