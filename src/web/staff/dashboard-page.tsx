import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useSearch } from 'wouter';
import type { PublicUser } from '../../shared/schemas/auth';
import { Skeleton, SkeletonGroup } from '../components/ui/skeleton';
import { USER_KEY } from './session';
import { SectionNav } from './section-nav';
import { tabsFor, type TabId } from './tabs';
import { AdminOnly, ComingSoon } from './tabs/coming-soon';

type TabContent = ComponentType<{ user: PublicUser }>;
type LazyTab = TabContent & { preload: () => Promise<unknown> };

/**
 * A tab's code is fetched when the tab is first opened, or sooner once the first screen is idle
 * (docs/decisions/342-staff-first-screen.md). A tab whose code has arrived renders at once, without
 * a loading state.
 */
function tab(load: () => Promise<TabContent>): LazyTab {
  let loaded: TabContent | undefined;
  let pending: Promise<TabContent> | undefined;
  const preload = () => (pending ??= load().then((c) => (loaded = c)));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Tab(props: { user: PublicUser }) {
    // Chosen once per mount, so a tab never switches between the two and loses its state.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Tab, { preload });
}

const TAB_CONTENT: Record<TabId, LazyTab> = {
  jobs: tab(async () => (await import('./tabs/jobs-tab')).JobsTab),
  schedule: tab(async () => (await import('./tabs/schedule-tab')).ScheduleTab),
  invoices: tab(async () => (await import('./tabs/invoices-tab')).InvoicesTab),
  prices: tab(async () => (await import('./prices')).PricesScreen),
  expenses: tab(async () => (await import('./tabs/expenses-tab')).ExpensesTab),
  'time-slots': tab(async () => (await import('./tabs/time-slots-tab')).TimeSlotsTab),
  reports: tab(async () => (await import('./tabs/reports-tab')).ReportsTab),
  team: tab(async () => (await import('./tabs/team-tab')).TeamTab),
  settings: tab(async () => (await import('./tabs/settings-tab')).SettingsTab),
};

/** Once the first screen is idle, the role's other tabs are fetched, so switching tabs waits on nothing. */
function usePreloadTabs(ids: TabId[]) {
  const key = ids.join(',');
  useEffect(() => {
    const start = () => key.split(',').forEach((id) => void TAB_CONTENT[id as TabId].preload().catch(() => undefined));
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(start, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 1000);
    return () => clearTimeout(timer);
  }, [key]);
}

const tabLoading = (
  <SkeletonGroup label="Loading..." className="space-y-3">
    <Skeleton className="h-8 w-40" />
    <Skeleton className="h-12 w-full" />
    <Skeleton className="h-32 w-full" />
  </SkeletonGroup>
);

/** The dashboard (docs/product.md "Staff dashboard"): tabs per role, the chosen one in the URL (?tab=) so reload and back work. */
export function DashboardPage({ user }: { user: PublicUser }) {
  const tabs = tabsFor(user.role);
  usePreloadTabs(tabs.map((t) => t.id));
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
        <Suspense fallback={tabLoading}>
          <Content user={user} />
        </Suspense>
      </main>
    </div>
  );
}
