import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/schemas/audit';
import { describeAuditEntry, kindLabel } from './audit-entries';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 'a',
  at: '2026-11-26T01:00:00.000Z',
  actor: 'olive',
  actorId: null,
  address: '10.0.0.1',
  kind: 'job',
  subject: null,
  label: null,
  action: 'changed',
  field: null,
  from: null,
  to: null,
  note: null,
  ...over,
});

describe('the audit log as staff read it', () => {
  it('names kinds and actions in words, not as stored identifiers', () => {
    expect(kindLabel('mfa')).toBe('Two-factor sign-in');
    expect(kindLabel('bill')).toBe('Supplier bill');
    expect(kindLabel('brand-new')).toBe('Brand new');
    expect(describeAuditEntry(entry({ kind: 'mfa', action: 'wrong-code' }))).toBe('wrong code');
    expect(
      describeAuditEntry(entry({ action: 'roster-changed', field: 'Working days', from: 'Mon-Fri', to: 'Mon-Thu' })),
    ).toBe('roster changed: Working days Mon-Fri -> Mon-Thu');
    expect(describeAuditEntry(entry({ action: 'price', from: '$89.80', to: '$99.80' }))).toBe(
      'price: $89.80 -> $99.80',
    );
  });
});
