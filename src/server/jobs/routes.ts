import type { FastifyPluginAsync } from 'fastify';
import { jobs } from '../../shared/contracts/jobs';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { forbidden } from '../http/errors';
import { assignJob } from './assignment';
import { cancelJob, changeJobStatus, deleteJob, editJobQuote, previewCancellation, rescheduleJob } from './moves';
import { addJobNote } from './notes';
import { recordOnsitePayment, reverseOnsitePayment, writeOffOwed } from './onsite-payment';
import { refundKeptBackPayment } from '../payments/card-payments';
import { getJobDetail, listJobs, readJobPhoto } from './service';
import { listTechnicians } from './technicians';
import { undoJobMove } from './undo-move';

export function jobRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, jobs.list, async ({ actor, query }) => listJobs(deps, actor, query));
    addRoute(app, jobs.listWithDetails, async ({ actor, query }) => listJobs(deps, actor, query));
    addRoute(app, jobs.get, async ({ actor, params }) => getJobDetail(deps, actor, params.id));
    addRoute(app, jobs.photo, async ({ actor, params }) => {
      const photo = await readJobPhoto(deps, actor, params.id, params.photoId);
      return {
        data: photo.data,
        contentType: photo.mimeType,
        filename: photo.originalName,
        cacheControl: 'private, max-age=3600',
      };
    });
    addRoute(app, jobs.changeStatus, async ({ actor, params, body }) =>
      changeJobStatus(deps, actor, params.id, body.status),
    );
    addRoute(app, jobs.undoStatus, async ({ actor, params, body }) => undoJobMove(deps, actor, params.id, body.cause));
    addRoute(app, jobs.editQuote, async ({ actor, params, body }) =>
      editJobQuote(deps, actor, params.id, body.customerValue),
    );
    addRoute(app, jobs.remove, async ({ actor, params }) => deleteJob(deps, actor, params.id));
    addRoute(app, jobs.reschedule, async ({ actor, params, body }) => rescheduleJob(deps, actor, params.id, body));
    addRoute(app, jobs.cancellationPreview, async ({ actor, params }) => previewCancellation(deps, actor, params.id));
    addRoute(app, jobs.cancel, async ({ actor, params, body }) => cancelJob(deps, actor, params.id, body));
    addRoute(app, jobs.assign, async ({ actor, params, body }) => assignJob(deps, actor, params.id, body.technicianId));
    addRoute(app, jobs.addNote, async ({ actor, params, body }) => addJobNote(deps, actor, params.id, body.note));
    addRoute(app, jobs.recordOnsitePayment, async ({ actor, params, body }) =>
      recordOnsitePayment(deps, actor, params.id, body),
    );
    addRoute(app, jobs.reverseOnsitePayment, async ({ actor, params, body }) =>
      reverseOnsitePayment(deps, actor, params.id, body.reason),
    );
    addRoute(app, jobs.writeOff, async ({ actor, params, body }) => writeOffOwed(deps, actor, params.id, body));
    addRoute(app, jobs.refundCardPayment, async ({ actor, params }) => {
      await refundKeptBackPayment(deps, actor, params.id, params.intentId);
      return getJobDetail(deps, actor, params.id);
    });
    addRoute(app, jobs.technicians, async () => listTechnicians(deps.db));
    addRoute(app, jobs.technicianJobs, async ({ actor, params, query }) => {
      if (actor.role !== 'admin' && actor.id !== params.id) throw forbidden('You can only see your own jobs.');
      return listJobs(deps, actor, { ...query, technicianId: params.id });
    });
  };
}
