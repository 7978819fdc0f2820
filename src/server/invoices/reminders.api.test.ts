import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../../shared/schemas/invoices';
import { outboundEmails } from '../db/schema';
import { createOutbox } from '../emails/outbox';
import { INVOICES, invoiceHarness } from '../../../tests/helpers/invoice-harness';
import { sendOverdueReminders } from './reminders';

describe('the overdue follow-up', () => {
  const { h, request, newJob, generate } = invoiceHarness();
  const sweep = () =>
    sendOverdueReminders({
      db: h.t.db,
      clock: h.t.clock,
      config: h.t.config,
      outbox: createOutbox({
        db: h.t.db,
        clock: h.t.clock,
        mailer: {} as never,
        log: h.t.app.log,
        mailFrom: 'shop@example.com',
      }),
    });
  const emailsOf = async (jobId: string) =>
    (await h.t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, jobId))).filter((e) =>
      e.subject.startsWith('Reminder'),
    );

  it('emails one reminder a week after the due date, within messaging hours, recorded in the history, never twice', async () => {
    const job = await newJob({ contactEmail: 'late.payer@example.com' });
    const invoice = await generate(job.id);
    // Due on Monday 16 November: a week later is today, Monday 23 November.
    await request('PATCH', `${INVOICES}/${invoice.id}`, { invoiceDate: '2026-11-02', dueDate: '2026-11-16' });
    await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' });
    // 7 am Perth: outside the messaging hours, nothing goes.
    expect(await sweep()).toBe(0);
    h.t.clock.advance(2 * 3600_000);
    await sweep();
    await sweep();
    const emails = await emailsOf(job.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      to: 'late.payer@example.com',
      subject: `Reminder: invoice ${invoice.invoiceNumber} from Mobile Tyre & Battery Co. is overdue`,
    });
    expect(emails[0]!.text).toContain('/pay/');
    const detail = (await request('GET', `${INVOICES}/${invoice.id}`)).json() as InvoiceDetail;
    expect(detail.history.at(-1)).toMatchObject({
      kind: 'email',
      to: 'late.payer@example.com',
      note: 'Overdue reminder',
    });
  });

  it('leaves alone an invoice less than a week overdue, a paid one and a draft', async () => {
    h.t.clock.advance(2 * 3600_000);
    const recent = await generate((await newJob()).id);
    await request('PATCH', `${INVOICES}/${recent.id}`, { invoiceDate: '2026-11-02', dueDate: '2026-11-17' });
    await request('PATCH', `${INVOICES}/${recent.id}`, { status: 'sent' });
    const paid = await generate((await newJob()).id);
    await request('PATCH', `${INVOICES}/${paid.id}`, { invoiceDate: '2026-10-01', dueDate: '2026-10-15' });
    await request('PATCH', `${INVOICES}/${paid.id}`, { status: 'paid' });
    const draft = await generate((await newJob()).id);
    await request('PATCH', `${INVOICES}/${draft.id}`, { invoiceDate: '2026-10-01', dueDate: '2026-10-15' });
    await sweep();
    for (const id of [recent.jobId, paid.jobId, draft.jobId]) expect(await emailsOf(id)).toEqual([]);
  });

  it("the owner's switch in Settings: off sends no reminder; on sends one, for the balance after credit notes", async () => {
    const business = async () =>
      (await request('GET', '/api/dashboard/settings/business')).json() as Record<string, unknown>;
    const setSwitch = async (on: boolean) => {
      const res = await request('PUT', '/api/dashboard/settings/business', {
        ...(await business()),
        abn: '51 824 753 556',
        overdueReminders: on,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    expect(await business()).toMatchObject({ overdueReminders: true });
    await setSwitch(false);
    const history = (await request('GET', '/api/dashboard/settings/history?subject=business&pageSize=50')).json() as {
      field: string;
      from: string;
      to: string;
    }[];
    expect(history.filter((i) => i.field === 'Email overdue reminders')).toMatchObject([{ from: 'Yes', to: 'No' }]);

    const job = await newJob({
      serviceType: 'puncture-repair',
      customerValue: '129.80',
      contactEmail: 'credited.payer@example.com',
    });
    const invoice = await generate(job.id);
    await request('PATCH', `${INVOICES}/${invoice.id}`, { invoiceDate: '2026-11-02', dueDate: '2026-11-16' });
    await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' });
    expect(
      (
        await request('POST', `${INVOICES}/${invoice.id}/credit-notes`, {
          amount: '10.00',
          reason: 'Goodwill: late arrival',
        })
      ).statusCode,
    ).toBe(201);
    h.t.clock.advance(2 * 3600_000);
    expect(await sweep()).toBe(0);
    expect(await emailsOf(job.id)).toEqual([]);

    await setSwitch(true);
    expect(await sweep()).toBe(1);
    const emails = await emailsOf(job.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('$119.80 of it is still unpaid');
    expect(emails[0]!.text).not.toContain('129.80');
  });

  it('reminds of what is owed after a part payment taken on site, not the total (decision 406)', async () => {
    const job = await newJob({
      serviceType: 'puncture-repair',
      customerValue: '129.80',
      contactEmail: 'part.payer@example.com',
    });
    const invoice = await generate(job.id);
    await request('PATCH', `${INVOICES}/${invoice.id}`, { invoiceDate: '2026-11-02', dueDate: '2026-11-16' });
    await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' });
    const part = await request('POST', `/api/dashboard/jobs/${job.id}/onsite-payment`, {
      method: 'cash',
      amount: '100.00',
    });
    expect(part.statusCode, part.body).toBe(200);
    h.t.clock.advance(2 * 3600_000);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const emails = await emailsOf(job.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('$29.80 of it is still unpaid');
  });
});
