import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import { addDays, perthToday } from '../../shared/domain/perth-time';
import type { AppDeps } from '../deps';
import { customerInvoices, jobs } from '../db/schema';
import { recordHistory } from '../history/history';
import { issuePayToken, payUrlOf } from './pay-link';
import { owedOnInvoice } from './owed';
import { formatCents } from '../../shared/domain/money';
import { printedDay } from './pdf';
import { readSettings } from '../settings/store';
import { isWithinSendWindow } from '../messages/send-window';
import type { BusinessProfile } from '../../shared/domain/settings';
import { every, type Periodic } from '../scheduler/every';

// The overdue follow-up (decision 299): one reminder email, a week after the due date, never twice.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'outbox'>;

/** Days after the due date the reminder goes. */
export const REMINDER_AFTER_DAYS = 7;
/** An invoice more overdue than this when reminders began (or after the server was down) gets none: the owner follows it up in person. */
const CATCH_UP_DAYS = 30;

/** Automated customer emails go between 8 am and 8 pm Perth (docs/product.md "Running the business"); a reminder due outside waits. */
export const isMessagingHour = isWithinSendWindow;

function reminderText(
  b: BusinessProfile,
  r: { invoiceNumber: string; balanceDue: string; dueDate: string; name: string; payUrl: string },
) {
  const lines = [
    `Hello ${r.name},`,
    '',
    `A reminder that invoice ${r.invoiceNumber} was due on ${printedDay(r.dueDate)} and $${r.balanceDue} of it is still unpaid.`,
    `See the invoice and how to pay it: ${r.payUrl}`,
    '',
    `If you have already paid, thank you, and please ignore this email. Questions? Call ${b.phone} or reply to ${b.email}.`,
    '',
    b.name,
  ];
  return { subject: `Reminder: invoice ${r.invoiceNumber} from ${b.name} is overdue`, text: lines.join('\n') };
}

/**
 * Emails one reminder for each unpaid sent invoice whose due date is a week or more ago, within the
 * messaging hours only. Each invoice is claimed by a conditional update of its reminder column in
 * the transaction that queues the email, so two sweeps, on two instances, send it once; the
 * invoice's history records it. Answers how many were queued.
 */
export async function sendOverdueReminders(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  if (!isMessagingHour(now)) return 0;
  // The owner's switch in Settings (decision 301): off means no reminder is sent, and none is claimed.
  if (!(await readSettings(deps.db, deps.config)).business.overdueReminders) return 0;
  const dueBy = addDays(perthToday(now), -REMINDER_AFTER_DAYS);
  const dueFrom = addDays(dueBy, -CATCH_UP_DAYS);
  const due = await deps.db
    .select({ id: customerInvoices.id })
    .from(customerInvoices)
    .where(
      and(
        inArray(customerInvoices.status, ['sent', 'overdue']),
        isNull(customerInvoices.reminderSentAt),
        lte(customerInvoices.dueDate, dueBy),
        gte(customerInvoices.dueDate, dueFrom),
      ),
    );
  let queued = 0;
  for (const { id } of due) {
    const sent = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(customerInvoices)
        .set({ reminderSentAt: now })
        .where(
          and(
            eq(customerInvoices.id, id),
            isNull(customerInvoices.reminderSentAt),
            inArray(customerInvoices.status, ['sent', 'overdue']),
          ),
        )
        .returning();
      if (!claimed?.dueDate) return false;
      const [job] = await tx
        .select({ name: jobs.contactName, email: jobs.contactEmail })
        .from(jobs)
        .where(eq(jobs.id, claimed.jobId));
      if (!job?.email) return false;
      // What is still owed after credit notes, part payments and write-offs, not the invoice's total
      // (decisions 301, 406); nothing owed, no reminder.
      const balance = (await owedOnInvoice(tx, { ...claimed, status: 'sent' })).owedCents;
      if (balance <= 0) return false;
      // A link of its own, beside the ones already sent (docs/decisions/397-tokens-kept-out-of-logs.md).
      const payUrl = payUrlOf(deps.config, await issuePayToken(tx, claimed.id, now));
      const email = reminderText((await readSettings(tx, deps.config)).business, {
        invoiceNumber: claimed.invoiceNumber,
        balanceDue: formatCents(balance),
        dueDate: claimed.dueDate,
        name: job.name,
        payUrl,
      });
      await deps.outbox.queue(tx, { kind: 'customer_invoice', jobId: claimed.jobId, to: job.email, ...email });
      await recordHistory(tx, 'invoice', id, {
        at: now,
        actorId: null,
        kind: 'email',
        to: job.email,
        note: 'Overdue reminder',
      });
      return true;
    });
    if (sent) queued++;
  }
  if (queued) deps.outbox.kick();
  return queued;
}

/**
 * Looks for overdue invoices every `intervalMs`, on the one scheduler: each tick in one instance
 * (docs/decisions/393-one-scheduler.md); stops (waiting for a pass in progress) when the server closes.
 */
export function startReminderSweep(deps: Deps & { log: AppDeps['log'] }, intervalMs: number): Periodic {
  return every({
    name: 'invoice-reminders',
    intervalMs,
    log: deps.log,
    claimIn: deps.db,
    run: () => sendOverdueReminders(deps),
  });
}
