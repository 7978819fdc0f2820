/**
 * Settings as one screen per subject (docs/decisions/428-settings-one-screen-per-subject.md): the
 * owner's business subjects first, then the owner's tools, then the person's own account. The id
 * goes in the address (`/dashboard?tab=settings&section=fees`), so back works and a subject can be
 * linked. Plain data, no components: the phone's "More" sheet lists them without loading Settings.
 */
export const SETTINGS_SUBJECTS = [
  { id: 'business', label: 'Business profile', sections: ['business'] },
  { id: 'fees', label: 'Fees and prices', sections: ['fees'] },
  { id: 'vans', label: 'Vans and rosters', sections: ['vans'] },
  { id: 'closures', label: 'Closures', sections: ['closures-heading'] },
  { id: 'payments', label: 'Ways to pay online', sections: ['payment-methods'] },
  { id: 'messages', label: 'Messages to customers', sections: ['messages', 'customer-emails', 'text-messages'] },
  { id: 'suburb-pages', label: 'Suburb pages', sections: ['suburb-pages-heading'] },
  { id: 'tyres', label: 'Tyres', sections: ['tyres'] },
  { id: 'accounting', label: 'Accounting', sections: ['accounting'] },
  // The owner's own two-factor sits beside the rule that needs it first (Staff sign-in).
  { id: 'security', label: 'Sign-in and two-factor', sections: ['security', 'two-factor'] },
  { id: 'changes', label: 'Changes and audit log', sections: ['changes', 'audit-log'] },
  { id: 'system', label: 'System', sections: ['system'] },
  { id: 'account', label: 'My account', sections: ['settings-heading', 'password-heading'] },
] as const;

type SettingsSubject = (typeof SETTINGS_SUBJECTS)[number];
export type SettingsSubjectId = SettingsSubject['id'];

export const settingsHref = (id: SettingsSubjectId) => `/dashboard?tab=settings&section=${id}`;

const isSubject = (id: string | null | undefined): id is SettingsSubjectId =>
  SETTINGS_SUBJECTS.some((s) => s.id === id);

/**
 * The subject an address asks for: `section=` first, else the subject holding the `#anchor` the
 * older links and the alert emails carry (`?tab=settings#system`, `#business`), else none (the
 * index). An unknown section is none too, so a stale link lands on the index, not on a blank page.
 */
export function subjectOfAddress(search: string, hash: string): SettingsSubjectId | null {
  const asked = new URLSearchParams(search).get('section');
  if (isSubject(asked)) return asked;
  const anchor = hash.replace(/^#/, '');
  if (!anchor) return null;
  if (isSubject(anchor)) return anchor;
  const holder = SETTINGS_SUBJECTS.find((s) => (s.sections as readonly string[]).includes(anchor));
  return holder ? holder.id : null;
}
