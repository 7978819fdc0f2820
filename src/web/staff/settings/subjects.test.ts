import { describe, expect, it } from 'vitest';
import { SETTINGS_SUBJECTS, settingsHref, subjectOfAddress } from './subjects';

describe('the settings subject an address opens (decision 428)', () => {
  it('reads section= first, whatever the anchor says', () => {
    expect(subjectOfAddress('?tab=settings&section=fees', '')).toBe('fees');
    expect(subjectOfAddress('?tab=settings&section=fees', '#system')).toBe('fees');
  });

  it("opens the subject holding an older link's anchor: the alert emails' #system, the outboxes, the audit log", () => {
    const cases: [string, string][] = [
      ['#system', 'system'],
      ['#business', 'business'],
      ['#vans', 'vans'],
      ['#messages', 'messages'],
      ['#customer-emails', 'messages'],
      ['#text-messages', 'messages'],
      ['#closures-heading', 'closures'],
      ['#payment-methods', 'payments'],
      ['#suburb-pages-heading', 'suburb-pages'],
      ['#audit-log', 'changes'],
      ['#two-factor', 'security'],
      ['#accounting', 'accounting'],
    ];
    for (const [hash, subject] of cases) expect(subjectOfAddress('?tab=settings', hash), hash).toBe(subject);
  });

  it('opens the index for no subject, an unknown one or an unknown anchor', () => {
    expect(subjectOfAddress('?tab=settings', '')).toBeNull();
    expect(subjectOfAddress('?tab=settings&section=nothing', '')).toBeNull();
    expect(subjectOfAddress('?tab=settings', '#nothing')).toBeNull();
    expect(subjectOfAddress('?tab=settings&section=', '#')).toBeNull();
  });

  it("lists the owner's business first and their own account last, each id once, each link back to itself", () => {
    const ids = SETTINGS_SUBJECTS.map((s) => s.id);
    expect(ids.slice(0, 4)).toEqual(['business', 'fees', 'vans', 'closures']);
    expect(ids.at(-1)).toBe('account');
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(subjectOfAddress(new URL(settingsHref(id), 'http://x').search, '')).toBe(id);
  });
});
