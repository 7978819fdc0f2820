import { parse } from 'csv-parse/sync';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotStart } from '../../shared/domain/slots';
import type { AuditEntry } from '../../shared/schemas/audit';
import { auditLog, paymentEvents } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

/**
 * The admins' audit log (docs/decisions/303-one-audit-log-every-history-a-view.md,
 * 330-audit-log-address-and-download.md): every staff write is one row with who, when, from which
 * address and, for money, the old and new value; admins read it with filters and as a CSV; nothing
 * can change or remove a row.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let other: Awaited<ReturnType<typeof signedInStaff>>;
let tech: Awaited<ReturnType<typeof signedInStaff>>;
const freshSlot = freshSlots('2026-12-01');
const OFFICE = '203.0.113.7';

beforeAll(async () => {
  t = await createTestApp();
  [admin, other, tech] = await Promise.all([
    signedInStaff(t, { role: 'admin' }),
    signedInStaff(t, { role: 'admin' }),
    signedInStaff(t, { role: 'technician' }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  who = admin,
  remoteAddress = OFFICE,
) => t.app.inject({ method, url, headers: { cookie: who.cookie }, remoteAddress, ...(payload ? { payload } : {}) });

async function auditOf(query: Record<string, string> = {}): Promise<AuditEntry[]> {
  const res = await send('GET', `/api/admin/audit?${new URLSearchParams({ pageSize: '100', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditEntry[];
}

describe('what the log records', () => {
  it('a quote change: who, from which address, the old and the new price; the job history reads as before', async () => {
    const job = await insertJob(t.db, { ...freshSlot(), customerValue: '101.50' });
    const res = await send('PATCH', `/api/dashboard/jobs/${job.id}`, { customerValue: '120' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await auditOf({ kind: 'job' });
    expect(rows[0]).toMatchObject({
      kind: 'job',
      subject: `job:${job.id}`,
      label: job.jobNumber,
      action: 'price',
      from: '101.50',
      to: '120.00',
      actor: admin.user.username,
      address: OFFICE,
    });
    const history = (
      res.json() as { history: { kind: string; from: string | null; to: string | null; actor: string | null }[] }
    ).history;
    expect(history.filter((e) => e.kind === 'price')).toEqual([
      expect.objectContaining({ from: '101.50', to: '120.00', actor: admin.user.username }),
    ]);
  });

  it('a job deleted: who removed it, and its history is kept', async () => {
    const job = await insertJob(t.db, { ...freshSlot(), customerValue: '150.00' });
    expect((await send('PATCH', `/api/dashboard/jobs/${job.id}`, { customerValue: '160' })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/dashboard/jobs/${job.id}`)).statusCode).toBe(204);
    const rows = (await auditOf({ kind: 'job' })).filter((r) => r.subject === `job:${job.id}`);
    expect(rows.map((r) => [r.action, r.label, r.from, r.to, r.actor])).toEqual([
      ['deleted', job.jobNumber, '160.00', null, admin.user.username],
      ['price', job.jobNumber, '150.00', '160.00', admin.user.username],
    ]);
  });

  it('a supplier bill: added, its total changed (old and new), deleted', async () => {
    const job = await insertJob(t.db, { ...freshSlot(), customerValue: '500.00' });
    const added = await send('POST', '/api/dashboard/purchase-invoices', {
      jobId: job.id,
      invoiceNumber: 'TW-77',
      supplierName: 'Tyre Wholesale WA',
      invoiceDate: '2026-11-20',
      totalAmount: '440.00',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = (added.json() as { id: string }).id;
    expect((await send('PATCH', `/api/dashboard/purchase-invoices/${id}`, { totalAmount: '480.00' })).statusCode).toBe(
      200,
    );
    expect((await send('DELETE', `/api/dashboard/purchase-invoices/${id}`)).statusCode).toBe(204);
    const rows = (await auditOf({ kind: 'bill' })).filter((r) => r.subject === `bill:${id}`);
    expect(rows.map((r) => [r.action, r.field, r.from, r.to])).toEqual([
      ['deleted', 'Total', '480.00', null],
      ['changed', 'GST', '40.00', '43.64'],
      ['changed', 'Total', '440.00', '480.00'],
      ['created', 'Total', null, '440.00'],
    ]);
    expect(
      rows.every(
        (r) => r.label === 'Tyre Wholesale WA TW-77' && r.address === OFFICE && r.actor === admin.user.username,
      ),
    ).toBe(true);
  });

  it('an expense: added, marked paid, deleted', async () => {
    const added = await send('POST', '/api/dashboard/business-expenses', {
      supplierName: 'Telstra',
      description: 'Phone plan',
      amount: '88.00',
      category: 'utilities',
      expenseDate: '2026-11-20',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = (added.json() as { id: string }).id;
    expect((await send('PATCH', `/api/dashboard/business-expenses/${id}/mark-paid`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/dashboard/business-expenses/${id}`)).statusCode).toBe(204);
    const rows = (await auditOf({ kind: 'expense' })).filter((r) => r.subject === `expense:${id}`);
    expect(rows.map((r) => [r.action, r.field, r.from, r.to])).toEqual([
      ['deleted', 'Amount', '88.00', null],
      ['changed', 'Paid', 'no', 'yes'],
      ['created', 'Amount', null, '88.00'],
    ]);
  });

  it('a user added and deactivated, by whom', async () => {
    const added = await send('POST', '/api/admin/users', {
      username: 'casey_audit',
      password: 'secret-pass-1',
      role: 'technician',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = (added.json() as { id: string }).id;
    expect((await send('PATCH', `/api/admin/users/${id}/status`, { isActive: false })).statusCode).toBe(200);
    const rows = (await auditOf({ kind: 'user' })).filter((r) => r.subject === `user:${id}`);
    expect(rows.map((r) => [r.action, r.label, r.actor, r.address])).toEqual([
      ['deactivated', 'casey_audit', admin.user.username, OFFICE],
      ['created', 'casey_audit', admin.user.username, OFFICE],
    ]);
  });

  it('a user added through POST /api/register is recorded the same way', async () => {
    const added = await send('POST', '/api/register', {
      username: 'drew_audit',
      password: 'secret-pass-1',
      role: 'technician',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = (added.json() as { id: string }).id;
    const rows = (await auditOf({ kind: 'user' })).filter((r) => r.subject === `user:${id}`);
    expect(rows.map((r) => [r.action, r.label, r.actor, r.address])).toEqual([
      ['created', 'drew_audit', admin.user.username, OFFICE],
    ]);
  });

  it('a time slot blocked with its reason, then unblocked', async () => {
    const { scheduledDay, timeSlot } = freshSlot();
    const path = `/api/dashboard/timeslots/${scheduledDay}/${encodeURIComponent(timeSlot)}`;
    expect((await send('PATCH', `${path}/block`, { reason: 'Van at the mechanic' })).statusCode).toBe(200);
    expect((await send('PATCH', `${path}/unblock`)).statusCode).toBe(200);
    const rows = (await auditOf({ kind: 'slot' })).filter((r) => r.subject === `slot:${scheduledDay}`);
    expect(rows.map((r) => [r.action, r.from, r.to])).toEqual([
      ['unblocked', 'Van at the mechanic', null],
      ['blocked', null, 'Van at the mechanic'],
    ]);
    expect(rows[0]!.label).toContain(timeSlot);
  });

  it('a refund: what was paid and what is kept', async () => {
    const slot = freshSlot();
    const job = await insertJob(t.db, {
      ...slot,
      paymentMethod: 'prepaid',
      paymentStatus: 'paid',
      customerValue: '101.50',
      stripePaymentIntentId: `sim_pi_audit_${slot.scheduledDay}`,
    });
    await t.db.insert(paymentEvents).values({
      id: `evt_audit_${job.id}`,
      type: 'payment_intent.succeeded',
      jobId: job.id,
      payload: { data: { object: { amount: 10322 } } },
    });
    const before = t.clock.now().toISOString();
    t.clock.set(new Date(slotStart(slot.scheduledDay, slot.timeSlot).getTime() - 48 * 3_600_000).toISOString());
    const signedIn = await signedInStaff(t, { role: 'admin' });
    try {
      const res = await send(
        'POST',
        `/api/dashboard/jobs/${job.id}/cancel`,
        { reason: 'Customer called to cancel' },
        signedIn,
      );
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      t.clock.set(before);
    }
    const rows = (await auditOf({ kind: 'refund' })).filter((r) => r.subject === `refund:${job.id}`);
    expect(rows).toEqual([
      expect.objectContaining({
        label: job.jobNumber,
        action: 'refunded',
        field: 'Paid',
        from: '103.22',
        to: '0.00',
        actor: signedIn.user.username,
        address: OFFICE,
      }),
    ]);
  });
});

describe('reading it', () => {
  it('filters by user, by kind and by Perth day, newest first, a page at a time', async () => {
    const job = await insertJob(t.db, { ...freshSlot(), customerValue: '200.00' });
    expect((await send('PATCH', `/api/dashboard/jobs/${job.id}`, { customerValue: '210' }, other)).statusCode).toBe(
      200,
    );
    expect((await send('PATCH', `/api/dashboard/jobs/${job.id}`, { customerValue: '220' }, other)).statusCode).toBe(
      200,
    );
    const byOther = await auditOf({ user: other.user.id });
    expect(byOther.map((r) => r.to)).toEqual(['220.00', '210.00']);

    const firstPage = await send('GET', `/api/admin/audit?user=${other.user.id}&pageSize=1&page=2`);
    expect(firstPage.headers['x-total-count']).toBe('2');
    expect((firstPage.json() as AuditEntry[]).map((r) => r.to)).toEqual(['210.00']);

    // The test clock is Monday 23 November 2026 in Perth: every row so far is of that day.
    expect((await auditOf({ user: other.user.id, from: '2026-11-23', to: '2026-11-23' })).length).toBe(2);
    expect(await auditOf({ user: other.user.id, from: '2026-11-24' })).toEqual([]);
    expect(await auditOf({ user: other.user.id, to: '2026-11-22' })).toEqual([]);
    expect((await auditOf({ kind: 'expense', user: other.user.id })).length).toBe(0);

    const kinds = await send('GET', '/api/admin/audit/kinds');
    expect(kinds.json()).toEqual(expect.arrayContaining(['job', 'bill', 'expense', 'user', 'slot', 'refund']));
  });

  it.each([
    ['from=2026-02-30', 'from', 'Invalid date format'],
    ['to=yesterday', 'to', 'Invalid date format'],
    ['from=2026-11-24&to=2026-11-23', 'to', 'From must be on or before To'],
    ['user=admin', 'user', 'Choose a user from the list'],
    ['kind=JOB%3B', 'kind', 'Kind must be lower-case letters and dashes'],
    ['page=0', 'page', 'Page must be at least 1'],
  ])('refuses %s with 400 naming the field', async (query, field, message) => {
    for (const url of [`/api/admin/audit?${query}`, `/api/admin/audit.csv?${query}`]) {
      const res = await send('GET', url);
      if (url.includes('.csv') && field === 'page') continue;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION', fields: { [field]: message } });
    }
  });

  it('is for admins only: a technician gets 403, nobody signed in 401', async () => {
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv', '/api/admin/audit/kinds']) {
      expect((await send('GET', url, undefined, tech)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('downloads as CSV with the same filters, a cell a spreadsheet would run prefixed with an apostrophe', async () => {
    const job = await insertJob(t.db, { ...freshSlot(), customerValue: '300.00' });
    const added = await send('POST', '/api/dashboard/purchase-invoices', {
      jobId: job.id,
      invoiceNumber: 'X1',
      supplierName: '=HYPERLINK("http://evil.example")',
      invoiceDate: '2026-11-20',
      totalAmount: '50.00',
    });
    expect(added.statusCode, added.body).toBe(201);
    const res = await send('GET', `/api/admin/audit.csv?kind=bill&user=${admin.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-2026-11-23\.csv"$/);
    const [header, ...records] = parse(res.body) as string[][];
    expect(header).toEqual([
      'When (UTC)',
      'Who',
      'Address',
      'Kind',
      'Subject',
      'What',
      'Action',
      'Field',
      'From',
      'To',
      'Note',
    ]);
    expect(records.length).toBe(Number(res.headers['x-total-count']));
    expect(records.every((r) => r[3] === 'bill' && r[1] === admin.user.username)).toBe(true);
    const newest = records[0]!;
    expect(newest.slice(2, 10)).toEqual([
      OFFICE,
      'bill',
      `bill:${(added.json() as { id: string }).id}`,
      `'=HYPERLINK("http://evil.example") X1`,
      'created',
      'Total',
      '',
      '50.00',
    ]);
    expect(newest[10]).toMatch(/^'?Supplier: =HYPERLINK/);
  });
});

/** The database's own message when it refuses a statement (the driver's error is the query's cause). */
async function refusal(statement: SQL): Promise<string> {
  try {
    await t.db.execute(statement);
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(err);
  }
  return 'not refused';
}

describe('append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of the log, and the rows stay as written', async () => {
    const before = await t.db.select().from(auditLog);
    expect(before.length).toBeGreaterThan(0);
    expect(await refusal(sql`update audit_log set to_value = '0.00'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE refused/);
    expect(await t.db.select().from(auditLog)).toEqual(before);
  });

  it('no route writes to it: PUT, PATCH and DELETE on the log answer 404', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/admin/audit',
        headers: { cookie: admin.cookie },
        ...(method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
  });
});
