import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withCardSurcharge } from '../../shared/domain/pricing';
import type { PublicInvoice } from '../../shared/schemas/invoices';
import type { AppDeps } from '../deps';
import { outboundEmails, paymentEvents } from '../db/schema';
import { historyLines } from '../../../tests/helpers/history-lines';
import { createOutbox } from '../emails/outbox';
import type { PaymentEvent } from '../payments/provider';
import { handlePaymentEvent } from '../payments/service';
import { readSettings } from '../settings/store';
import { INVOICES, invoiceHarness } from '../../../tests/helpers/invoice-harness';
import { issuePayToken } from './pay-link';

describe('paying an invoice by card from its link (simulated provider)', () => {
  const { h, request, newJob, generate, detail, jobRow } = invoiceHarness();
  const post = (url: string, payload?: object) =>
    h.t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
  const card = (cardNumber: string) => ({ cardNumber, expiry: '12/30', cvc: '123', nameOnCard: 'Linh Pham' });
  const emailsOf = (jobId: string) => h.t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, jobId));
  /** The handler as the app wires it, for replaying an event the provider sends twice. */
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

  it('takes the balance plus the card surcharge, marks the invoice and the job paid, emails one receipt; a replay changes nothing', async () => {
    const { job, invoice, token } = await sentInvoice();
    const { fees } = await readSettings(h.t.db, h.t.config);
    const intent = await post(`/api/invoice-token/${token}/payment-intent`);
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json()).toMatchObject({
      originalAmount: '129.80',
      totalAmount: (withCardSurcharge(12980, fees) / 100).toFixed(2),
    });
    expect(
      ((await h.t.app.inject({ method: 'GET', url: `/api/invoice-token/${token}` })).json() as PublicInvoice).provider,
    ).toBe('simulated');

    const declined = await post(`/api/invoice-token/${token}/simulated-payment`, card('4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(402);
    expect((await detail(invoice.id)).status).toBe('sent');

    const paid = await post(`/api/invoice-token/${token}/simulated-payment`, card('4242 4242 4242 4242'));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded', invoiceNumber: invoice.invoiceNumber });

    const after = await detail(invoice.id);
    expect(after.status).toBe('paid');
    expect(after.history.filter((e) => e.to === 'paid')).toHaveLength(1);
    expect(after.history.at(-1)?.note).toContain('Paid online by card');
    expect(await jobRow(job.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    const jobPaidLines = (await historyLines(h.t.db, `job:${job.id}`)).filter(
      (e) => e.note === `Invoice ${invoice.invoiceNumber} paid`,
    );
    expect(jobPaidLines).toHaveLength(1);
    const receipts = (await emailsOf(job.id)).filter((e) => e.subject.startsWith('Receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ to: 'linh@example.com' });
    expect(receipts[0]!.text).toContain(invoice.invoiceNumber);

    // The provider delivering the same event again: recorded once, nothing else happens.
    const [recorded] = (await h.t.db.select().from(paymentEvents).where(eq(paymentEvents.jobId, job.id))).filter(
      (e) => e.type === 'payment_intent.succeeded',
    );
    expect(await handlePaymentEvent(handlerDeps(), recorded!.payload as PaymentEvent)).toEqual({
      outcome: 'duplicate',
    });
    expect((await emailsOf(job.id)).filter((e) => e.subject.startsWith('Receipt'))).toHaveLength(1);
    expect((await detail(invoice.id)).history).toHaveLength(after.history.length);

    // The page now says paid and takes no second payment.
    expect((await h.t.app.inject({ method: 'GET', url: `/api/invoice-token/${token}` })).json()).toMatchObject({
      status: 'paid',
      amountDue: '0.00',
    });
    const again = await post(`/api/invoice-token/${token}/payment-intent`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invoice is already paid.');
  });

  it('keeps a payment of the wrong amount back for staff: the invoice stays unpaid and the business is alerted', async () => {
    const { job, invoice, token } = await sentInvoice();
    expect((await post(`/api/invoice-token/${token}/payment-intent`)).statusCode).toBe(200);
    const event: PaymentEvent = {
      id: 'evt_wrong_amount_invoice',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: 'pi_wrong',
          amount: 100,
          currency: 'aud',
          metadata: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, cardSurchargeBasisPoints: '170' },
        },
      },
    };
    expect(await handlePaymentEvent(handlerDeps(), event)).toEqual({ outcome: 'amount-mismatch', jobId: job.id });
    expect((await detail(invoice.id)).status).toBe('sent');
    expect(await jobRow(job.id)).toMatchObject({
      paymentFlag: 'amount-mismatch',
      paymentStatus: expect.not.stringMatching(/^paid$/),
    });
    const alerts = (await emailsOf(job.id)).filter((e) => e.subject.startsWith('Payment check needed'));
    expect(alerts).toHaveLength(1);
    expect((await emailsOf(job.id)).filter((e) => e.subject.startsWith('Receipt'))).toEqual([]);
  });

  it('a voided invoice takes no payment (409) and a made-up token answers 404', async () => {
    const { invoice, token } = await sentInvoice();
    expect((await request('DELETE', `${INVOICES}/${invoice.id}`)).statusCode).toBe(200);
    const refused = await post(`/api/invoice-token/${token}/payment-intent`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This invoice has been voided: nothing is owed on it.');
    expect((await post(`/api/invoice-token/${token}/simulated-payment`, card('4242424242424242'))).statusCode).toBe(
      409,
    );
    expect((await detail(invoice.id)).status).toBe('cancelled');

    const madeUp = 'B'.repeat(22);
    const unknown = await post(`/api/invoice-token/${madeUp}/payment-intent`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This payment link is not valid.');
    expect((await post(`/api/invoice-token/${madeUp}/simulated-payment`, card('4242424242424242'))).statusCode).toBe(
      404,
    );
  });
});
