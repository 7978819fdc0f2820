import type { Role } from '../../shared/schemas/auth';

/** The tabs each role sees, in order; the id is what goes in ?tab=. */
export type TabId =
  | 'jobs'
  | 'schedule'
  | 'invoices'
  | 'prices'
  | 'expenses'
  | 'time-slots'
  | 'reports'
  | 'team'
  | 'settings';
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

/** The sections a phone's bottom bar shows itself: the owner's daily round (decision 352). */
const PHONE_BAR: readonly TabId[] = ['jobs', 'schedule', 'invoices', 'reports'];

/**
 * A phone's navigation: up to four sections on the bottom bar, the rest behind "More" (decision
 * 352). A role with four tabs or fewer has them all on the bar and no "More".
 */
export function phoneSections(tabs: readonly TabDef[]): { bar: TabDef[]; more: TabDef[] } {
  if (tabs.length <= PHONE_BAR.length) return { bar: [...tabs], more: [] };
  return { bar: tabs.filter((t) => PHONE_BAR.includes(t.id)), more: tabs.filter((t) => !PHONE_BAR.includes(t.id)) };
}
