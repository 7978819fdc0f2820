import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app';
import { listRecentEmails } from './outbox';

const outboxItem = z.object({
  id: z.string(),
  kind: z.string(),
  jobId: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});

export function emailRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The retry pass runs while the app is up (issue 5: a failure to send is retried).
    app.addHook('onReady', async () => {
      deps.outbox.start();
    });
    app.addHook('onClose', async () => {
      await deps.outbox.stop();
    });

    // Without SMTP_URL nothing leaves the machine: staff read the stored messages here.
    app.get(
      '/api/admin/outbox',
      { config: { access: 'admin' }, schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }), response: { 200: z.array(outboxItem) } } },
      async (request) => {
        const rows = await listRecentEmails(deps.db, request.query.limit);
        return rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          jobId: r.jobId,
          to: r.to,
          subject: r.subject,
          status: r.status,
          attempts: r.attempts,
          lastError: r.lastError,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
          text: r.text,
          attachments: r.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
        }));
      },
    );
  };
}
