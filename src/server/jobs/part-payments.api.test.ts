import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../../shared/schemas/invoices';
import type { JobDetail } from '../../shared/schemas/jobs';
import {
  amountOverOwedMessage,
  NOTHING_OWED_MESSAGE,
  ONSITE_AMOUNT_MESSAGE,
  ONSITE_AMOUNT_ZERO_MESSAGE,
  WRITE_OFF_REASON_MESSAGE,
} from '../../shared/schemas/onsite-payments';
import { auditLog, customerInvoiceItems, customerInvoices, invoiceWriteOffs, onsitePayments } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

/**
 * Money as taken on site (docs/decisions/406-money-as-taken.md): less than is owed is a part payment
 * that the job and its invoice show as paid and owed; the job is paid only when nothing is owed or
 * the owner writes the rest off with a reason. Every refusal changes nothing.
 */
type Staff = { user: { id: string; username: string }; cookie: string };
let t: TestApp;
let admin: Staff;
let tech: Staff;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  admin = await signedInStaff(t, { role: 'admin' });
  tech = await signedInStaff(t, { role: 'technician' });
});

const freshSlot = freshSlots('2026-11-30');
const newJob = () =>
  insertJob(t.db, {
    ...freshSlot(),
    status: 'in-progress',
    assignedTechnicianId: tech.user.id,
    customerValue: '487.80',
  });

const post = (url: string, payload: object, who: Staff) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
const pay = (jobId: string, payload: object, who: Staff = tech) =>
  post(`/api/dashboard/jobs/${jobId}/onsite-payment`, payload, who);
const writeOff = (jobId: string, payload: object, who: Staff = admin) =>
  post(`/api/dashboard/jobs/${jobId}/write-off`, payload, who);

async function detail(jobId: string): Promise<JobDetail> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/jobs/${jobId}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobDetail;
}
async function invoiceOf(jobId: string): Promise<InvoiceDetail> {
  const [row] = await t.db.select().from(customerInvoices).where(eq(customerInvoices.jobId, jobId));
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/customer-invoices/${row!.id}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoiceDetail;
}
const linesOf = async (invoiceId: string) =>
  (await t.db.select().from(customerInvoiceItems).where(eq(customerInvoiceItems.customerInvoiceId, invoiceId)))
    .map((l) => `${l.description} ${l.totalPrice}`)
    .sort();

describe('a payment taken on site below what is owed', () => {
  it('$0.01 on a $487.80 job is a part payment: the job owes $487.79 and is not paid; the rest paid later makes it paid', async () => {
    const job = await newJob();
    const res = await pay(job.id, { method: 'cash', amount: '0.01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'invoiced',
      paymentStatus: 'pending',
      paidAt: null,
      money: { balanceAmount: '487.80', paidAmount: '0.01', writtenOffAmount: '0.00', owedAmount: '487.79' },
      onsitePayments: [{ method: 'cash', amount: '0.01', takenBy: tech.user.username }],
    });
    const partLine = `Part payment taken on site: $0.01 by Cash (${tech.user.username}); $487.79 owed`;
    expect((await detail(job.id)).history.at(-1)).toMatchObject({ note: partLine });

    const invoice = await invoiceOf(job.id);
    expect(invoice).toMatchObject({
      status: expect.not.stringMatching(/^paid$/),
      totalAmount: '487.80',
      paidAmount: '0.01',
      owedAmount: '487.79',
      paymentNote: null,
    });
    expect(invoice.history.at(-1)).toMatchObject({ kind: 'payment', note: partLine });
    const lines = await linesOf(invoice.id);

    // More than is owed is refused, in the form's words, and nothing is written.
    const over = await pay(job.id, { method: 'eftpos', amount: '487.80' });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields.amount).toBe(amountOverOwedMessage('487.79'));
    expect(await t.db.select().from(onsitePayments).where(eq(onsitePayments.jobId, job.id))).toHaveLength(1);

    t.clock.advance(60_000);
    const rest = await pay(job.id, { method: 'eftpos', amount: '487.79' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      money: { paidAmount: '487.80', owedAmount: '0.00' },
      onsitePayments: [{ amount: '0.01' }, { amount: '487.79' }],
    });
    expect(await invoiceOf(job.id)).toMatchObject({
      status: 'paid',
      paidAmount: '487.80',
      owedAmount: '0.00',
      paymentNote: 'Paid on site on 23 Nov 2026: $0.01 by Cash, $487.79 by EFTPOS',
    });
    // The invoice's lines stay as they were made: only its balance moved.
    expect(await linesOf(invoice.id)).toEqual(lines);
    expect((await pay(job.id, { method: 'cash', amount: '0.01' })).statusCode).toBe(409);
  });

  it.each([
    [{ method: 'cash', amount: '0' }, ONSITE_AMOUNT_ZERO_MESSAGE],
    [{ method: 'cash', amount: '-1.00' }, ONSITE_AMOUNT_ZERO_MESSAGE],
    [{ method: 'cash', amount: '1.005' }, ONSITE_AMOUNT_MESSAGE],
    [{ method: 'cash', amount: '500.00' }, amountOverOwedMessage('487.80')],
  ])('refuses %j with 400 and leaves the job in progress with no invoice', async (payload, message) => {
    const job = await newJob();
    const res = await pay(job.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.amount).toBe(message);
    expect(await detail(job.id)).toMatchObject({ status: 'in-progress', money: null, onsitePayments: [] });
    expect(await t.db.select().from(customerInvoices).where(eq(customerInvoices.jobId, job.id))).toEqual([]);
  });
});

