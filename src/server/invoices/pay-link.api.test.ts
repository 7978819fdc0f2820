import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicInvoice } from '../../shared/schemas/invoices';
import { outboundEmails } from '../db/schema';
import { INVOICES, invoiceHarness, pdfText } from '../../../tests/helpers/invoice-harness';

describe("the invoice's pay-online link", () => {
  const { h, request, newJob, generate } = invoiceHarness();
  const publicGet = (url: string) => h.t.app.inject({ method: 'GET', url });
  const timed = async (url: string) => {
    const started = performance.now();
    const res = await publicGet(url);
    return { res, ms: performance.now() - started };
  };

  it('the email carries a link whose token opens the invoice with its number and amount due; a made-up token answers 404 as slowly', async () => {
    const job = await newJob({ serviceType: 'puncture-repair', customerValue: '129.80', contactName: 'Linh Pham' });
    const invoice = await generate(job.id);
    expect((await request('POST', `${INVOICES}/${invoice.id}/email`)).statusCode).toBe(200);
    const [email] = await h.t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id));
    const token = /\/pay\/([A-Za-z0-9_-]+)/.exec(email!.text)?.[1];
    expect(token).toHaveLength(22); // 128 random bits, base64url
    const right = await timed(`/api/invoice-token/${token}`);
    expect(right.res.statusCode, right.res.body).toBe(200);
    const shown = right.res.json() as PublicInvoice;
    expect(shown).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      amountDue: '129.80',
      status: 'due',
      totalAmount: '129.80',
    });
    expect(shown.lines.map((l) => l.description)).toEqual(['Puncture Repair', 'Mobile Service Callout']);
    // Nothing about the customer or any other invoice.
    expect(right.res.body).not.toContain('Linh Pham');
    expect(right.res.body).not.toContain(job.contactEmail);
    const wrong = await timed(`/api/invoice-token/${'A'.repeat(22)}`);
    expect(wrong.res.statusCode).toBe(404);
    expect(wrong.res.json().message).toBe('This payment link is not valid.');
    expect((await timed('/api/invoice-token/not-a-token')).res.statusCode).toBe(404);
    expect(Math.min(right.ms, wrong.ms)).toBeGreaterThanOrEqual(240);
    // The PDF carries the same link, and the customer can download it.
    const pdf = await publicGet(shown.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(`/pay/${token}`);
  });

  it('stores only the SHA-256 of each link it sends, and every link sent keeps opening the invoice', async () => {
    const job = await newJob({ contactEmail: 'twice.sent@example.com' });
    const invoice = await generate(job.id);
    const tokenOfEmail = async (n: number) => {
      const emails = await h.t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id));
      expect(emails).toHaveLength(n);
      return /\/pay\/([A-Za-z0-9_-]+)/.exec(emails.sort((a, b) => +a.createdAt - +b.createdAt)[n - 1]!.text)![1]!;
    };
    expect((await request('POST', `${INVOICES}/${invoice.id}/email`)).statusCode).toBe(200);
    const first = await tokenOfEmail(1);
    // Sent again later: the message carries a link of its own, and the first one still opens the invoice.
    h.t.clock.advance(10 * 60_000);
    expect((await request('POST', `${INVOICES}/${invoice.id}/email`)).statusCode).toBe(200);
    const second = await tokenOfEmail(2);
    expect(second).not.toBe(first);
    for (const token of [first, second]) {
      const res = await publicGet(`/api/invoice-token/${token}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ invoiceNumber: invoice.invoiceNumber });
    }
    // The database holds each link's SHA-256, never the token itself.
    const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
    const links = await h.t.db.execute<{ token_hash: string }>(
      sql`select token_hash from invoice_pay_links where customer_invoice_id = ${invoice.id}`,
    );
    expect(links.rows.map((r) => r.token_hash).sort()).toEqual([sha256(first), sha256(second)].sort());
    const row = JSON.stringify(
      (await h.t.db.execute(sql`select * from customer_invoices where id = ${invoice.id}`)).rows,
    );
    expect(row).toContain(invoice.invoiceNumber);
    for (const token of [first, second]) expect(row).not.toContain(token);
  });

  it('takes over a link the release before made in plain during an upgrade: it opens, and is kept as a hash from then on', async () => {
    const invoice = await generate((await newJob()).id);
    const token = 'Pl41nT0kenFr0mTheOldRe';
    await h.t.db.execute(sql`update customer_invoices set pay_token = ${token} where id = ${invoice.id}`);
    const res = await publicGet(`/api/invoice-token/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ invoiceNumber: invoice.invoiceNumber });
    const row = await h.t.db.execute<{ pay_token: string | null }>(
      sql`select pay_token from customer_invoices where id = ${invoice.id}`,
    );
    expect(row.rows).toEqual([{ pay_token: null }]);
    const hash = createHash('sha256').update(token, 'utf8').digest('hex');
    const links = await h.t.db.execute(
      sql`select customer_invoice_id from invoice_pay_links where token_hash = ${hash}`,
    );
    expect(links.rows).toEqual([{ customer_invoice_id: invoice.id }]);
    expect((await publicGet(`/api/invoice-token/${token}`)).statusCode).toBe(200);
  });

  it('opens the right link from an address that sent 40 wrong ones; the wrong ones are refused, 429 after 20 a minute', async () => {
    const invoice = await generate((await newJob()).id);
    expect((await request('POST', `${INVOICES}/${invoice.id}/email`)).statusCode).toBe(200);
    const email = (await h.t.db.select().from(outboundEmails)).find((e) => e.subject.includes(invoice.invoiceNumber))!;
    const token = /\/pay\/([A-Za-z0-9_-]+)/.exec(email.text)![1]!;
    const shared = '10.99.0.1';
    const from = (url: string, remoteAddress = shared) => h.t.app.inject({ method: 'GET', url, remoteAddress });
    const wrong = () => `/api/invoice-token/${randomBytes(16).toString('base64url')}`;
    // Side by side, as a guesser would send them: each is refused, none opens anything.
    const misses = await Promise.all(Array.from({ length: 40 }, () => from(wrong())));
    for (const miss of misses) expect([404, 429]).toContain(miss.statusCode);
    const refused = await from(wrong());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many wrong payment links/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The customer's own link from the same address opens the invoice and its PDF.
    const right = await from(`/api/invoice-token/${token}`);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ invoiceNumber: invoice.invoiceNumber });
    expect((await from(`/api/invoice-token/${token}/pdf`)).statusCode).toBe(200);
    // Another address is not refused for this one's guesses.
    expect((await from(wrong(), '10.99.0.2')).statusCode).toBe(404);
  });

  it('a paid or void invoice says so and has nothing due', async () => {
    const paid = await generate((await newJob()).id);
    await request('PATCH', `${INVOICES}/${paid.id}`, { status: 'paid' });
    await request('POST', `${INVOICES}/${paid.id}/email`);
    const paidEmail = (await h.t.db.select().from(outboundEmails)).find((e) => e.subject.includes(paid.invoiceNumber))!;
    const paidToken = /\/pay\/([A-Za-z0-9_-]+)/.exec(paidEmail.text)![1];
    expect((await publicGet(`/api/invoice-token/${paidToken}`)).json()).toMatchObject({
      status: 'paid',
      amountDue: '0.00',
    });
    await request('DELETE', `${INVOICES}/${paid.id}`);
    expect((await publicGet(`/api/invoice-token/${paidToken}`)).json()).toMatchObject({
      status: 'void',
      amountDue: '0.00',
    });
  });
});
