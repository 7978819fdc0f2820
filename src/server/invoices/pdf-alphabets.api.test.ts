import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVOICES, invoiceHarness } from '../../../tests/helpers/invoice-harness';

describe('every alphabet in the invoice PDF', () => {
  const { request, newJob, generate, pdfOf } = invoiceHarness();

  it('keeps a Vietnamese name and street, Chinese, the euro, a fraction and an Arabic name readable, in subset Noto fonts', async () => {
    const job = await newJob({
      contactName: 'Trần Thị Ngọc Ánh',
      address: '12 Đường Street',
      serviceType: 'puncture-repair',
      customerValue: '129.80',
    });
    const invoice = await generate(job.id);
    for (const description of ['Lốp xe 轮胎 € ½', 'Valve for سارة']) {
      expect(
        (await request('POST', `${INVOICES}/${invoice.id}/items`, { description, unitPrice: '1.00' })).statusCode,
      ).toBe(201);
    }
    const { text, raw } = await pdfOf(invoice.id);
    for (const s of [
      'Trần Thị Ngọc Ánh',
      '12 Đường Street',
      'Lốp xe 轮胎 € ½',
      'سارة',
      'Puncture Repair',
      'Total',
      'Invoice number',
      '$131.80',
    ])
      expect(text).toContain(s);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fonts-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.pdf'), raw);
      const fonts = execFileSync('pdffonts', [path.join(dir, 'a.pdf')], { encoding: 'utf8' });
      // Each embedded font is a subset (the "ABCDEF+" prefix), never a built-in Latin-1 font.
      expect(fonts).toMatch(/\+NotoSans-Regular\s.*yes yes yes/);
      expect(fonts).toMatch(/\+NotoSansSC-Regular\s/);
      expect(fonts).toMatch(/\+NotoSansArabic-Regular\s/);
      expect(fonts).not.toContain('Helvetica');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(raw.length).toBeLessThan(60_000);
  });

  it('prints an Arabic name and a mixed line with their words in reading order (the bidi step, decision 402)', async () => {
    const job = await newJob({
      contactName: 'سارة أحمد',
      address: 'طريق الملك فهد',
      suburb: 'Perth',
      postcode: '6000',
      serviceType: 'puncture-repair',
      customerValue: '129.80',
    });
    const invoice = await generate(job.id);
    expect(
      (
        await request('POST', `${INVOICES}/${invoice.id}/items`, {
          description: 'Valve for سارة أحمد',
          unitPrice: '1.00',
        })
      ).statusCode,
    ).toBe(201);
    // pdftotext marks right-to-left stretches with embedding controls; a reader sees the words without them.
    const lines = (await pdfOf(invoice.id)).text
      .replace(/[\u202A-\u202E]/gu, '')
      .split('\n')
      .map((l) => l.trim());
    // The name, its first word first (the layout puts the invoice's facts on the same line, to its right).
    expect(lines.some((l) => l.startsWith('سارة أحمد '))).toBe(true);
    // The address: the street's words in order, then the suburb and postcode after it.
    const address = lines.find((l) => l.includes('Perth'))!;
    expect(address).toContain('طريق الملك فهد, Perth, 6000');
    // A line description mixing both directions.
    expect(lines.find((l) => l.includes('Valve for'))).toContain('سارة أحمد');
  });
});
