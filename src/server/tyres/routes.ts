import type { FastifyPluginAsync } from 'fastify';
import { tyres } from '../../shared/contracts/tyres';
import { perthToday } from '../../shared/domain/perth-time';
import { MANAGE_LINK_NOT_FOUND } from '../../shared/schemas/manage';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { invalid, notFound } from '../http/errors';
import { createLinkMisses, tooManyMissesMessage } from '../manage/misses';
import { BOOK_AGAIN_DAYS_AFTER_VISIT, jobOfToken } from '../manage/service';
import { listFittedTyres, recordFittedTyres } from './fitted';
import { listStock, moveStock, reorderFile, setReorderRules } from './stock';
import { readTyreSettings, updateTyreSettings } from './tyre-settings';
import { bookedTyreSize, tyreAvailabilityOf } from './reservations';
import { SIZE_MESSAGE } from '../../shared/schemas/tyres';
import { claimWarranty, findWarranty, tyresForManagePage } from './warranty';
import { addJobPart, addPart, listJobParts, listParts, removeJobPart, updatePart } from './parts';

/** The tyre trade's records (docs/decisions/414-tyre-records.md, 415-warranty-register.md, 432-valves-and-tpms-sensors.md). */
export function tyreRoutes(deps: AppDeps): FastifyPluginAsync {
  // A wrong manage link counts against its address as on the manage page itself (decision 397).
  const misses = createLinkMisses(deps, { link: 'manage', message: tooManyMissesMessage });
  return async (app) => {
    addRoute(app, tyres.fittedTyres, async ({ actor, params }) => listFittedTyres(deps, actor, params.id));
    addRoute(app, tyres.recordFittedTyres, async ({ actor, params, body }) =>
      recordFittedTyres(deps, actor, params.id, body),
    );
    addRoute(app, tyres.parts, async ({ actor }) => listParts(deps.db, actor));
    addRoute(app, tyres.addPart, async ({ actor, body }) => addPart(deps, actor, body));
    addRoute(app, tyres.updatePart, async ({ actor, params, body }) => updatePart(deps, actor, params.id, body));
    addRoute(app, tyres.jobParts, async ({ actor, params }) => listJobParts(deps, actor, params.id));
    addRoute(app, tyres.addJobPart, async ({ actor, params, body }) => addJobPart(deps, actor, params.id, body));
    addRoute(app, tyres.removeJobPart, async ({ actor, params }) =>
      removeJobPart(deps, actor, params.id, params.lineId),
    );
    addRoute(app, tyres.warranty, async ({ query }) => findWarranty(deps, query));
    addRoute(app, tyres.claimWarranty, async ({ actor, body }) => claimWarranty(deps, actor, body));
    addRoute(app, tyres.manageTyres, async ({ params, request, reply }) => {
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      const now = deps.clock.now();
      // Read as long as "Book again" reads a link: a warranty outlasts the manage page's 30 days.
      const job = await jobOfToken(deps.db, params.token, now, false, BOOK_AGAIN_DAYS_AFTER_VISIT);
      if (!job) {
        await misses.miss(request.ip);
        throw notFound(MANAGE_LINK_NOT_FOUND);
      }
      return tyresForManagePage(deps.db, job, perthToday(now));
    });
    addRoute(app, tyres.settings, async () => readTyreSettings(deps.db));
    addRoute(app, tyres.updateSettings, async ({ actor, body }) =>
      updateTyreSettings(deps.db, actor, deps.clock.now(), body),
    );
    addRoute(app, tyres.stock, async ({ query }) => listStock(deps.db, query.location));
    addRoute(app, tyres.updateStockRules, async ({ actor, body }) => setReorderRules(deps, actor, body));
    addRoute(app, tyres.moveStock, async ({ actor, body }) => moveStock(deps, actor, body));
    addRoute(app, tyres.reorder, async ({ query }) => reorderFile(deps.db, query.format));
    // The wizard's question before it offers windows for new tyres (docs/decisions/423-stock-aware-booking.md).
    addRoute(app, tyres.availability, async ({ query, reply }) => {
      const wanted = bookedTyreSize(query.size, query.quantity);
      if (!wanted) throw invalid(SIZE_MESSAGE, { size: SIZE_MESSAGE });
      reply.header('Cache-Control', 'no-store');
      return tyreAvailabilityOf(deps.db, wanted, deps.clock.now());
    });
  };
}
