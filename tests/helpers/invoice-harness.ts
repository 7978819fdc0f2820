import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { isBusinessDay } from '../../src/shared/domain/business-days';
import { addDays } from '../../src/shared/domain/perth-time';
import { TIME_SLOTS, type TimeSlot } from '../../src/shared/domain/slots';
import type { InvoiceDetail } from '../../src/shared/schemas/invoices';
import { insertJob } from '../../src/server/db/seed/factories';
import { jobs } from '../../src/server/db/schema';
import type { BuildAppOptions } from '../../src/server/app';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from './test-app';
import { signedInStaff } from './staff-session';

export const INVOICES = '/api/dashboard/customer-invoices';
type Staff = { user: { id: string; username: string }; cookie: string };

/** What a reader of the PDF sees: its text as pdftotext extracts it. */
export function pdfText(data: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-pdf-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(file, data);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One app, its admin, and jobs that each get their own slot (one live job per slot). */
export function invoiceHarness(
  env: Record<string, string> = {},
  overrides: () => Partial<Omit<BuildAppOptions, 'config' | 'db' | 'clock'>> = () => ({}),
) {
  const h = {} as { t: TestApp; admin: Staff; dataDir: string };
  let day = '2026-12-31';
  let slotIndex = 4;
  const freshSlot = (): { scheduledDay: string; timeSlot: TimeSlot } => {
    if (slotIndex === 4) {
      do day = addDays(day, 1);
      while (!isBusinessDay(day));
      slotIndex = 0;
    }
    return { scheduledDay: day, timeSlot: TIME_SLOTS[slotIndex++]! };
  };
  beforeAll(async () => {
    h.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-data-'));
    h.t = await createTestApp({ env: { DATA_DIR: h.dataDir, ...env }, overrides: overrides() });
    h.admin = await signedInStaff(h.t, { role: 'admin' });
  });
  afterAll(async () => {
    await h.t?.close();
    if (h.dataDir) fs.rmSync(h.dataDir, { recursive: true, force: true });
  });
  beforeEach(() => h.t.clock.set(MONDAY_7AM_PERTH));
  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    cookie = h.admin.cookie,
  ) => h.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const newJob = (over: Parameters<typeof insertJob>[1] = {}) =>
    insertJob(h.t.db, { status: 'completed', ...freshSlot(), ...over });
  const generate = async (jobId: string) => {
    const res = await request('POST', `${INVOICES}/generate/${jobId}`);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { customerInvoice: InvoiceDetail }).customerInvoice;
  };
  const detail = async (id: string) => {
    const res = await request('GET', `${INVOICES}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as InvoiceDetail;
  };
  const jobRow = async (id: string) => (await h.t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const pdfOf = async (invoiceId: string) => {
    const made = await request('POST', `${INVOICES}/${invoiceId}/pdf`);
    expect(made.statusCode, made.body).toBe(200);
    const { downloadUrl, version } = made.json() as { downloadUrl: string; version: number };
    const file = await request('GET', downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    return { text: pdfText(file.rawPayload), version, raw: file.rawPayload };
  };
  return { h, request, newJob, generate, detail, jobRow, pdfOf };
}
