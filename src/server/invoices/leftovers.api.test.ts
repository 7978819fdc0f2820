import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { buildApp } from '../app';
import { insertJob } from '../db/seed/factories';
import { createLocalInvoicePdfStore } from './pdf-store';

/**
 * A process killed between printing an invoice PDF and committing its row leaves a file no row
 * names; the next start removes it once it is old enough, and never a PDF that has its row.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-leftovers-'));
const pdfDir = path.join(dataDir, 'invoices');
const pdfs = createLocalInvoicePdfStore(dataDir);
const hoursAgo = (h: number) => new Date(new Date(MONDAY_7AM_PERTH).getTime() - h * 3_600_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir }, overrides: { pdfs } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function leave(file: string, modifiedAt: Date) {
  fs.mkdirSync(pdfDir, { recursive: true });
  fs.writeFileSync(path.join(pdfDir, file), '%PDF-1.7 cut off');
  fs.utimesSync(path.join(pdfDir, file), modifiedAt, modifiedAt);
}

describe('invoice PDF files left behind by a crash', () => {
  it('are removed when the server starts: old files without a row and temporary files; printed PDFs and fresh files stay', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    const admin = await signedInStaff(t, { role: 'admin' });
    const job = await insertJob(t.db, { status: 'completed', scheduledDay: '2026-12-02' });
    const generated = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/customer-invoices/generate/${job.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const invoiceId = (generated.json() as { customerInvoice: { id: string } }).customerInvoice.id;
    const printed = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/customer-invoices/${invoiceId}/pdf`,
      headers: { cookie: admin.cookie },
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const [kept] = fs.readdirSync(pdfDir);
    fs.utimesSync(path.join(pdfDir, kept!), hoursAgo(3), hoursAgo(3));

    leave('INV-999991-v1-0badc0de.pdf', hoursAgo(3)); // printed, then the process died before its row committed
    leave('.INV-999992-v1-0badc0de.pdf.12345678.tmp', hoursAgo(3)); // killed mid-write
    leave('INV-999993-v1-0badc0de.pdf', new Date(MONDAY_7AM_PERTH)); // being printed by another instance right now

    const restarted = await buildApp({
      config: t.config,
      db: t.db,
      clock: t.clock,
      pdfs,
      cleanFileLeftoversOnStart: true,
    });
    await restarted.ready();
    await restarted.close();

    expect(fs.readdirSync(pdfDir).sort()).toEqual([kept, 'INV-999993-v1-0badc0de.pdf'].sort());
  });
});
