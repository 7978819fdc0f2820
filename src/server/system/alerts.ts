import { asc, and, eq, isNotNull } from 'drizzle-orm';
import {
  accountingIsFailing,
  messagesAreLate,
  problemDetail,
  SYSTEM_PROBLEM_KINDS,
  SYSTEM_PROBLEM_TITLES,
  systemProblemPath,
  type SystemProblemKind,
} from '../../shared/domain/system-health';
import { failingRecords } from '../accounting/failing';
import { readLastBackup } from '../backup/last-backup';
import type { Executor } from '../db/client';
import { systemAlerts, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { every, type Periodic } from '../scheduler/every';
import { backupFigure, diskFigure } from './figures';
import { waitingMessages } from './waiting-messages';

/** The outbox kind of the owner's alert emails. */
export const SYSTEM_ALERT_EMAIL_KIND = 'system-alert';
/** How often one instance checks for problems. */
export const HEALTH_CHECK_MS = 60_000;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log' | 'outbox' | 'settings'>;

/** What a check sees of one problem: whether its row is open, whether the owner is to be told, in words. */
type Observation = { open: boolean; raise: boolean; detail: string };
/** A problem's observation, given since when its row has been open (now for a row not open yet). */
type Observe = (openedAt: Date) => Observation;

const WHAT_TO_DO: Record<SystemProblemKind, string> = {
  backup:
    'Check the backup timer (systemctl list-timers; journalctl -u tyre-booking-backup) and run npm run db:backup by hand (README, "Backups"). Each backup records itself when it is complete.',
  messages:
    'Check the mail server (SMTP_URL) and Twilio settings and the app log. The messages are listed under Settings, "Customer emails" and "Text messages", and go out by themselves once delivery works.',
  disk: 'Free some space on that disk: old backups (npm run db:backup -- --keep-days), logs, or a bigger disk. The app cannot store photos, invoices or data when the disk is full.',
  accounting:
    'Open Settings, "Accounting": the sync log lists each record with Xero\'s own message. Fix what Xero asks (a mapping, a contact, the connection) and press Send again; until then your books in Xero are missing these records.',
};

/** The fictitious defaults (example.com, .test ...) reach nobody: docs/product.md "Business". */
function reachesNobody(address: string): boolean {
  const domain = address.split('@')[1]?.toLowerCase() ?? '';
  return (
    /(^|\.)example\.(com|net|org)$/.test(domain) || /\.(test|example|invalid|localhost)$/.test(domain) || domain === ''
  );
}

/**
 * The business email from Settings; while it is still the fictitious default, the first admin's
 * email. `businessEmail` is read before the check's transactions: the settings store reads outside
 * them, and the embedded database has one connection.
 */
async function alertRecipient(businessEmail: string, exec: Executor): Promise<string> {
  if (!reachesNobody(businessEmail)) return businessEmail;
  const [admin] = await exec
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNotNull(users.email)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return admin?.email || businessEmail;
}

function alertEmail(deps: Deps, kind: SystemProblemKind, detail: string) {
  const link = `${deps.config.publicBaseUrl}${systemProblemPath(kind)}`;
  return {
    kind: SYSTEM_ALERT_EMAIL_KIND,
    subject: `System alert: ${SYSTEM_PROBLEM_TITLES[kind]}`,
    text: [
      `${SYSTEM_PROBLEM_TITLES[kind]}.`,
      detail,
      WHAT_TO_DO[kind],
      `Where to look: ${link}`,
      'You are told once about this problem. If it clears and comes back, you will be told again.',
    ].join('\n\n'),
  };
}

/** What this check sees of each problem; a problem it cannot measure (the disk unreadable) is left as it was. */
async function observeAll(deps: Deps, now: Date): Promise<Partial<Record<SystemProblemKind, Observe>>> {
  const [last, messages, disk, books] = await Promise.all([
    readLastBackup(deps.config.dataDir),
    waitingMessages(deps.db, now),
    diskFigure(deps.config.dataDir),
    failingRecords(deps.db),
  ]);
  const booksFailingSeconds = books.oldestSince ? (now.getTime() - books.oldestSince.getTime()) / 1000 : null;
  const lateMessages = messagesAreLate(messages.oldestWaitSeconds);
  return {
    backup: (openedAt) => {
      const figure = backupFigure(last, openedAt, now);
      const detail =
        figure.state === 'ok' || figure.state === 'late'
          ? problemDetail.backupLate(figure.ageSeconds ?? 0)
          : figure.state === 'none'
            ? problemDetail.backupNone((now.getTime() - openedAt.getTime()) / 1000)
            : problemDetail.backupNoneYet();
      return { open: figure.state !== 'ok', raise: figure.warning, detail };
    },
    messages: () => ({
      open: lateMessages,
      raise: lateMessages,
      detail: problemDetail.messages(messages.emailsWaiting, messages.textsWaiting, messages.oldestWaitSeconds ?? 0),
    }),
    ...(disk
      ? {
          disk: () => ({
            open: disk.warning,
            raise: disk.warning,
            detail: problemDetail.disk(disk.path, disk.usedPercent, disk.freeBytes),
          }),
        }
      : {}),
    accounting: () => ({
      open: accountingIsFailing(booksFailingSeconds),
      raise: accountingIsFailing(booksFailingSeconds),
      detail: problemDetail.accounting(books.count, booksFailingSeconds ?? 0, books.oldestError),
    }),
  };
}

export type HealthCheckReport = { raised: SystemProblemKind[]; cleared: SystemProblemKind[] };

/**
 * One check of the problems the owner is told of (docs/decisions/400-system-health.md): a backup
 * older than 26 hours (or none for 26 hours since the app first looked), a message waiting over 15
 * minutes, a disk over 90% full, a record Xero has refused for a day (decision 430). Each kind has one row: the check that first sees the problem
 * opens it, the one that first sees it gone closes it, and the owner gets ONE email per opening,
 * queued in the outbox in the same transaction as the row's `raised_at`.
 */
export async function checkSystemHealth(deps: Deps): Promise<HealthCheckReport> {
  const now = deps.clock.now();
  const observations = await observeAll(deps, now);
  const businessEmail = (await deps.settings.current()).business.email;
  const report: HealthCheckReport = { raised: [], cleared: [] };
  for (const kind of SYSTEM_PROBLEM_KINDS) {
    const observe = observations[kind];
    if (!observe) continue;
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(systemAlerts).where(eq(systemAlerts.kind, kind)).for('update');
      const open = row && !row.clearedAt ? row : undefined;
      const seen = observe(open?.openedAt ?? now);
      if (!seen.open) {
        if (open) {
          await tx.update(systemAlerts).set({ clearedAt: now }).where(eq(systemAlerts.kind, kind));
          report.cleared.push(kind);
        }
        return;
      }
      const raise = seen.raise && !open?.raisedAt;
      const values = { detail: seen.detail, ...(raise ? { raisedAt: now } : {}) };
      if (open) {
        await tx.update(systemAlerts).set(values).where(eq(systemAlerts.kind, kind));
      } else {
        const opening = { openedAt: now, raisedAt: raise ? now : null, clearedAt: null, detail: seen.detail };
        await tx
          .insert(systemAlerts)
          .values({ kind, ...opening })
          .onConflictDoUpdate({ target: systemAlerts.kind, set: opening });
      }
      if (raise) {
        await deps.outbox.queue(tx, {
          to: await alertRecipient(businessEmail, tx),
          ...alertEmail(deps, kind, seen.detail),
        });
        report.raised.push(kind);
      }
    });
  }
  if (report.raised.length) {
    deps.log.warn({ problems: report.raised }, 'System problem: the owner is told by email');
    deps.outbox.kick();
  }
  if (report.cleared.length) deps.log.info({ problems: report.cleared }, 'System problem cleared');
  return report;
}

/** The check every minute, in one instance per tick (docs/decisions/393-one-scheduler.md). */
export function startHealthChecks(deps: Deps, intervalMs = HEALTH_CHECK_MS): Periodic {
  return every({
    name: 'system-health',
    intervalMs,
    log: deps.log,
    claimIn: deps.db,
    run: () => checkSystemHealth(deps),
  });
}
