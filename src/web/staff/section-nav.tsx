import {
  BarChart3,
  Briefcase,
  CalendarDays,
  Clock,
  FileText,
  LogOut,
  type LucideIcon,
  MoreHorizontal,
  Plus,
  Receipt,
  Settings,
  Tag,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { cn } from '../components/ui/cn';
import { Dialog } from '../components/ui/dialog';
import { useMediaQuery } from '../components/ui/use-media-query';
import { useCurrentUser } from './session';
import { SETTINGS_SUBJECTS, settingsHref } from './settings/subjects';
import { useSignOut } from './use-sign-out';
import { phoneSections, tabHref, type TabDef, type TabId } from './tabs';

// The expense form is fetched when "More" is opened, not with the first screen (decision 342).
const loadExpenseDialog = () => import('./expenses/expense-dialog');
const ExpenseDialog = lazy(async () => ({ default: (await loadExpenseDialog()).ExpenseDialog }));

/** Tailwind's `sm`: below it the staff screens are a phone's (decision 352). */
const PHONE_WIDTH_ENDS = '(min-width: 640px)';

const ICONS: Record<TabId, LucideIcon> = {
  jobs: Briefcase,
  schedule: CalendarDays,
  invoices: FileText,
  prices: Tag,
  expenses: Receipt,
  'time-slots': Clock,
  reports: BarChart3,
  team: Users,
  settings: Settings,
};

/**
 * Where every dashboard section is. From 640 px a strip of tabs under the header; on a phone a
 * bottom bar of the main four and "More" listing the rest, so every section is at most two taps
 * away and none hides beyond the screen's edge (decision 352). One of the two is in the page.
 */
export function SectionNav({ tabs, activeId }: { tabs: readonly TabDef[]; activeId: TabId | undefined }) {
  const wide = useMediaQuery(PHONE_WIDTH_ENDS);
  // A new section opens at its top, not at the scroll position of the section before it.
  const shown = useRef(activeId);
  useEffect(() => {
    if (shown.current === activeId) return;
    shown.current = activeId;
    window.scrollTo(0, 0);
  }, [activeId]);
  return wide ? <TabStrip tabs={tabs} activeId={activeId} /> : <PhoneBar tabs={tabs} activeId={activeId} />;
}

function TabStrip({ tabs, activeId }: { tabs: readonly TabDef[]; activeId: TabId | undefined }) {
  const nav = useRef<HTMLElement>(null);
  // On a narrow window the chosen tab may sit beyond the strip's edge: bring it into view.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeId]);
  return (
    <nav ref={nav} aria-label="Dashboard sections" className="sticky top-0 z-10 border-b border-gray-200 bg-white">
      <ul className="flex gap-1 overflow-x-auto px-2 [scrollbar-width:thin]">
        {tabs.map((tab) => {
          const selected = tab.id === activeId;
          return (
            <li key={tab.id} className="shrink-0">
              <Link
                href={tabHref(tab.id)}
                aria-current={selected ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-12 items-center whitespace-nowrap border-b-4 px-4 font-medium',
                  selected ? 'border-accent text-charcoal' : 'border-transparent text-gray-700 hover:text-charcoal',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const barItem = (selected: boolean) =>
  cn(
    'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 border-t-4 px-1 text-xs font-medium leading-tight',
    selected ? 'border-accent bg-amber-50 text-charcoal' : 'border-transparent text-gray-700',
  );

function PhoneBar({ tabs, activeId }: { tabs: readonly TabDef[]; activeId: TabId | undefined }) {
  const [moreOpen, setMoreOpen] = useState(false);
  const [addingExpense, setAddingExpense] = useState(false);
  const { bar, more } = phoneSections(tabs);
  const mayAddExpense = more.some((t) => t.id === 'expenses');
  // The owner's settings subjects are in the sheet too, one tap after "More" (decision 428).
  const settingsInMore = more.some((t) => t.id === 'settings');
  const search = useSearch();
  const openSubject = activeId === 'settings' ? new URLSearchParams(search).get('section') : null;
  const current = more.find((t) => t.id === activeId);
  return (
    <>
      <nav
        aria-label="Dashboard sections"
        data-phone-bar
        className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgba(0,0,0,0.06)]"
      >
        <ul
          className="grid"
          style={{ gridTemplateColumns: `repeat(${bar.length + (more.length ? 1 : 0)}, minmax(0, 1fr))` }}
        >
          {bar.map((tab) => {
            const Icon = ICONS[tab.id];
            const selected = tab.id === activeId;
            return (
              <li key={tab.id}>
                <Link href={tabHref(tab.id)} aria-current={selected ? 'page' : undefined} className={barItem(selected)}>
                  <Icon aria-hidden className="h-5 w-5" />
                  {tab.label}
                </Link>
              </li>
            );
          })}
          {more.length ? (
            <li>
              <button
                type="button"
                aria-haspopup="dialog"
                aria-expanded={moreOpen}
                onClick={() => {
                  setMoreOpen(true);
                  if (mayAddExpense) void loadExpenseDialog().catch(() => undefined);
                }}
                className={barItem(current !== undefined)}
              >
                <MoreHorizontal aria-hidden className="h-5 w-5" />
                {/* The section open behind "More" is named on the bar itself, so the bar always says where you are. */}
                <span>{current ? current.label : 'More'}</span>
                {current ? <span className="sr-only">(more sections)</span> : null}
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
      <Dialog open={moreOpen} onOpenChange={setMoreOpen} title="More sections">
        <SignedInAs onSignedOut={() => setMoreOpen(false)} />
        {mayAddExpense ? (
          // A receipt is added from wherever the owner is, one tap after "More" (decision 378).
          <button
            type="button"
            onClick={() => {
              setMoreOpen(false);
              setAddingExpense(true);
            }}
            className="mb-3 flex min-h-14 w-full items-center gap-3 rounded-xl border border-gray-300 px-3 font-semibold hover:bg-gray-50"
          >
            <Plus aria-hidden className="h-5 w-5 shrink-0" />
            Add expense
          </button>
        ) : null}
        <nav aria-label="More sections">
          <ul className="grid grid-cols-2 gap-2">
            {more.map((tab) => {
              const Icon = ICONS[tab.id];
              const selected = tab.id === activeId;
              return (
                <li key={tab.id}>
                  <Link
                    href={tabHref(tab.id)}
                    aria-current={selected ? 'page' : undefined}
                    onClick={() => setMoreOpen(false)}
                    className={cn(
                      'flex min-h-14 items-center gap-3 rounded-xl border px-3 font-medium',
                      selected ? 'border-accent bg-amber-50' : 'border-gray-200 hover:bg-gray-50',
                    )}
                  >
                    <Icon aria-hidden className="h-5 w-5 shrink-0" />
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {settingsInMore ? (
          <nav aria-labelledby="more-settings-heading" className="mt-4">
            <h3 id="more-settings-heading" className="mb-2 text-sm font-semibold text-gray-700">
              Settings
            </h3>
            <ul className="grid grid-cols-2 gap-2">
              {SETTINGS_SUBJECTS.map((s) => (
                <li key={s.id}>
                  <Link
                    href={settingsHref(s.id)}
                    aria-current={s.id === openSubject ? 'page' : undefined}
                    onClick={() => setMoreOpen(false)}
                    className={cn(
                      'flex h-full min-h-11 items-center rounded-lg border px-3 py-1 text-sm font-medium leading-tight',
                      s.id === openSubject ? 'border-accent bg-amber-50' : 'border-gray-200 hover:bg-gray-50',
                    )}
                  >
                    {s.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </Dialog>
      {addingExpense ? (
        <Suspense fallback={null}>
          <ExpenseDialog open expense={null} onClose={() => setAddingExpense(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Who is signed in, and Sign out, at the top of the "More" sheet: two taps from anywhere on a
 * phone, without a flick through the sheet (docs/decisions/434-two-factor-on-one-phone-and-the-bar.md).
 */
function SignedInAs({ onSignedOut }: { onSignedOut: () => void }) {
  const user = useCurrentUser();
  const signOut = useSignOut();
  if (!user.data) return null;
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <p className="min-w-0 truncate text-sm text-gray-700">
        Signed in as <strong className="text-charcoal">{user.data.username}</strong>
      </p>
      <button
        type="button"
        onClick={() => signOut.mutate(undefined, { onSuccess: onSignedOut })}
        disabled={signOut.isPending}
        className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg border border-gray-300 px-3 font-medium hover:bg-gray-50"
      >
        <LogOut aria-hidden className="h-4 w-4" />
        {signOut.isPending ? 'Signing out...' : 'Sign out'}
      </button>
    </div>
  );
}
