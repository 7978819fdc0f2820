import { describe, expect, it } from 'vitest';
import type { SystemHealth } from '../../../shared/schemas/system';
import { systemLines } from './system-lines';

const CERTIFICATE = {
  state: 'known',
  path: '/etc/letsencrypt/live/tyres.example.com.au/fullchain.pem',
  expiresAt: '2027-01-22T00:00:00.000Z',
  daysLeft: 60,
  warning: false,
} as const;

const health = (over: Partial<SystemHealth> = {}): SystemHealth => ({
  checkedAt: '2026-11-23T02:00:00.000Z',
  version: { version: '0.1.0', commit: '0123456789abcdef0123', builtAt: '2026-11-20T01:00:00.000Z' },
  instances: [
    {
      name: 'web-1',
      startedAt: '2026-11-22T23:00:00.000Z',
      lastSeenAt: '2026-11-23T02:00:00.000Z',
      uptimeSeconds: 3 * 3600,
      answering: true,
    },
  ],
  backup: {
    state: 'ok',
    lastAt: '2026-11-22T23:00:00.000Z',
    ageSeconds: 3 * 3600,
    folder: '/var/backups/tyre-booking/tyres-backup-2026-11-23-070000',
    lookingSince: null,
    warning: false,
  },
  messages: { emailsWaiting: 0, textsWaiting: 0, oldestWaitSeconds: null, warning: false },
  disk: { path: '/var/lib/tyre-booking', freeBytes: 30e9, totalBytes: 40e9, usedPercent: 25, warning: false },
  database: { engine: 'postgres', bytes: 45e6, measured: 'database' },
  certificate: CERTIFICATE,
  alerts: [],
  ...over,
});

const byId = (h: SystemHealth) => Object.fromEntries(systemLines(h).map((l) => [l.id, l]));

describe('Settings, "System" in plain words', () => {
  it('says each figure as the owner reads it', () => {
    const lines = byId(health());
    expect(lines.backup).toMatchObject({ value: 'Last backup 3 hours ago', warning: false });
    expect(lines.backup!.hint).toBe(
      'Mon 23 Nov, 7:00 am, in /var/backups/tyre-booking/tyres-backup-2026-11-23-070000.',
    );
    expect(lines.messages).toMatchObject({ value: 'No emails or texts waiting', warning: false });
    expect(lines.disk).toMatchObject({ value: '30 GB free of 40 GB (25% used)', warning: false });
    expect(lines.certificate).toMatchObject({ value: 'Ends in 60 days', warning: false });
    expect(lines.database).toMatchObject({ value: '45 MB', hint: 'PostgreSQL.' });
    expect(lines.instances).toMatchObject({ value: '1 instance', hint: 'web-1: up 3 hours (answered this page)' });
    expect(lines.version).toMatchObject({ value: '0.1.0 (0123456789ab)' });
  });

  it('marks a figure past its limit', () => {
    const lines = byId(
      health({
        backup: { ...health().backup, state: 'late', ageSeconds: 30 * 3600, warning: true },
        messages: { emailsWaiting: 2, textsWaiting: 1, oldestWaitSeconds: 20 * 60, warning: true },
        disk: { path: '/var/lib/tyre-booking', freeBytes: 2e9, totalBytes: 40e9, usedPercent: 95, warning: true },
        certificate: { ...CERTIFICATE, daysLeft: -2, warning: true },
      }),
    );
    expect(lines.backup).toMatchObject({ value: 'Last backup 30 hours ago', warning: true });
    expect(lines.messages).toMatchObject({
      value: '2 emails and 1 text waiting, the oldest for 20 minutes',
      warning: true,
    });
    expect(lines.disk).toMatchObject({ value: '2.0 GB free of 40 GB (95% used)', warning: true });
    expect(lines.certificate).toMatchObject({ value: 'Expired 2 days ago', warning: true });
  });

  it('says there is no backup yet on a new install, without a warning until the allowance has passed', () => {
    const waiting = { state: 'none-yet', lastAt: null, ageSeconds: null, folder: null, warning: false } as const;
    expect(byId(health({ backup: { ...waiting, lookingSince: null } })).backup).toMatchObject({
      value: 'No backup yet',
      warning: false,
    });
    expect(
      byId(health({ backup: { ...waiting, state: 'none', lookingSince: '2026-11-21T23:00:00.000Z', warning: true } }))
        .backup,
    ).toMatchObject({ value: 'No backup has run', warning: true });
  });

  it('points a PostgreSQL server to its nightly backup timer and the embedded database to npm run db:backup', () => {
    const waiting = { state: 'none-yet', lastAt: null, ageSeconds: null, folder: null, warning: false } as const;
    const server = byId(health({ backup: { ...waiting, lookingSince: null } })).backup!;
    expect(server.hint).toContain('systemctl list-timers tyre-booking-backup.timer');
    expect(server.hint).not.toContain('db:backup');
    const embedded = byId(
      health({
        backup: { ...waiting, lookingSince: null },
        database: { engine: 'pglite', bytes: 45e6, measured: 'data folder' },
      }),
    ).backup!;
    expect(embedded.hint).toContain('Schedule npm run db:backup (README, "Backups")');
  });

  it('says why the certificate is unknown', () => {
    const lines = byId(health({ certificate: { state: 'unknown', path: null, reason: 'No https here.' } }));
    expect(lines.certificate).toMatchObject({ value: 'Expiry unknown', hint: 'No https here.', warning: false });
  });
});
