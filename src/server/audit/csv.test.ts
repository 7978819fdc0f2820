import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/schemas/audit';
import { AUDIT_CSV_HEADER, auditCsv, guardCell } from './csv';

/** The audit log download (docs/decisions/330-audit-log-address-and-download.md): no cell a spreadsheet would run. */
describe('the audit log CSV', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+61 412 345 678', "'+61 412 345 678"],
    ['-40.00', "'-40.00"],
    ['@cmd', "'@cmd"],
    ['\tTabbed', "'\tTabbed"],
    ['\rReturn', "'\rReturn"],
    ['Puncture repair', 'Puncture repair'],
    ['40.00', '40.00'],
    ['a=b', 'a=b'],
  ])('%j becomes %j', (value, cell) => {
    expect(guardCell(value)).toBe(cell);
  });

  it('one header line, then one line per row, quotes and commas kept whole, a missing value empty', () => {
    const row: AuditEntry = {
      id: '1',
      at: '2026-11-23T00:00:00.000Z',
      actor: null,
      actorId: null,
      address: null,
      kind: 'bill',
      subject: 'bill:1',
      label: 'Tyres, "Wholesale" WA',
      action: 'changed',
      field: 'Total',
      from: '440.00',
      to: '480.00',
      note: 'line one\nline two',
    };
    const [header, record, ...rest] = parse(auditCsv([row])) as string[][];
    expect(header).toEqual(AUDIT_CSV_HEADER);
    expect(record).toEqual([
      '2026-11-23T00:00:00.000Z',
      'System',
      '',
      'bill',
      'bill:1',
      'Tyres, "Wholesale" WA',
      'changed',
      'Total',
      '440.00',
      '480.00',
      'line one\nline two',
    ]);
    expect(rest).toEqual([]);
  });
});