describe('POST /api/dashboard/jobs/{id}/write-off', () => {
  it('the owner writes the rest off with a reason: the job and its invoice are paid, the reason in both histories and the audit log', async () => {
    const job = await newJob();
    expect((await pay(job.id, { method: 'cash', amount: '400.00' })).statusCode).toBe(200);

    // A technician may not; a blank reason, more than is owed, zero and three decimals are refused; nothing is written.
    expect((await writeOff(job.id, { amount: '87.80', reason: 'Loyal customer' }, tech)).statusCode).toBe(403);
    for (const [payload, field, message] of [
      [{ amount: '87.80', reason: '  ' }, 'reason', WRITE_OFF_REASON_MESSAGE],
      [{ amount: '87.81', reason: 'Loyal customer' }, 'amount', amountOverOwedMessage('87.80')],
      [{ amount: '0', reason: 'Loyal customer' }, 'amount', ONSITE_AMOUNT_ZERO_MESSAGE],
      [{ amount: '1.234', reason: 'Loyal customer' }, 'amount', ONSITE_AMOUNT_MESSAGE],
    ] as const) {
      const refused = await writeOff(job.id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().fields[field]).toBe(message);
    }
    expect(await t.db.select().from(invoiceWriteOffs).where(eq(invoiceWriteOffs.jobId, job.id))).toEqual([]);
    expect(await detail(job.id)).toMatchObject({ status: 'invoiced', money: { owedAmount: '87.80' } });

    const res = await writeOff(job.id, { amount: '87.80', reason: 'Loyal customer, short of cash' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      money: { paidAmount: '400.00', writtenOffAmount: '87.80', owedAmount: '0.00' },
    });
    const line = `Written off: $87.80 (${admin.user.username}). Reason: Loyal customer, short of cash`;
    expect((await detail(job.id)).history.at(-1)).toMatchObject({ kind: 'status', to: 'paid', note: line });
    const invoice = await invoiceOf(job.id);
    expect(invoice).toMatchObject({
      status: 'paid',
      paidAmount: '400.00',
      writtenOffAmount: '87.80',
      owedAmount: '0.00',
      paymentNote: 'Paid on site on 23 Nov 2026: $400.00 by Cash; $87.80 written off',
    });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'write-off'));
    expect(audited).toEqual([
      expect.objectContaining({
        subject: `write-off:${invoice.id}`,
        label: invoice.invoiceNumber,
        actorId: admin.user.id,
        from: '87.80',
        to: '0.00',
        note: 'Written off $87.80: Loyal customer, short of cash',
      }),
    ]);
    const again = await writeOff(job.id, { amount: '1.00', reason: 'Again' });
    expect(again.statusCode).toBe(409);
  });

  it('a job with nothing owed, or no invoice yet, has nothing to write off (409)', async () => {
    const job = await newJob();
    const none = await writeOff(job.id, { amount: '10.00', reason: 'Goodwill' });
    expect(none.statusCode).toBe(409);
    expect(await detail(job.id)).toMatchObject({ status: 'in-progress', money: null });
    expect(NOTHING_OWED_MESSAGE).toBe('Nothing is owed on this job');
  });
});

describe('money taken on a draft invoice issues it', () => {
  const del = (invoiceId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/dashboard/customer-invoices/${invoiceId}`,
      headers: { cookie: admin.cookie },
    });

  it('a part payment on the job leaves its invoice issued: no line can lower it below what was paid, and delete voids it', async () => {
    const job = await newJob();
    expect((await pay(job.id, { method: 'eftpos', amount: '300.00' })).statusCode).toBe(200);
    const invoice = await invoiceOf(job.id);
    expect(invoice).toMatchObject({ status: 'sent', sentAt: null, paidAmount: '300.00', owedAmount: '187.80' });
    expect(invoice.history).toContainEqual(expect.objectContaining({ kind: 'status', from: 'draft', to: 'sent' }));

    const discount = await post(
      `/api/dashboard/customer-invoices/${invoice.id}/items`,
      { description: 'Goodwill discount', quantity: 1, unitPrice: '-400.00' },
      admin,
    );
    expect(discount.statusCode, discount.body).toBe(409);
    expect(await invoiceOf(job.id)).toMatchObject({ totalAmount: '487.80', owedAmount: '187.80' });

    const removed = await del(invoice.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ outcome: 'voided' });
  });

  it('a draft that already holds a payment is voided, not deleted, and never answers 500', async () => {
    const job = await insertJob(t.db, {
      ...freshSlot(),
      status: 'completed',
      assignedTechnicianId: tech.user.id,
      customerValue: '487.80',
    });
    const generated = await post(`/api/dashboard/customer-invoices/generate/${job.id}`, {}, admin);
    expect(generated.statusCode, generated.body).toBe(201);
    const draft = await invoiceOf(job.id);
    expect(draft.status).toBe('draft');
    // As a part payment made before drafts were issued by it left its invoice.
    await t.db.insert(onsitePayments).values({
      jobId: job.id,
      customerInvoiceId: draft.id,
      method: 'cash',
      amount: '50.00',
      takenById: tech.user.id,
      takenAt: t.clock.now(),
    });

    const removed = await del(draft.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ outcome: 'voided' });
    expect(await t.db.select().from(onsitePayments).where(eq(onsitePayments.jobId, job.id))).toHaveLength(1);
  });
});
