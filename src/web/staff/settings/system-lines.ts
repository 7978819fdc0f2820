import { perthDateTime } from '../../../shared/domain/perth-time';
import {
  agoInWords,
  BACKUP_MAX_AGE_HOURS,
  bytesInWords,
  durationInWords,
  waitingCountInWords,
} from '../../../shared/domain/system-health';
import type { SystemHealth } from '../../../shared/schemas/system';

/** One figure of Settings, "System": its name, the figure in plain words, what it means, and whether it needs attention. */
export type SystemLine = { id: string; label: string; value: string; hint?: string; warning: boolean };

/**
 * What makes backups: on a PostgreSQL server the nightly pgBackRest timer install.sh sets up
 * (docs/decisions/403-pgbackrest-backups.md), with the embedded database a scheduled npm run db:backup.
 */
const scheduleHint = (engine: SystemHealth['database']['engine']) =>
  engine === 'postgres'
    ? 'Check the nightly backup timer: systemctl list-timers tyre-booking-backup.timer (docs/deploying.md, "Backups").'
    : 'Schedule npm run db:backup (README, "Backups").';

function backupLine(b: SystemHealth['backup'], engine: SystemHealth['database']['engine']): SystemLine {
  const base = { id: 'backup', label: 'Backup' };
  switch (b.state) {
    case 'ok':
    case 'late':
      return {
        ...base,
        value: `Last backup ${agoInWords(b.ageSeconds ?? 0)}`,
        hint: `${perthDateTime(b.lastAt)}${b.folder ? `, in ${b.folder}` : ''}.${
          b.state === 'late' ? ` One is expected every night: check the backup timer (README, "Backups").` : ''
        }`,
        warning: b.warning,
      };
    case 'none':
      return {
        ...base,
        value: 'No backup has run',
        hint: `None since the app first looked for one, ${perthDateTime(b.lookingSince)}. ${scheduleHint(engine)}`,
        warning: true,
      };
    default:
      return {
        ...base,
        value: 'No backup yet',
        hint: `${scheduleHint(engine)} You will be told if none has run ${BACKUP_MAX_AGE_HOURS} hours after the app first looked${
          b.lookingSince ? ` (${perthDateTime(b.lookingSince)})` : ''
        }.`,
        warning: false,
      };
  }
}

function messagesLine(m: SystemHealth['messages']): SystemLine {
  const waiting = waitingCountInWords(m.emailsWaiting, m.textsWaiting);
  return {
    id: 'messages',
    label: 'Emails and texts',
    value:
      m.oldestWaitSeconds === null
        ? 'No emails or texts waiting'
        : `${waiting[0]!.toUpperCase()}${waiting.slice(1)} waiting, the oldest for ${durationInWords(m.oldestWaitSeconds)}`,
    ...(m.warning
      ? { hint: 'Check the mail server and Twilio settings: the messages are under Customer emails and Text messages.' }
      : {}),
    warning: m.warning,
  };
}

function diskLine(d: SystemHealth['disk']): SystemLine {
  if (!d)
    return {
      id: 'disk',
      label: 'Disk',
      value: 'Free space unknown',
      hint: 'The data folder could not be read.',
      warning: false,
    };
  return {
    id: 'disk',
    label: 'Disk',
    value: `${bytesInWords(d.freeBytes)} free of ${bytesInWords(d.totalBytes)} (${Math.round(d.usedPercent)}% used)`,
    hint: `The disk that holds ${d.path}.${d.warning ? ' Free some space: old backups, logs.' : ''}`,
    warning: d.warning,
  };
}

function databaseLine(d: SystemHealth['database']): SystemLine {
  return {
    id: 'database',
    label: 'Database',
    value: bytesInWords(d.bytes),
    hint:
      d.engine === 'postgres'
        ? 'PostgreSQL.'
        : `Embedded PostgreSQL (PGlite)${d.measured === 'data folder' ? ', its folder' : ''}.`,
    warning: false,
  };
}

function certificateLine(c: SystemHealth['certificate']): SystemLine {
  const base = { id: 'certificate', label: 'Certificate (https)' };
  if (c.state === 'unknown') return { ...base, value: 'Expiry unknown', hint: c.reason, warning: false };
  const when = perthDateTime(c.expiresAt);
  const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
  const value =
    c.daysLeft < 0
      ? `Expired ${days(-c.daysLeft)} ago`
      : c.daysLeft === 0
        ? 'Ends today'
        : `Ends in ${days(c.daysLeft)}`;
  return {
    ...base,
    value,
    hint: `${when}.${c.warning ? ' Check that certbot renews it (systemctl list-timers).' : ''}`,
    warning: c.warning,
  };
}

function instancesLine(list: SystemHealth['instances']): SystemLine {
  return {
    id: 'instances',
    label: 'Running',
    value: list.length === 1 ? '1 instance' : `${list.length} instances`,
    hint: list
      .map((i) => `${i.name}: up ${durationInWords(i.uptimeSeconds)}${i.answering ? ' (answered this page)' : ''}`)
      .join('; '),
    warning: list.length === 0,
  };
}

function versionLine(v: SystemHealth['version']): SystemLine {
  return {
    id: 'version',
    label: 'Version',
    value: `${v.version}${v.commit ? ` (${v.commit.slice(0, 12)})` : ''}`,
    ...(v.builtAt ? { hint: `Built ${perthDateTime(v.builtAt)}.` } : {}),
    warning: false,
  };
}

/** The section's figures in the order the owner reads them: what may need doing first. */
export function systemLines(h: SystemHealth): SystemLine[] {
  return [
    backupLine(h.backup, h.database.engine),
    messagesLine(h.messages),
    diskLine(h.disk),
    certificateLine(h.certificate),
    databaseLine(h.database),
    instancesLine(h.instances),
    versionLine(h.version),
  ];
}
