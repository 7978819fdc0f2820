import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerInvoiceItems, customerInvoices } from '../../src/server/db/schema';
import { passwordProblem } from '../../src/server/auth/password-rule';
import { DEMO_TECHNICIAN_PASSWORD, seedDemo } from '../../src/server/db/seed/demo';
import { gstOf } from '../../src/shared/domain/gst';
import { formatCents, toCents } from '../../src/shared/domain/money';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The demo (npm run db:seed:demo) shows only what the product could have written (docs/product.md "Customer invoices"). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, t.config, '2026-11-23');
});
afterAll(async () => {
  await t?.close();
});

describe('the demo seed', () => {
  it('gives the technicians a password that meets the one password rule, and they can sign in with it', async () => {
    for (const username of ['jake', 'priya']) {
      expect(passwordProblem(DEMO_TECHNICIAN_PASSWORD, username)).toBeUndefined();
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: DEMO_TECHNICIAN_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
    }
  });

  it('writes every invoice with a total equal to the sum of its lines, and GST one eleventh of it', async () => {
    const invoices = await t.db.select().from(customerInvoices);
    expect(invoices.length).toBeGreaterThan(10);
    for (const invoice of invoices) {
      const lines = await t.db
        .select()
        .from(customerInvoiceItems)
        .where(eq(customerInvoiceItems.customerInvoiceId, invoice.id));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines)
        expect(toCents(line.totalPrice), invoice.invoiceNumber).toBe(line.quantity * toCents(line.unitPrice));
      const total = lines.reduce((sum, line) => sum + toCents(line.totalPrice), 0);
      expect(invoice.totalAmount, invoice.invoiceNumber).toBe(formatCents(total));
      expect(invoice.gstAmount, invoice.invoiceNumber).toBe(formatCents(gstOf(total)));
      expect(invoice.subtotalAmount, invoice.invoiceNumber).toBe(formatCents(total - gstOf(total)));
    }
  });
});
