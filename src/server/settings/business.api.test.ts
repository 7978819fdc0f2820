import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessView, SettingChangeView } from '../../shared/schemas/settings';
import { insertJob } from '../db/seed/factories';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * The business profile is the owner's (docs/decisions/280-owner-settings-in-the-database.md): a
 * wrong ABN or BSB is refused and changes nothing; what is stored is what invoices print.
 */

const BUSINESS = '/api/dashboard/settings/business';
const INVOICES = '/api/dashboard/customer-invoices';

const PROFILE = {
  name: 'Swan Valley Mobile Tyres',
  abn: '51824753556',
  phone: '0412 345 678',
  email: 'office@swanvalleytyres.example',
  postalAddress: 'PO Box 12, Midland WA 6936',
  gstRegistered: true,
  gstRegisteredFrom: '2026-12-01',
  bankAccountName: 'Swan Valley Mobile Tyres',
  bsb: '066 123',
  bankAccountNumber: '12345678',
  payId: 'pay@swanvalleytyres.example',
  reviewUrl: 'https://g.page/r/swan-valley-tyres/review',
  businessDays: [6, 1, 2, 3, 4, 5],
};

let t: TestApp;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'business-settings-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = (await signedInStaff(t, { role: 'admin' })).cookie;
});
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
const getBusiness = async () => (await send('GET', BUSINESS)).json() as BusinessView;
const history = async () => {
  const res = await send('GET', '/api/dashboard/settings/history?subject=business&pageSize=50');
  return { items: res.json() as SettingChangeView[], total: Number(res.headers['x-total-count']) };
};

function pdfText(data: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-pdf-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(file, data);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the business profile', () => {
  it('starts from the environment', async () => {
    expect(await getBusiness()).toMatchObject({
      name: 'Mobile Tyre & Battery Co.',
      phone: '08 5550 1234',
      gstRegistered: false,
      bsb: '',
      businessDays: [1, 2, 3, 4, 5],
    });
  });

  it.each([
    [{ abn: '51 824 753 557' }, 'abn', 'ABN is not valid: check the 11 digits'],
    [{ abn: '5182475355' }, 'abn', 'ABN is not valid: check the 11 digits'],
    [{ bsb: '06612' }, 'bsb', 'BSB must be 6 digits'],
    [{ bsb: '066-12a' }, 'bsb', 'BSB must be 6 digits'],
    [{ bankAccountNumber: '1234' }, 'bankAccountNumber', 'Account number must be 5 to 10 digits'],
    [
      { bsb: '', bankAccountNumber: '' },
      'bsb',
      'Bank account name, BSB and account number go together: fill in all three or none',
    ],
    [{ phone: '12345' }, 'phone', 'Valid phone number required'],
    [{ email: 'office' }, 'email', 'Valid email address required'],
    [{ name: '  ' }, 'name', 'Business name is required'],
    [{ reviewUrl: 'http://g.page/review' }, 'reviewUrl', 'Google review link must be an https:// address'],
    [{ businessDays: [] }, 'businessDays', 'Choose at least one opening day'],
    [{ gstRegisteredFrom: '2026-02-30' }, 'gstRegisteredFrom', 'Invalid date format'],
  ])('refuses %o with 400 naming the field, and changes nothing', async (over, field, message) => {
    const res = await send('PUT', BUSINESS, { ...PROFILE, ...over });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().fields?.[field]).toBe(message);
    expect((await getBusiness()).name).toBe('Mobile Tyre & Battery Co.');
    expect((await history()).total).toBe(0);
  });

  it('saves a new phone number on a fresh start with the ABN left "not set yet"', async () => {
    const fresh = await getBusiness();
    expect(fresh.abn).toBe('');
    const res = await send('PUT', BUSINESS, { ...fresh, phone: '0412 999 888' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await getBusiness()).toMatchObject({ abn: '', phone: '0412 999 888' });
    const lines = (await history()).items.map((h) => `${h.field}: ${h.from} -> ${h.to}`);
    expect(lines).toEqual(['Phone: 08 5550 1234 -> 0412 999 888']);
  });

  it('stores a right ABN in groups, the BSB with its dash, and records each changed field', async () => {
    const res = await send('PUT', BUSINESS, PROFILE);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await getBusiness();
    expect(stored).toEqual({
      ...PROFILE,
      abn: '51 824 753 556',
      bsb: '066-123',
      businessDays: [1, 2, 3, 4, 5, 6],
      overdueReminders: true,
    });

    const { items } = await history();
    const lines = Object.fromEntries(
      items.filter((h) => h.to !== '0412 999 888').map((h) => [h.field, `${h.from} -> ${h.to}`]),
    );
    expect(lines).toMatchObject({
      'Business name': 'Mobile Tyre & Battery Co. -> Swan Valley Mobile Tyres',
      ABN: '(not set yet) -> 51 824 753 556',
      Phone: '0412 999 888 -> 0412 345 678',
      'GST registered': 'No -> Yes',
      BSB: '(none) -> 066-123',
      'Opening days': 'Mon-Fri -> Mon-Sat',
    });
    expect(items.every((h) => h.label === 'Business profile' && h.subject === 'business')).toBe(true);

    const again = await send('PUT', BUSINESS, { ...PROFILE, abn: '51 824 753 556' });
    expect(again.statusCode).toBe(200);
    expect((await history()).total).toBe(items.length);
  });

  it('an invoice prints the stored name, ABN, address and bank, titled Invoice before GST registration and Tax Invoice from it', async () => {
    const before = await insertJob(t.db, {
      status: 'completed',
      serviceType: 'puncture-repair',
      customerValue: '129.80',
      scheduledDay: '2026-11-23',
      timeSlot: '8-10 AM',
    });
    const made = await send('POST', `${INVOICES}/generate/${before.id}`);
    expect(made.statusCode, made.body).toBe(201);
    const early = (made.json() as { customerInvoice: { id: string; invoiceDate: string } }).customerInvoice;
    expect(early.invoiceDate).toBe('2026-11-23');
    const text = await pdfTextOf(early.id);
    expect(text).toContain('Swan Valley Mobile Tyres');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('PO Box 12, Midland WA 6936');
    expect(text).toContain('BSB 066-123, account 12345678');
    expect(text).toMatch(/^\s*Swan Valley Mobile Tyres\s+Invoice\s*$/m);

    // Registered from 1 December: an invoice dated then is a tax invoice.
    t.clock.set('2026-12-02T01:00:00.000Z');
    admin = (await signedInStaff(t, { role: 'admin' })).cookie;
    const after = await insertJob(t.db, {
      status: 'completed',
      serviceType: 'puncture-repair',
      customerValue: '129.80',
      scheduledDay: '2026-12-01',
      timeSlot: '8-10 AM',
    });
    const generated = await send('POST', `${INVOICES}/generate/${after.id}`);
    expect(generated.statusCode, generated.body).toBe(201);
    const late = generated.json() as { customerInvoice: { id: string } };
    expect(await pdfTextOf(late.customerInvoice.id)).toContain('Tax Invoice');
  });
});

async function pdfTextOf(invoiceId: string): Promise<string> {
  const made = await send('POST', `${INVOICES}/${invoiceId}/pdf`);
  expect(made.statusCode, made.body).toBe(200);
  const file = await send('GET', (made.json() as { downloadUrl: string }).downloadUrl);
  expect(file.statusCode).toBe(200);
  return pdfText(file.rawPayload);
}
