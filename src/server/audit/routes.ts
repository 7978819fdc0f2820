import type { FastifyPluginAsync } from 'fastify';
import { audit } from '../../shared/contracts/audit';
import { perthDay } from '../../shared/domain/perth-time';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { auditCsv } from './csv';
import { readAuditKinds, readAuditPage, readAuditRows } from './read';

/** The most rows one download holds; the total matching rows travel in X-Total-Count, so a longer period can be split. */
export const AUDIT_CSV_MAX_ROWS = 100_000;

/** The admins' audit log (decision 303): reads only, like every operation of the area. */
export function auditRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, audit.list, async ({ query }) => {
      const { page, pageSize, ...filter } = query;
      return readAuditPage(deps.db, filter, { limit: pageSize, offset: (page - 1) * pageSize });
    });
    addRoute(app, audit.csv, async ({ query, reply }) => {
      const { rows, total } = await readAuditRows(deps.db, query, AUDIT_CSV_MAX_ROWS);
      reply.header('X-Total-Count', String(total));
      return {
        data: Buffer.from(auditCsv(rows), 'utf8'),
        contentType: 'text/csv; charset=utf-8',
        filename: `audit-log-${perthDay(deps.clock.now())}.csv`,
        disposition: 'attachment' as const,
      };
    });
    addRoute(app, audit.kinds, async () => readAuditKinds(deps.db));
  };
}
