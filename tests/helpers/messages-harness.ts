import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createOutbox } from '../../src/server/emails/outbox';
import { outboundEmails, outboundSms } from '../../src/server/db/schema';
import type { MessageDeps } from '../../src/server/messages/deps';
import { createSettingsStore } from '../../src/server/settings/store';
import { insertJob } from '../../src/server/db/seed/factories';
import { signedInStaff } from './staff-session';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from './test-app';

/** A Perth wall-clock instant: Perth is UTC+8 all year. */
export const perth = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();

/**
 * Test support for the automated messages (not a test file itself): the app on a pinned clock,
 * an admin, a job factory whose jobs were booked "now" on that clock, and one instance's message
 * deps, so a test runs a scheduler pass exactly when it means to.
 */
export function messagesHarness() {
  const h = {} as { t: TestApp; admin: Awaited<ReturnType<typeof signedInStaff>> };
  beforeAll(async () => {
    h.t = await createTestApp();
    h.admin = await signedInStaff(h.t, { role: 'admin' });
  });
  afterAll(async () => h.t?.close());
  beforeEach(() => h.t.clock.set(MONDAY_7AM_PERTH));

  /** One instance's view: its own settings copy and outbox over the shared database. */
  const instance = (): MessageDeps => ({
    db: h.t.db,
    clock: h.t.clock,
    config: h.t.config,
    settings: createSettingsStore({ db: h.t.db, config: h.t.config }, undefined),
    outbox: createOutbox({
      db: h.t.db,
      clock: h.t.clock,
      mailer: { kind: 'local', send: async () => {}, close() {} },
      log: h.t.app.log,
      mailFrom: 'shop@example.com',
    }),
  });
  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    cookie = h.admin.cookie,
  ) => h.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const newJob = (over: Parameters<typeof insertJob>[1] = {}) =>
    insertJob(h.t.db, { createdAt: h.t.clock.now(), ...over });
  const emailsOf = (jobId: string) => h.t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, jobId));
  const textsOf = (jobId: string) => h.t.db.select().from(outboundSms).where(eq(outboundSms.jobId, jobId));
  const setMessages = async (change: Record<string, unknown>) => {
    const now = (await request('GET', '/api/dashboard/settings/messages')).json() as Record<string, unknown>;
    const res = await request('PUT', '/api/dashboard/settings/messages', { ...now, ...change });
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  return { h, instance, request, newJob, emailsOf, textsOf, setMessages };
}
