import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useSearch } from 'wouter';
import type { PublicUser } from '../../shared/schemas/auth';
import { Skeleton, SkeletonGroup } from '../components/ui/skeleton';
import { USER_KEY } from './session';
import { SectionNav } from './section-nav';
import { tabsFor, type TabId } from './tabs';
import { AdminOnly, ComingSoon } from './tabs/coming-soon';
import { UntilHydrated } from './until-hydrated';

type TabContent = ComponentType<{ user: PublicUser }>;
type LazyTab = TabContent & { preload: () => Promise<unknown> };

/**
 * A tab's code is fetched when the tab is first opened, or sooner when its link is pointed at
 * (docs/decisions/342-staff-first-screen.md, decision 370). A tab whose code has arrived renders at
 * once, without a loading state.
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

/**
 * A tab's code is evaluated when a section link is pointed at, touched or focused, so the click
 * that follows waits on little; its file is already on the phone (the service worker keeps every
 * build file). It is not evaluated for every tab as the first screen goes idle: that work fell in
 * the first seconds a phone is used and blocked them (docs/decisions/370-staff-first-screen-server-rendered.md).
 */
function preloadTabOfLink(target: EventTarget) {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  const id = link ? new URL(link.getAttribute('href') ?? '', window.location.origin).searchParams.get('tab') : null;
  if (id && id in TAB_CONTENT) void TAB_CONTENT[id as TabId].preload().catch(() => undefined);
}

/**
 * Loads the code of the tab a server-rendered page shows before it is hydrated, so hydration never
 * waits on a chunk and a tap on the page is handled as soon as React is running, not dropped
 * while the tab's code is still on its way (decision 370).
 */
export async function loadShownTab(search: string, role: PublicUser['role']): Promise<void> {
  const id = new URLSearchParams(search).get('tab') ?? tabsFor(role)[0]!.id;
  if (tabsFor(role).some((t) => t.id === id)) await TAB_CONTENT[id as TabId].preload();
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
      {/* Its own box-less wrapper: the section bar stays sticky; events from the "More" dialog reach it through React. */}
      <div
        className="contents"
        onPointerOver={(e) => preloadTabOfLink(e.target)}
        onFocus={(e) => preloadTabOfLink(e.target)}
        onTouchStart={(e) => preloadTabOfLink(e.target)}
      >
        <SectionNav tabs={tabs} activeId={active?.id} />
      </div>
      {/* On a phone the section bar is fixed at the bottom: the page ends above it and the home indicator. */}
      <main className="px-4 pt-6 pb-[calc(6rem+env(safe-area-inset-bottom))] sm:pb-6">
        <h1 className="sr-only">{active ? active.label : 'Dashboard'}</h1>
        <Suspense fallback={tabLoading}>
          <UntilHydrated>
            <Content user={user} />
          </UntilHydrated>
        </Suspense>
      </main>
    </div>
  );
}
