import { describe, expect, it } from 'vitest';
import { invoicePdfUrl, invoices } from './invoices';

describe("an invoice PDF's download address comes from the invoices contract", () => {
  it('is the pdfFile path with the invoice and the version filled in', () => {
    expect(invoicePdfUrl('inv-1', 3)).toBe('/api/dashboard/customer-invoices/inv-1/pdfs/3');
    expect(invoicePdfUrl('inv-1', 'latest')).toBe('/api/dashboard/customer-invoices/inv-1/pdfs/latest');
    expect(invoices.pdfFile.path).toBe('/api/dashboard/customer-invoices/:id/pdfs/:version');
  });
});
