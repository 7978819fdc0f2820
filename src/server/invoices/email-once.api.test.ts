import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../../shared/schemas/invoices';
import { outboundEmails } from '../db/schema';
import { INVOICES, invoiceHarness } from '../../../tests/helpers/invoice-harness';

describe('one email per send', () => {
  const { h, request, newJob, generate } = invoiceHarness();

  it('ten concurrent "Email Invoice" requests send one email and answer the others with what was sent', async () => {
    const job = await newJob({ contactEmail: 'once.only@example.com' });
    const invoice = await generate(job.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request('POST', `${INVOICES}/${invoice.id}/email`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const bodies = answers.map(
      (a) => a.json() as { to: string; version: number; alreadySent: boolean; sentAt: string },
    );
    expect(bodies.filter((b) => !b.alreadySent)).toHaveLength(1);
    expect(new Set(bodies.map((b) => `${b.to} v${b.version} ${b.sentAt}`))).toEqual(
      new Set([`once.only@example.com v1 ${bodies[0]!.sentAt}`]),
    );
    expect(await h.t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id))).toHaveLength(1);
    const detail = (await request('GET', `${INVOICES}/${invoice.id}`)).json() as InvoiceDetail;
    expect(detail.history.filter((e) => e.kind === 'email')).toHaveLength(1);
  });

  it('a repeat a minute later sends nothing; after the window the same version can be sent again', async () => {
    const job = await newJob();
    const invoice = await generate(job.id);
    expect((await request('POST', `${INVOICES}/${invoice.id}/email`)).json()).toMatchObject({ alreadySent: false });
    h.t.clock.advance(60_000);
    expect((await request('POST', `${INVOICES}/${invoice.id}/email`)).json()).toMatchObject({
      alreadySent: true,
      version: 1,
    });
    h.t.clock.advance(10 * 60_000);
    expect((await request('POST', `${INVOICES}/${invoice.id}/email`)).json()).toMatchObject({
      alreadySent: false,
      version: 1,
    });
    expect(await h.t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id))).toHaveLength(2);
  });
});
