import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALREADY_PAID_MESSAGE, amountOverOwedMessage } from '../../shared/schemas/onsite-payments';
import { customerInvoices, onsitePayments } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

/**
 * Two phones record the same payment at once (a technician's queue replaying while the owner taps
 * Mark as Paid): one payment stands, one invoice, the other is told the job is already paid
 * (decision 349). Run on a PostgreSQL server with `npm run test:pg -- <file>`, where the
 * transactions truly overlap; on PGlite they run one after another and must agree.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

const freshSlot = freshSlots('2026-12-07');

describe('two simultaneous payments taken on site for one job', () => {
  it.each([
    ['completed', 3],
    ['in-progress', 2],
    ['invoiced', 4],
  ] as const)('a %s job, %i requests at once: exactly one payment and one paid invoice', async (status, racers) => {
    const admin = await signedInStaff(t, { role: 'admin' });
    const tech = await signedInStaff(t, { role: 'technician' });
    const job = await insertJob(t.db, {
      ...freshSlot(),
      status: status === 'invoiced' ? 'completed' : status,
      assignedTechnicianId: tech.user.id,
      customerValue: '180.00',
    });
    if (status === 'invoiced') {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/dashboard/customer-invoices/generate/${job.id}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const results = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/dashboard/jobs/${job.id}/onsite-payment`,
          headers: { cookie: (i % 2 ? admin : tech).cookie },
          payload: { method: i % 2 ? 'cash' : 'eftpos', amount: '180.00' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(racers - 1).fill(409)]);
    for (const refused of results.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toBe(ALREADY_PAID_MESSAGE);
    expect(await t.db.select().from(onsitePayments).where(eq(onsitePayments.jobId, job.id))).toHaveLength(1);
    const invoices = await t.db.select().from(customerInvoices).where(eq(customerInvoices.jobId, job.id));
    expect(invoices.map((i) => i.status)).toEqual(['paid']);
  });

  it('two part payments at once that together exceed what is owed: one stands, the other is refused with what is owed (decision 406)', async () => {
    const admin = await signedInStaff(t, { role: 'admin' });
    const tech = await signedInStaff(t, { role: 'technician' });
    const job = await insertJob(t.db, {
      ...freshSlot(),
      status: 'completed',
      assignedTechnicianId: tech.user.id,
      customerValue: '180.00',
    });
    const results = await Promise.all(
      [tech, admin].map((who) =>
        t.app.inject({
          method: 'POST',
          url: `/api/dashboard/jobs/${job.id}/onsite-payment`,
          headers: { cookie: who.cookie },
          payload: { method: 'cash', amount: '100.00' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().fields.amount).toBe(amountOverOwedMessage('80.00'));
    expect(await t.db.select().from(onsitePayments).where(eq(onsitePayments.jobId, job.id))).toHaveLength(1);
    const invoices = await t.db.select().from(customerInvoices).where(eq(customerInvoices.jobId, job.id));
    expect(invoices).toHaveLength(1);
    expect(invoices[0]!.status).not.toBe('paid');
  });
});
