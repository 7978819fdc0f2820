import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import type { SystemHealth } from '../../shared/schemas/system';
import { LAST_BACKUP_FILE } from '../backup/last-backup';
import { startSession } from '../auth/sessions';
import { appVersion } from '../backup/version';
import { accountingSync, outboundEmails, outboundSms, systemAlerts } from '../db/schema';
import { createOutbox } from '../emails/outbox';
import { createSettingsStore } from '../settings/store';
import { checkSystemHealth, SYSTEM_ALERT_EMAIL_KIND } from './alerts';

/**
 * Settings, "System" and the owner's alerts (docs/decisions/400-system-health.md): the figures an
 * admin reads, and one email per problem, not per check.
 */

// A site's certificate, made for this run by openssl (Debian's; the key is thrown away with the folder).
const certificateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-certificate-'));
const CERTIFICATE = path.join(certificateDir, 'fullchain.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '90',
    '-subj',
    '/CN=tyres.example.com.au',
    '-keyout',
    path.join(certificateDir, 'privkey.pem'),
    '-out',
    CERTIFICATE,
  ],
  { stdio: 'ignore' },
);
afterAll(() => fs.rmSync(certificateDir, { recursive: true, force: true }));
const HOUR = 3_600_000;

const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-system-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** What `npm run db:backup` records when a backup is complete (src/server/backup/last-backup.ts). */
function recordBackup(dataDir: string, at: Date) {
  fs.writeFileSync(
    path.join(dataDir, LAST_BACKUP_FILE),
    JSON.stringify({
      folder: '/var/backups/tyre-booking/tyres-backup-2026-11-23-030000',
      createdAt: at.toISOString(),
      engine: 'pglite',
      databaseBytes: 123_456,
      files: 3,
    }),
  );
}

/** An email written to the outbox `minutes` ago and not sent yet. */
async function waitingEmail(t: TestApp, minutes: number) {
  await t.db.insert(outboundEmails).values({
    kind: 'booking-confirmation',
    to: 'customer@example.com.au',
    subject: 'Your booking',
    text: 'See you soon',
    status: 'pending',
    createdAt: new Date(t.clock.now().getTime() - minutes * 60_000),
    nextAttemptAt: new Date(t.clock.now().getTime() - minutes * 60_000),
  });
}

/** One instance's deps for a check, as the scheduler's job has them; its outbox delivers nothing by itself. */
const checkDeps = (t: TestApp) => ({
  db: t.db,
  clock: t.clock,
  config: t.config,
  log: t.app.log,
  settings: createSettingsStore({ db: t.db, config: t.config }, undefined),
  outbox: {
    ...createOutbox({
      db: t.db,
      clock: t.clock,
      mailer: { kind: 'local', send: async () => {}, close() {} },
      log: t.app.log,
      mailFrom: 'shop@example.com',
    }),
    kick() {},
  },
});

/**
 * One check, as the tests read it: the disk is this machine's real one, so its kind is left out
 * (a nearly full disk where the tests run is no failure of the rule under test).
 */
async function check(deps: ReturnType<typeof checkDeps>) {
  const report = await checkSystemHealth(deps);
  return { raised: report.raised.filter((k) => k !== 'disk'), cleared: report.cleared.filter((k) => k !== 'disk') };
}

const alertEmails = (t: TestApp) =>
  t.db.select().from(outboundEmails).where(eq(outboundEmails.kind, SYSTEM_ALERT_EMAIL_KIND));

