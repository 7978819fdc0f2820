import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { customers, jobs } from '../db/schema';
import type { MessageDeps } from './deps';
import { withdrawPending } from './queue-once';
import { RETURN_VISIT_KIND } from './return-visits';

/** The shape of an unsubscribe token (24 random bytes, base64url); anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

type Found = { businessName: string; businessPhone: string; unsubscribedAt: Date | null };

async function findByToken(deps: MessageDeps, token: string): Promise<Found | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [customer] = await deps.db
    .select({ unsubscribedAt: customers.returnVisitsUnsubscribedAt })
    .from(customers)
    .where(eq(customers.unsubscribeToken, token));
  if (!customer) return null;
  const { business } = await deps.settings.current();
  return { businessName: business.name, businessPhone: business.phone, unsubscribedAt: customer.unsubscribedAt };
}

/**
 * Unsubscribes the customer of this token from return-visit reminders, at once: the customer's row
 * (which the sender locks before queueing) records it, and any reminder not yet gone is taken back.
 * A second unsubscribe changes nothing. Answers false for an unknown token.
 */
export async function unsubscribeReturnVisits(deps: MessageDeps, token: string): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  return deps.db.transaction(async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.unsubscribeToken, token)).for('update');
    if (!customer) return false;
    if (!customer.returnVisitsUnsubscribedAt)
      await tx
        .update(customers)
        .set({ returnVisitsUnsubscribedAt: deps.clock.now() })
        .where(eq(customers.id, customer.id));
    await withdrawPending(
      tx,
      tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.customerId, customer.id)),
      [RETURN_VISIT_KIND],
      'Not sent: the customer unsubscribed',
    );
    return true;
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  const html = `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px 16px;color:#111;background:#f9fafb;font-size:16px;line-height:1.5}main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:20px}h1{font-size:1.4rem;margin:0 0 12px}button{min-height:44px;width:100%;font-size:1rem;font-weight:600;border:0;border-radius:8px;background:#b91c1c;color:#fff;padding:10px 16px;cursor:pointer}</style>
</head>
<body><main>${body}</main></body>
</html>`;
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(html);
}

const NOT_FOUND_TEXT =
  '<h1>Link not found</h1><p>This unsubscribe link is not valid. If you keep getting reminders you did not ask for, please call us.</p>';

/**
 * The one-click unsubscribe of return-visit reminders (Spam Act 2003): GET shows a confirmation with
 * one button; POST, from that button or from a mail program honouring RFC 8058's
 * List-Unsubscribe-Post, unsubscribes at once.
 */
export function unsubscribeRoutes(deps: MessageDeps): FastifyPluginAsync {
  return async (app) => {
    // RFC 8058's one-click POST is a form body ("List-Unsubscribe=One-Click"); what it says changes nothing.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    app.get<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) => {
      const found = await findByToken(deps, request.params.token);
      if (!found) return page(reply, 404, 'Link not found', NOT_FOUND_TEXT);
      const name = escapeHtml(found.businessName);
      if (found.unsubscribedAt)
        return page(
          reply,
          200,
          'Unsubscribed',
          `<h1>You are unsubscribed</h1><p>${name} sends you no more return-visit reminders.</p>`,
        );
      return page(
        reply,
        200,
        'Stop return-visit reminders',
        `<h1>Stop return-visit reminders?</h1><p>${name} will no longer remind you when your tyres or battery are due for a check. Messages about a booking you make still come.</p><form method="post" action="/unsubscribe/${escapeHtml(request.params.token)}"><button type="submit">Unsubscribe</button></form>`,
      );
    });
    app.post<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) => {
      const found = await findByToken(deps, request.params.token);
      if (!found || !(await unsubscribeReturnVisits(deps, request.params.token)))
        return page(reply, 404, 'Link not found', NOT_FOUND_TEXT);
      return page(
        reply,
        200,
        'Unsubscribed',
        `<h1>You are unsubscribed</h1><p>${escapeHtml(found.businessName)} sends you no more return-visit reminders. Questions? Call ${escapeHtml(found.businessPhone)}.</p>`,
      );
    });
  };
}
