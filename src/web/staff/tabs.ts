import type { Role } from '../../shared/schemas/auth';

/** The tabs each role sees, in order; the id is what goes in ?tab=. */
export type TabId = 'jobs' | 'schedule' | 'invoices' | 'prices' | 'expenses' | 'time-slots' | 'reports' | 'team' | 'settings';
export type TabDef = { id: TabId; label: string };

const ADMIN_TABS: TabDef[] = [
  { id: 'jobs', label: 'Jobs' },
  { id: 'schedule', label: 'Schedule' },
  { id: 'invoices', label: 'Invoices' },
  { id: 'prices', label: 'Prices' },
  { id: 'expenses', label: 'Expenses' },
  { id: 'time-slots', label: 'Time Slots' },
  { id: 'reports', label: 'Reports' },
  { id: 'team', label: 'Team' },
  { id: 'settings', label: 'Settings' },
];

const TECHNICIAN_TABS: TabDef[] = [
  { id: 'jobs', label: 'My Jobs' },
  { id: 'schedule', label: 'My Schedule' },
  { id: 'settings', label: 'Settings' },
];

export function tabsFor(role: Role): TabDef[] {
  return role === 'admin' ? ADMIN_TABS : TECHNICIAN_TABS;
}

export const tabHref = (id: TabId) => `/dashboard?tab=${id}`;