describe("GET /api/admin/system: the system's figures", () => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  beforeAll(async () => {
    dataDir = newDataDir();
    t = await createTestApp({ env: { DATA_DIR: dataDir, CERT_PATH: CERTIFICATE, INSTANCE_NAME: 'web-1' } });
    admin = (await signedInStaff(t, { role: 'admin' })).cookie;
    recordBackup(dataDir, new Date(t.clock.now().getTime() - 3 * HOUR));
    await waitingEmail(t, 5);
    await t.db.insert(outboundSms).values({
      kind: 'visit-reminder',
      to: '+61412345678',
      body: 'Reminder',
      status: 'pending',
      createdAt: t.clock.now(),
      // Held for the morning: planned, not waiting.
      nextAttemptAt: new Date(t.clock.now().getTime() + HOUR),
    });
  });
  afterAll(async () => t?.close());

  it('answers an admin with every figure', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/system', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const health = res.json() as SystemHealth;
    const now = t.clock.now();
    expect(health.checkedAt).toBe(now.toISOString());
    expect(health.version).toMatchObject({ version: appVersion().version });
    expect(health.instances).toEqual([
      {
        name: 'web-1',
        startedAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        uptimeSeconds: 0,
        answering: true,
      },
    ]);
    expect(health.backup).toEqual({
      state: 'ok',
      lastAt: new Date(now.getTime() - 3 * HOUR).toISOString(),
      ageSeconds: 3 * 3600,
      folder: '/var/backups/tyre-booking/tyres-backup-2026-11-23-030000',
      lookingSince: null,
      warning: false,
    });
    expect(health.messages).toEqual({ emailsWaiting: 1, textsWaiting: 0, oldestWaitSeconds: 300, warning: false });
    expect(health.disk).toMatchObject({ path: dataDir, warning: expect.any(Boolean) });
    expect(health.disk!.freeBytes).toBeGreaterThan(0);
    expect(health.disk!.totalBytes).toBeGreaterThanOrEqual(health.disk!.freeBytes);
    expect(health.database.bytes).toBeGreaterThan(0);
    expect(health.database.engine).toBe(t.engine);
    const expires = new Date(new X509Certificate(fs.readFileSync(CERTIFICATE)).validTo);
    expect(health.certificate).toEqual({
      state: 'known',
      path: CERTIFICATE,
      expiresAt: expires.toISOString(),
      daysLeft: Math.floor((expires.getTime() - now.getTime()) / 86_400_000),
      warning: false,
    });
    expect(health.alerts).toEqual([]);
  });

  it('counts an instance uptime from its start and drops one silent for two minutes', async () => {
    t.clock.advance(90_000);
    let health = (
      await t.app.inject({ method: 'GET', url: '/api/admin/system', headers: { cookie: admin } })
    ).json() as SystemHealth;
    expect(health.instances.map((i) => [i.name, i.uptimeSeconds])).toEqual([['web-1', 90]]);
    t.clock.advance(60_000);
    health = (
      await t.app.inject({ method: 'GET', url: '/api/admin/system', headers: { cookie: admin } })
    ).json() as SystemHealth;
    expect(health.instances).toEqual([]);
  });

  it('says "unknown" for a certificate it cannot read, and why', async () => {
    const other = await createTestApp({ env: { DATA_DIR: newDataDir(), CERT_PATH: path.join(dataDir, 'none.pem') } });
    try {
      const cookie = (await signedInStaff(other, { role: 'admin' })).cookie;
      const health = (
        await other.app.inject({ method: 'GET', url: '/api/admin/system', headers: { cookie } })
      ).json() as SystemHealth;
      expect(health.certificate).toEqual({
        state: 'unknown',
        path: path.join(dataDir, 'none.pem'),
        reason: `There is no certificate at ${path.join(dataDir, 'none.pem')}.`,
      });
      // No backup recorded, and no check has looked for one yet.
      expect(health.backup).toMatchObject({ state: 'none-yet', lastAt: null, lookingSince: null, warning: false });
    } finally {
      await other.close();
    }
  });

  it('is refused to a technician (403) and to nobody signed in (401)', async () => {
    const technician = (await signedInStaff(t, { role: 'technician' })).cookie;
    for (const url of ['/api/admin/system', '/api/admin/system/alerts']) {
      const asTechnician = await t.app.inject({ method: 'GET', url, headers: { cookie: technician } });
      expect(asTechnician.statusCode, url).toBe(403);
      expect(asTechnician.json()).toMatchObject({ message: 'Only an administrator can do that.' });
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe("the owner's alerts: one email per problem, not per check", () => {
  let t: TestApp;
  let dataDir: string;
  let adminId: string;
  /** A session started now: the clock moves on by days here, past a session's life. */
  const admin = async () => `sid=${await startSession({ db: t.db, clock: t.clock, config: t.config }, adminId)}`;
  beforeAll(async () => {
    dataDir = newDataDir();
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    // The business email is still the fictitious default: the first admin's email is told.
    adminId = (await signedInStaff(t, { role: 'admin', email: 'owner@perthmobiletyres.com.au' })).user.id;
    recordBackup(dataDir, t.clock.now());
  });
  afterAll(async () => t?.close());

  const alerts = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/admin/system/alerts', headers: { cookie: await admin() } })
    ).json() as {
      kind: string;
      title: string;
      detail: string;
    }[];
  /** Every message waiting is sent: what a mail server back at work does. */
  const deliverAll = () => t.db.update(outboundEmails).set({ status: 'sent', sentAt: t.clock.now() });

  it('a message waiting over 15 minutes: two checks, one email; cleared and back, a second', async () => {
    await waitingEmail(t, 20);
    const deps = checkDeps(t);
    expect(await check(deps)).toEqual({ raised: ['messages'], cleared: [] });
    expect(await check(deps)).toEqual({ raised: [], cleared: [] });
    const first = await alertEmails(t);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      to: 'owner@perthmobiletyres.com.au',
      subject: 'System alert: Emails or texts are not going out',
      status: 'pending',
    });
    expect(first[0]!.text).toContain('1 email is waiting to go; the oldest has waited 20 minutes.');
    expect(first[0]!.text).toContain('http://localhost:5000/dashboard?tab=settings#system');
    // The banner says what the last check saw: the alert itself is waiting to go too.
    expect(await alerts()).toEqual([
      {
        kind: 'messages',
        title: 'Emails or texts are not going out',
        detail: '2 emails are waiting to go; the oldest has waited 20 minutes.',
        since: t.clock.now().toISOString(),
      },
    ]);

    await deliverAll();
    expect(await check(deps)).toEqual({ raised: [], cleared: ['messages'] });
    expect(await alerts()).toEqual([]);
    expect(await check(deps)).toEqual({ raised: [], cleared: [] });
    expect(await alertEmails(t)).toHaveLength(1);

    t.clock.advance(HOUR);
    recordBackup(dataDir, t.clock.now());
    await waitingEmail(t, 16);
    expect(await check(deps)).toEqual({ raised: ['messages'], cleared: [] });
    await check(deps);
    expect(await alertEmails(t)).toHaveLength(2);
    await deliverAll();
    await check(deps);
  });

  it('a backup over 26 hours old is told at once; with none at all, only 26 hours after the first look', async () => {
    const deps = checkDeps(t);
    t.clock.advance(27 * HOUR);
    expect(await check(deps)).toEqual({ raised: ['backup'], cleared: [] });
    expect((await alerts()).map((a) => [a.kind, a.detail])).toEqual([['backup', 'The last backup was 27 hours ago.']]);
    const [email] = (await alertEmails(t)).filter((e) => e.subject === 'System alert: Backups have stopped');
    expect(email?.text).toContain('The last backup was 27 hours ago.');
    await deliverAll();

    recordBackup(dataDir, t.clock.now());
    expect(await check(deps)).toEqual({ raised: [], cleared: ['backup'] });
    // No backup recorded (as on a fresh install): the first look starts the same allowance.
    fs.rmSync(path.join(dataDir, LAST_BACKUP_FILE));
    const emailsBefore = (await alertEmails(t)).length;
    expect(await check(deps)).toEqual({ raised: [], cleared: [] });
    const [looking] = await t.db.select().from(systemAlerts).where(eq(systemAlerts.kind, 'backup'));
    expect(looking).toMatchObject({ openedAt: t.clock.now(), raisedAt: null, clearedAt: null });
    expect(await alerts()).toEqual([]);
    const noneYet = (
      await t.app.inject({ method: 'GET', url: '/api/admin/system', headers: { cookie: await admin() } })
    ).json() as SystemHealth;
    expect(noneYet.backup).toMatchObject({
      state: 'none-yet',
      lookingSince: t.clock.now().toISOString(),
      warning: false,
    });

    t.clock.advance(25 * HOUR);
    expect(await check(deps)).toEqual({ raised: [], cleared: [] });
    t.clock.advance(2 * HOUR);
    expect(await check(deps)).toEqual({ raised: ['backup'], cleared: [] });
    expect((await alerts()).map((a) => a.detail)).toEqual([
      'No backup has run in the 27 hours since the app first looked for one.',
    ]);
    expect(await alertEmails(t)).toHaveLength(emailsBefore + 1);
  });

  it("a record Xero has refused for a day is told once, with Xero's words and where to fix it (decision 430)", async () => {
    const deps = checkDeps(t);
    recordBackup(dataDir, t.clock.now());
    await deliverAll();
    await check(deps);
    const [row] = await t.db
      .insert(accountingSync)
      .values({
        kind: 'invoice',
        recordId: crypto.randomUUID(),
        label: 'Invoice INV-000012',
        state: 'failed',
        attempts: 3,
        lastError: 'Account code 999 is not a valid code for this document.',
        failedSince: new Date(t.clock.now().getTime() - 23 * HOUR),
      })
      .returning();
    expect(await check(deps)).toEqual({ raised: [], cleared: [] });
    t.clock.advance(2 * HOUR);
    recordBackup(dataDir, t.clock.now());
    expect(await check(deps)).toEqual({ raised: ['accounting'], cleared: [] });
    const detail =
      '1 record has not reached Xero; the oldest for 25 hours. Xero says: Account code 999 is not a valid code for this document.';
    expect((await alerts()).map((a) => [a.kind, a.title, a.detail])).toEqual([
      ['accounting', 'Records are not reaching Xero', detail],
    ]);
    const [email] = (await alertEmails(t)).filter((e) => e.subject === 'System alert: Records are not reaching Xero');
    expect(email?.text).toContain(detail);
    expect(email?.text).toContain('http://localhost:5000/dashboard?tab=settings#accounting');
    expect(await check(deps)).toEqual({ raised: [], cleared: [] });

    // Sent again and taken: the alert clears.
    await t.db
      .update(accountingSync)
      .set({ state: 'sent', failedSince: null, xeroId: 'xero-1' })
      .where(eq(accountingSync.id, row!.id));
    expect(await check(deps)).toEqual({ raised: [], cleared: ['accounting'] });
    expect(await alerts()).toEqual([]);
  });
});
