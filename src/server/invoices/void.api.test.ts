import { describe, expect, it } from 'vitest';
import type { InvoiceDetail, InvoiceListItem } from '../../shared/schemas/invoices';
import type { JobDetail } from '../../shared/schemas/jobs';
import { INVOICES, invoiceHarness, pdfText } from '../../../tests/helpers/invoice-harness';

describe('void instead of delete', () => {
  const { request, newJob, generate, detail, jobRow, pdfOf } = invoiceHarness();

  it('voids a sent invoice: readable, cancelled, every PDF version kept and a new one stamped VOID; the job can be invoiced again', async () => {
    const job = await newJob({ serviceType: 'puncture-repair', customerValue: '129.80' });
    const invoice = await generate(job.id);
    expect((await request('POST', `${INVOICES}/${invoice.id}/email`)).statusCode).toBe(200);
    const res = await request('DELETE', `${INVOICES}/${invoice.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'voided', customerInvoice: { id: invoice.id, status: 'cancelled' } });
    const after = await detail(invoice.id);
    expect(after).toMatchObject({ status: 'cancelled', totalAmount: '129.80' });
    expect(after.items).toHaveLength(2);
    expect(after.pdfs.map((p) => p.version)).toEqual([2, 1]);
    expect(after.history.map((e) => e.kind)).toEqual(['created', 'pdf', 'email', 'status', 'void', 'pdf']);
    const sent = await request('GET', `${INVOICES}/${invoice.id}/pdfs/1`);
    expect(pdfText(sent.rawPayload)).not.toContain('VOID');
    const voided = await request('GET', `${INVOICES}/${invoice.id}/pdfs/latest`);
    expect(pdfText(voided.rawPayload)).toContain('VOID');
    // The job is back to completed through its lifecycle, with a history line, and gets a new invoice.
    const jobDetail = (await request('GET', `/api/dashboard/jobs/${job.id}`)).json() as JobDetail;
    expect(jobDetail.status).toBe('completed');
    expect(jobDetail.history.at(-1)).toMatchObject({
      kind: 'status',
      from: 'invoiced',
      to: 'completed',
      note: `Invoice ${invoice.invoiceNumber} voided`,
    });
    const next = await generate(job.id);
    expect(next.invoiceNumber).not.toBe(invoice.invoiceNumber);
    expect((await jobRow(job.id)).status).toBe('invoiced');
  });

  it('keeps a void invoice as it is: no status move, no second void, no lines', async () => {
    const invoice = await generate((await newJob()).id);
    await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' });
    expect((await request('DELETE', `${INVOICES}/${invoice.id}`)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' }],
      ['DELETE', `${INVOICES}/${invoice.id}`, undefined],
      ['POST', `${INVOICES}/${invoice.id}/items`, { description: 'Valve', unitPrice: '5.00' }],
      ['POST', `${INVOICES}/${invoice.id}/email`, undefined],
    ] as const) {
      const res = await request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
    }
    expect((await detail(invoice.id)).status).toBe('cancelled');
  });

  it('voids a paid invoice: the paid job stays paid and its new invoice is paid', async () => {
    const job = await newJob();
    const invoice = await generate(job.id);
    await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'paid' });
    expect((await request('DELETE', `${INVOICES}/${invoice.id}`)).statusCode).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect((await generate(job.id)).status).toBe('paid');
  });

  it('setting an issued invoice to cancelled voids it the same way', async () => {
    const job = await newJob();
    const invoice = await generate(job.id);
    await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' });
    expect((await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const after = await detail(invoice.id);
    expect(after.history.map((e) => e.kind)).toContain('void');
    expect(after.pdfs).toHaveLength(1);
    expect((await pdfOf(invoice.id)).text).toContain('VOID');
    expect((await jobRow(job.id)).status).toBe('completed');
  });

  it('still deletes a draft, and the list hides void invoices when asked', async () => {
    const draft = await generate((await newJob()).id);
    const res = await request('DELETE', `${INVOICES}/${draft.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'deleted', customerInvoice: null });
    expect((await request('GET', `${INVOICES}/${draft.id}`)).statusCode).toBe(404);
    const issued = await generate((await newJob()).id);
    await request('PATCH', `${INVOICES}/${issued.id}`, { status: 'sent' });
    await request('DELETE', `${INVOICES}/${issued.id}`);
    const ids = async (q: string) =>
      ((await request('GET', `${INVOICES}?pageSize=100${q}`)).json() as InvoiceListItem[]).map((i) => i.id);
    expect(await ids('')).toContain(issued.id);
    expect(await ids('&voided=hide')).not.toContain(issued.id);
  });

  it('answers the voided invoice in the job panel too', async () => {
    const job = await newJob();
    const invoice = await generate(job.id);
    await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' });
    await request('DELETE', `${INVOICES}/${invoice.id}`);
    const list = (await request('GET', `${INVOICES}/job/${job.id}`)).json() as InvoiceDetail[];
    expect(list.map((i) => i.status)).toEqual(['cancelled']);
  });
});
