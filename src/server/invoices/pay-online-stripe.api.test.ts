import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicInvoice } from '../../shared/schemas/invoices';
import { outboundEmails } from '../db/schema';
import { StripePaymentProvider } from '../payments/stripe';
import { INVOICES, invoiceHarness } from '../../../tests/helpers/invoice-harness';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/helpers/stripe-stand-in';
import { issuePayToken } from './pay-link';

const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = 'whsec_test_standin';
const stripe = new Stripe(SECRET_KEY);

describe('paying an invoice from its link with Stripe', () => {
  let standIn: StripeStandIn;
  // Started before the app, which is pointed at it.
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(async () => standIn.close());
  const { h, request, newJob, generate, detail, jobRow } = invoiceHarness(
    { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    () => ({
      payments: new StripePaymentProvider({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        host: standIn.host,
        port: standIn.port,
        protocol: 'http',
      }),
    }),
  );

  const postWebhook = (event: unknown) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(h.t.clock.now().getTime() / 1000),
    });
    return h.t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
  };

  it('creates an intent naming the invoice, and the signed webhook marks the invoice and its job paid once', async () => {
    const job = await newJob({
      serviceType: 'puncture-repair',
      customerValue: '129.80',
      contactEmail: 'stripe.payer@example.com',
    });
    const invoice = await generate(job.id);
    await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' });
    const token = await issuePayToken(h.t.db, invoice.id, h.t.clock.now());
    const page = (await h.t.app.inject({ method: 'GET', url: `/api/invoice-token/${token}` })).json() as PublicInvoice;
    expect(page).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_standin' });

    const started = await h.t.app.inject({ method: 'POST', url: `/api/invoice-token/${token}/payment-intent` });
    expect(started.statusCode, started.body).toBe(200);
    const sent = standIn.creates.at(-1)!;
    const amount = Number(sent.form.amount);
    expect(sent.form).toMatchObject({
      currency: 'aud',
      'metadata[invoiceId]': invoice.id,
      'metadata[invoiceNumber]': invoice.invoiceNumber,
    });
    expect(sent.idempotencyKey).toBe(`invoice-${invoice.id}-${amount}`);
    expect((amount / 100).toFixed(2)).toBe(started.json().totalAmount);
    // A reload gets the same intent.
    await h.t.app.inject({ method: 'POST', url: `/api/invoice-token/${token}/payment-intent` });
    expect([...standIn.intents.values()].filter((i) => i.metadata.invoiceId === invoice.id)).toHaveLength(1);
    const intent = [...standIn.intents.values()].find((i) => i.metadata.invoiceId === invoice.id)!;
    expect(started.json().clientSecret).toBe(intent.client_secret);

    const event = {
      id: 'evt_invoice_paid_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(h.t.clock.now().getTime() / 1000),
      data: { object: { ...intent, status: 'succeeded' } },
    };
    expect((await postWebhook(event)).statusCode).toBe(200);
    expect((await detail(invoice.id)).status).toBe('paid');
    expect(await jobRow(job.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    // Stripe delivers at least once: the replay changes nothing.
    expect((await postWebhook(event)).statusCode).toBe(200);
    const receipts = (await h.t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id))).filter((e) =>
      e.subject.startsWith('Receipt'),
    );
    expect(receipts.map((r) => r.to)).toEqual(['stripe.payer@example.com']);
    expect((await detail(invoice.id)).history.filter((e) => e.to === 'paid')).toHaveLength(1);
  });
});
