import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJobSeen, JOB_SEEN_HEADER } from '../../shared/domain/queued-change';
import { formatVisit } from '../../shared/domain/slots';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { conflict, invalid } from '../http/errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const JOB_SEEN_FORMAT_MESSAGE = "X-Job-Seen must be the job's day, time slot and technician.";
const NOT_SENT = 'your change was not sent';

/**
 * The office wins (docs/decisions/346-office-wins-over-queued-changes.md): a change to a job queued
 * on a phone carries the job as the technician saw it (X-Job-Seen); when the office has since
 * cancelled, rescheduled or reassigned it, the change is refused with 409 and says what the office
 * did, so the technician sees it on that job. Runs after the idempotency check (registered after
 * it), so a change that already went through is answered as before, not refused.
 */
export function registerJobSeenCheck(app: FastifyInstance, db: Db) {
  app.addHook('preHandler', async (request, reply) => {
    if (reply.sent || !MUTATING.has(request.method) || !request.user) return;
    const header = request.headers[JOB_SEEN_HEADER];
    if (header === undefined) return;
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/api/dashboard/jobs/:id')) return;
    const seen = typeof header === 'string' ? decodeJobSeen(header) : null;
    if (!seen) throw invalid(JOB_SEEN_FORMAT_MESSAGE, { 'X-Job-Seen': JOB_SEEN_FORMAT_MESSAGE });
    const id = (request.params as { id?: unknown }).id;
    // Not a job id: the route itself answers 404.
    if (typeof id !== 'string' || !UUID_RE.test(id)) return;
    const [job] = await db
      .select({
        status: jobs.status,
        scheduledDay: jobs.scheduledDay,
        timeSlot: jobs.timeSlot,
        technicianId: jobs.assignedTechnicianId,
      })
      .from(jobs)
      .where(eq(jobs.id, id));
    if (!job) return;
    // A technician hears what the office did only to a job they saw as theirs; anything else is the route's to refuse.
    if (request.user.role !== 'admin' && seen.technicianId !== request.user.id) return;
    if (job.status === 'cancelled') throw conflict(`The office cancelled this job: ${NOT_SENT}.`, { officeWins: true });
    if (job.scheduledDay !== seen.scheduledDay || job.timeSlot !== seen.timeSlot) {
      throw conflict(`The office moved this job to ${formatVisit(job.scheduledDay, job.timeSlot)}: ${NOT_SENT}.`, {
        officeWins: true,
      });
    }
    if (job.technicianId !== seen.technicianId) {
      throw conflict(
        `The office gave this job to ${job.technicianId ? 'another technician' : 'nobody yet'}: ${NOT_SENT}.`,
        { officeWins: true },
      );
    }
  });
}
