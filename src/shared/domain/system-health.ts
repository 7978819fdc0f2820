/**
 * The system's health as the owner reads it (docs/decisions/400-system-health.md): the limits past
 * which a figure is a problem, the problems the owner is told of by email and on the dashboard, and
 * the figures in plain words. No zod here: the dashboard's banner reads these on every page.
 */

/** A backup older than this is a problem: a nightly backup that missed one night (README "Backups"). */
export const BACKUP_MAX_AGE_HOURS = 26;
/** An email or text waiting to go longer than this is a problem. */
export const MESSAGE_MAX_WAIT_MINUTES = 15;
/** A data disk fuller than this is a problem. */
export const DISK_MAX_USED_PERCENT = 90;
/** A record the books have not got into Xero for this long is a problem (docs/decisions/430-accounting-alert.md). */
export const ACCOUNTING_MAX_FAILING_HOURS = 24;
/** A TLS certificate that ends sooner than this is shown as a warning (certbot renews at 30 days). */
export const CERTIFICATE_WARN_DAYS = 14;

/** The problems the owner is told of, once each until it clears (an alert row per kind). */
export const SYSTEM_PROBLEM_KINDS = ['backup', 'messages', 'disk', 'accounting'] as const;
export type SystemProblemKind = (typeof SYSTEM_PROBLEM_KINDS)[number];

export const SYSTEM_PROBLEM_TITLES: Record<SystemProblemKind, string> = {
  backup: 'Backups have stopped',
  messages: 'Emails or texts are not going out',
  disk: 'The disk is nearly full',
  accounting: 'Records are not reaching Xero',
};

/** Where the owner reads about and fixes each problem: a section of Settings. */
const SYSTEM_PROBLEM_SECTIONS: Record<SystemProblemKind, string> = {
  backup: 'system',
  messages: 'system',
  disk: 'system',
  accounting: 'accounting',
};

/** The dashboard address of a problem's section, for the banner and the owner's email. */
export const systemProblemPath = (kind: SystemProblemKind): string =>
  `/dashboard?tab=settings#${SYSTEM_PROBLEM_SECTIONS[kind]}`;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "3 hours", "1 minute", "2 days": a length of time, rounded down to its largest whole unit. */
export function durationInWords(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return plural(s, 'second');
  if (s < 3600) return plural(Math.floor(s / 60), 'minute');
  if (s < 48 * 3600) return plural(Math.floor(s / 3600), 'hour');
  return plural(Math.floor(s / 86_400), 'day');
}

/** "just now", "5 minutes ago", "3 hours ago", "4 days ago". */
export function agoInWords(seconds: number): string {
  return seconds < 60 ? 'just now' : `${durationInWords(seconds)} ago`;
}

/** "1.2 GB", "850 MB", "12 kB": decimal units, as disks are sold. */
export function bytesInWords(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} bytes`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** Whether the last backup is too old; no backup at all is judged by how long the app has looked for one. */
export function backupIsLate(ageSeconds: number): boolean {
  return ageSeconds > BACKUP_MAX_AGE_HOURS * 3600;
}

export function messagesAreLate(oldestWaitSeconds: number | null): boolean {
  return oldestWaitSeconds !== null && oldestWaitSeconds > MESSAGE_MAX_WAIT_MINUTES * 60;
}

export function diskIsFull(usedPercent: number): boolean {
  return usedPercent > DISK_MAX_USED_PERCENT;
}

export function certificateEndsSoon(daysLeft: number): boolean {
  return daysLeft < CERTIFICATE_WARN_DAYS;
}

/** "2 emails and 1 text", "1 email", "no emails or texts". */
export function waitingCountInWords(emails: number, texts: number): string {
  if (emails === 0 && texts === 0) return 'no emails or texts';
  if (texts === 0) return plural(emails, 'email');
  if (emails === 0) return plural(texts, 'text');
  return `${plural(emails, 'email')} and ${plural(texts, 'text')}`;
}

/** The sentence of an alert and of the section's line, for each problem. */
export const problemDetail = {
  backupLate: (ageSeconds: number) => `The last backup was ${agoInWords(ageSeconds)}.`,
  backupNone: (lookingSeconds: number) =>
    `No backup has run in the ${durationInWords(lookingSeconds)} since the app first looked for one.`,
  backupNoneYet: () => 'No backup has run yet.',
  messages: (emails: number, texts: number, oldestWaitSeconds: number) => {
    const what = waitingCountInWords(emails, texts);
    const verb = emails + texts === 1 ? 'is' : 'are';
    return `${what[0]!.toUpperCase()}${what.slice(1)} ${verb} waiting to go; the oldest has waited ${durationInWords(oldestWaitSeconds)}.`;
  },
  disk: (path: string, usedPercent: number, freeBytes: number) =>
    `The disk that holds ${path} is ${Math.round(usedPercent)}% full (${bytesInWords(freeBytes)} free).`,
  accounting: (records: number, failingSeconds: number, xeroSays: string | null) =>
    `${plural(records, 'record')} ${records === 1 ? 'has' : 'have'} not reached Xero; the oldest for ${durationInWords(failingSeconds)}.${
      xeroSays ? ` Xero says: ${xeroSays}` : ''
    }`,
};

export function accountingIsFailing(failingSeconds: number | null): boolean {
  return failingSeconds !== null && failingSeconds >= ACCOUNTING_MAX_FAILING_HOURS * 3600;
}
