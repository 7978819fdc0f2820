import type { AppDeps } from '../deps';
import { every, type Periodic } from '../scheduler/every';
import type { MessageDeps } from './deps';
import { sendReturnVisitReminders } from './return-visits';
import { sendReviewRequests } from './review-requests';
import { sendVisitReminders } from './visit-reminders';

export type TickReport = { reminders: number; reviewRequests: number; returnVisits: number };

/**
 * One pass of the automated messages (docs/decisions/366-automated-messages-once-and-in-hours.md):
 * visit reminders, review requests, return-visit reminders. Every instance runs it; each message is
 * queued once whichever gets there first. Delivery is kicked after, outside every transaction.
 */
export async function runMessageTick(deps: MessageDeps, kick: () => void = () => kickBoth(deps)): Promise<TickReport> {
  const report = {
    reminders: await sendVisitReminders(deps),
    reviewRequests: await sendReviewRequests(deps),
    returnVisits: await sendReturnVisitReminders(deps),
  };
  if (report.reminders + report.reviewRequests + report.returnVisits > 0) kick();
  return report;
}

/** Starts delivery of both outboxes (after the commits). */
function kickBoth(deps: MessageDeps) {
  deps.outbox.kick();
  deps.sms?.kick();
}

/**
 * Runs a pass every `intervalMs` on the one scheduler, each tick in one instance
 * (docs/decisions/393-one-scheduler.md); stops (waiting for a pass in progress) when the server closes.
 */
export function startMessageScheduler(
  deps: MessageDeps & { log: AppDeps['log'] },
  intervalMs: number,
  kick?: () => void,
): Periodic {
  return every({
    name: 'customer-messages',
    intervalMs,
    log: deps.log,
    claimIn: deps.db,
    run: () => runMessageTick(deps, kick),
  });
}
