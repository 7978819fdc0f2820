import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ComponentType } from 'react';
import { useSearch } from 'wouter';
import type { PublicUser } from '../../shared/schemas/auth';
import { PricesScreen } from './prices';
import { USER_KEY } from './session';
import { SectionNav } from './section-nav';
import { tabsFor, type TabId } from './tabs';
import { AdminOnly, ComingSoon } from './tabs/coming-soon';
import { ExpensesTab } from './tabs/expenses-tab';
import { InvoicesTab } from './tabs/invoices-tab';
import { JobsTab } from './tabs/jobs-tab';
import { ReportsTab } from './tabs/reports-tab';
import { ScheduleTab } from './tabs/schedule-tab';
import { SettingsTab } from './tabs/settings-tab';
import { TeamTab } from './tabs/team-tab';
import { TimeSlotsTab } from './tabs/time-slots-tab';

const TAB_CONTENT: Record<TabId, ComponentType<{ user: PublicUser }>> = {
  jobs: JobsTab,
  schedule: ScheduleTab,
  invoices: InvoicesTab,
  prices: PricesScreen,
  expenses: ExpensesTab,
  'time-slots': TimeSlotsTab,
  reports: ReportsTab,
  team: TeamTab,
  settings: SettingsTab,
};

/** The dashboard (docs/product.md "Staff dashboard"): tabs per role, the chosen one in the URL (?tab=) so reload and back work. */
export function DashboardPage({ user }: { user: PublicUser }) {
  const tabs = tabsFor(user.role);
  const requested = new URLSearchParams(useSearch()).get('tab');
  const activeId = requested ?? tabs[0]!.id;
  // Only the role's own tabs render: a technician asking for ?tab=team is told it is an admin's.
  const active = tabs.find((t) => t.id === activeId);
  const Content = active ? TAB_CONTENT[active.id] : activeId in TAB_CONTENT ? AdminOnly : ComingSoon;

  // Re-check the session on every tab change, so a user deactivated or signed out elsewhere
  // falls back to /auth at their next step even on a tab that fetches nothing.
  const client = useQueryClient();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void client.invalidateQueries({ queryKey: USER_KEY });
  }, [activeId, client]);

  return (
    <div className="mx-auto max-w-7xl">
      <SectionNav tabs={tabs} activeId={active?.id} />
      {/* On a phone the section bar is fixed at the bottom: the page ends above it. */}
      <main className="px-4 pt-6 pb-24 sm:pb-6">
        <h1 className="sr-only">{active ? active.label : 'Dashboard'}</h1>
        <Content user={user} />
      </main>
    </div>
  );
}
