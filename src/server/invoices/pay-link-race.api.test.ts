import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withCardSurcharge } from '../../shared/domain/pricing';
import type { JobDetail } from '../../shared/schemas/jobs';
import type { PublicInvoice } from '../../shared/schemas/invoices';
import type { AppDeps } from '../deps';
import { cardPayments, customerInvoices, outboundEmails } from '../db/schema';
import { createOutbox } from '../emails/outbox';
import type { PaymentEvent } from '../payments/provider';
import { handlePaymentEvent } from '../payments/service';
import { readSettings } from '../settings/store';
import { INVOICES, invoiceHarness } from '../../../tests/helpers/invoice-harness';
import { issuePayToken } from './pay-link';

/**
 * Many requests at once for one invoice's card payment (docs/decisions/407-one-alert-per-card-payment.md):
 * ten taps on the pay page are one payment, one receipt and no alert; a second payment reported ten
 * times at once is one alert. On a PostgreSQL server (`npm run test:pg -- <file>`) the transactions
 * truly overlap; on PGlite they run one after another and must agree.
 */
describe('simultaneous card payments from an invoice pay link (simulated provider)', () => {
  const { h, request, newJob, generate, detail, jobRow } = invoiceHarness();
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', nameOnCard: 'Linh Pham' };
  const emailsOf = (jobId: string) => h.t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, jobId));
  const handlerDeps = () =>
    ({
      db: h.t.db,
      clock: h.t.clock,
      config: h.t.config,
      log: h.t.app.log,
      settings: { current: () => readSettings(h.t.db, h.t.config) },
      outbox: createOutbox({
        db: h.t.db,
        clock: h.t.clock,
        mailer: {} as never,
        log: h.t.app.log,
        mailFrom: 'shop@example.com',
      }),
      sms: { kick() {} },
    }) as unknown as AppDeps;

  const sentInvoice = async () => {
    const job = await newJob({
      serviceType: 'puncture-repair',
      customerValue: '129.80',
      contactName: 'Linh Pham',
      contactEmail: 'linh@example.com',
    });
    const invoice = await generate(job.id);
    expect((await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' })).statusCode).toBe(200);
    return { job, invoice, token: await issuePayToken(h.t.db, invoice.id, h.t.clock.now()) };
  };
  const payTen = (token: string) =>
    Promise.all(
      Array.from({ length: 10 }, () =>
        h.t.app.inject({ method: 'POST', url: `/api/invoice-token/${token}/simulated-payment`, payload: card }),
      ),
    );

  it('ten taps at once are one payment: the invoice is paid once, one receipt, no "Payment check needed" email', async () => {
    const { job, invoice, token } = await sentInvoice();
    const answers = await payTen(token);
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const after = await detail(invoice.id);
    expect(after).toMatchObject({ status: 'paid', owedAmount: '0.00', paidAmount: '129.80' });
    expect(after.history.filter((e) => e.to === 'paid')).toHaveLength(1);
    expect(await jobRow(job.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid', paymentFlag: null });
    const emails = await emailsOf(job.id);
    expect(emails.filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);
    expect(emails.filter((m) => m.subject.startsWith('Payment check needed'))).toEqual([]);
    expect(await h.t.db.select().from(cardPayments).where(eq(cardPayments.jobId, job.id))).toEqual([
      expect.objectContaining({ outcome: 'applied', customerInvoiceId: invoice.id }),
    ]);
  });

  it('a second payment on a paid invoice, reported ten times at once, is kept back with exactly one alert email', async () => {
    const { job, invoice, token } = await sentInvoice();
    expect((await payTen(token)).some((a) => a.statusCode === 200)).toBe(true);
    const { fees } = await readSettings(h.t.db, h.t.config);
    const second = (i: number): PaymentEvent => ({
      id: `evt_second_${invoice.id}_${i}`,
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: `pi_second_${invoice.id}`,
          amount: withCardSurcharge(12980, fees),
          currency: 'aud',
          metadata: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, cardSurchargeBasisPoints: '170' },
        },
      },
    });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => handlePaymentEvent(handlerDeps(), second(i))),
    );
    expect(outcomes.filter((o) => o.outcome === 'already-paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'duplicate')).toHaveLength(9);
    const alerts = (await emailsOf(job.id)).filter((m) => m.subject.startsWith('Payment check needed'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(`${h.t.config.publicBaseUrl}/dashboard?tab=jobs&job=${job.id}`);
    const view = await request('GET', `/api/dashboard/jobs/${job.id}`);
    expect((view.json() as JobDetail).cardPaymentsToRefund).toEqual([
      expect.objectContaining({ intentId: `pi_second_${invoice.id}`, refundedAt: null }),
    ]);
  });

  it('after a part payment on site the pay link asks for what is owed, and paying it makes the invoice paid', async () => {
    const { job, invoice, token } = await sentInvoice();
    const part = await request('POST', `/api/dashboard/jobs/${job.id}/onsite-payment`, {
      method: 'cash',
      amount: '29.80',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect((part.json() as JobDetail).money).toMatchObject({ paidAmount: '29.80', owedAmount: '100.00' });
    const page = (await h.t.app.inject({ method: 'GET', url: `/api/invoice-token/${token}` })).json() as PublicInvoice;
    expect(page).toMatchObject({ status: 'due', totalAmount: '129.80', amountDue: '100.00' });
    const intent = await h.t.app.inject({ method: 'POST', url: `/api/invoice-token/${token}/payment-intent` });
    expect(intent.json()).toMatchObject({ originalAmount: '100.00' });
    const paid = await h.t.app.inject({
      method: 'POST',
      url: `/api/invoice-token/${token}/simulated-payment`,
      payload: card,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await detail(invoice.id)).toMatchObject({ status: 'paid', paidAmount: '129.80', owedAmount: '0.00' });
    expect(await jobRow(job.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect(
      (await h.t.db.select().from(customerInvoices).where(eq(customerInvoices.jobId, job.id))).map(
        (i) => i.totalAmount,
      ),
    ).toEqual(['129.80']);
  });
});
