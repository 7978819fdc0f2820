import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { manage } from '../../shared/contracts/manage';
import { MANAGE_LINK_NOT_FOUND } from '../../shared/schemas/manage';
import { PHOTO_LIMITS, PHOTO_TOO_LARGE_MESSAGE, PHOTO_TOO_MANY_MESSAGE } from '../../shared/schemas/photos';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { AppError, invalid, notFound } from '../http/errors';
import { PHOTO_UPLOAD_MALFORMED_MESSAGE } from '../photos/routes';
import type { IncomingPhoto } from '../photos/service';
import { createLinkMisses, tooManyMissesMessage } from './misses';
import {
  addPhotosByCustomer,
  assertMayAddPhotos,
  BOOK_AGAIN_DAYS_AFTER_VISIT,
  bookAgainDetailsOf,
  cancelByCustomer,
  cancellationFor,
  changeByCustomer,
  jobOfToken,
  rescheduleByCustomer,
  viewBooking,
} from './service';

/** The manage-my-booking API (docs/decisions/358-customers-manage-their-own-booking.md). */
export function manageRoutes(deps: AppDeps): FastifyPluginAsync {
  const misses = createLinkMisses(deps, { link: 'manage', message: tooManyMissesMessage });

  /**
   * The job behind the link, whatever wrong links its caller's address sent before; a wrong or
   * lapsed one is counted against the address, and refused with 429 past its limit
   * (docs/decisions/397-tokens-kept-out-of-logs.md). Nothing is cached.
   */
  async function open(request: FastifyRequest, reply: FastifyReply, token: string, daysAfterVisit?: number) {
    reply.header('Cache-Control', 'no-store');
    reply.header('Referrer-Policy', 'no-referrer');
    const job = await jobOfToken(deps.db, token, deps.clock.now(), false, daysAfterVisit);
    if (job) return job;
    await misses.miss(request.ip);
    throw notFound(MANAGE_LINK_NOT_FOUND);
  }

  return async (app) => {
    // Registered in this plugin's scope only, as for the booking's own photos (photos/routes.ts).
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

    addRoute(app, manage.get, async ({ params, request, reply }) =>
      viewBooking(deps, await open(request, reply, params.token)),
    );

    addRoute(app, manage.bookAgain, async ({ params, request, reply }) =>
      bookAgainDetailsOf(deps.db, await open(request, reply, params.token, BOOK_AGAIN_DAYS_AFTER_VISIT)),
    );

    addRoute(app, manage.reschedule, async ({ params, body, request, reply }) => {
      await open(request, reply, params.token);
      return rescheduleByCustomer(deps, params.token, body);
    });

    addRoute(app, manage.cancellation, async ({ params, request, reply }) =>
      cancellationFor(deps, await open(request, reply, params.token)),
    );

    addRoute(app, manage.cancel, async ({ params, request, reply }) => {
      await open(request, reply, params.token);
      return cancelByCustomer(deps, params.token);
    });

    addRoute(app, manage.change, async ({ params, body, request, reply }) => {
      await open(request, reply, params.token);
      return changeByCustomer(deps, params.token, body);
    });

    addRoute(app, manage.photos, async ({ params, request, reply }) => {
      const job = await open(request, reply, params.token);
      if (!request.isMultipart()) throw invalid('Please upload the photos as a multipart form (field "photos").');
      assertMayAddPhotos(job, deps.clock.now(), (await deps.settings.current()).business.phone);
      const files = await readPhotos(request);
      const photos = await addPhotosByCustomer(deps, job, files);
      return { photos };
    });
  };
}

/** The "photos" parts of the upload, each at most the size limit (the rest of the checks are the photo service's). */
async function readPhotos(request: FastifyRequest): Promise<IncomingPhoto[]> {
  const files: IncomingPhoto[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'photos') {
        part.file.resume();
        continue;
      }
      if (files.length + 1 > PHOTO_LIMITS.maxFiles) throw invalid(PHOTO_TOO_MANY_MESSAGE);
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE_MESSAGE);
      files.push({ originalName: part.filename, data: Buffer.concat(chunks) });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw invalid(PHOTO_TOO_MANY_MESSAGE);
    request.log.info({ err }, 'Refused a malformed photo upload');
    throw invalid(PHOTO_UPLOAD_MALFORMED_MESSAGE);
  }
  return files;
}
