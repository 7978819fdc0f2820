import { ChevronLeft, ChevronRight, LogOut } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { Link, useSearch } from 'wouter';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { cn } from '../../components/ui/cn';
import { useMediaQuery } from '../../components/ui/use-media-query';
import { DevicesSection, PasswordSection } from '../account';
import { UntilHydrated } from '../until-hydrated';
import { useSignOut } from '../use-sign-out';
import { ClosuresSection } from '../closures';
import {
  AuditLogSection,
  BusinessSection,
  CapacitySection,
  ChangesSection,
  FeesSection,
  MessagesSection,
  SecuritySection,
  SystemSection,
} from '../settings';
import { OutboxSection } from './outbox-section';
import { SmsOutboxSection } from './sms-outbox-section';
import { TwoFactorSection } from '../two-factor';
import { PaymentMethodsSection } from '../settings/payment-methods-section';
import { AccountingSection } from '../settings/accounting-section';
import { SETTINGS_SUBJECTS, settingsHref, subjectOfAddress, type SettingsSubjectId } from '../settings/subjects';

// The two largest subjects' code (the suburb list, the tyre records) comes when their screen opens,
// so a phone's Settings asks only for what its screen shows (decision 428).
const SuburbPagesSection = lazy(async () => ({ default: (await import('../suburb-pages')).SuburbPagesSection }));
const TyresSettingsSection = lazy(async () => ({
  default: (await import('../settings/tyres-section')).TyresSettingsSection,
}));

/** A subject whose code is on its way: a skeleton of its box; hydrated as a whole once it has come (until-hydrated.tsx). */
function OnDemand({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <SkeletonGroup label={label} className="space-y-3 rounded-xl border border-gray-200 p-4 sm:p-5">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-32 w-full" />
        </SkeletonGroup>
      }
    >
      <UntilHydrated>{children}</UntilHydrated>
    </Suspense>
  );
}

const roleLabel = (role: PublicUser['role']) => (role === 'admin' ? 'Admin' : 'Technician');

/** Tailwind's `sm`, where the phone's bottom bar gives way to the tab strip (section-nav.tsx). */
const WIDE = '(min-width: 640px)';

/** Username, email (or 'Not set'), role, Logout. */
function AccountCard({ user }: { user: PublicUser }) {
  const signOut = useSignOut();
  return (
    <section aria-labelledby="settings-heading" className="max-w-lg rounded-xl border border-gray-200 p-5">
      <h2 id="settings-heading" className="text-lg font-bold">
        Account
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
        <dt className="font-medium text-gray-700">Username</dt>
        <dd>{user.username}</dd>
        <dt className="font-medium text-gray-700">Email</dt>
        <dd>{user.email || 'Not set'}</dd>
        <dt className="font-medium text-gray-700">Role</dt>
        <dd>{roleLabel(user.role)}</dd>
      </dl>
      <Button variant="secondary" className="mt-6" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        <LogOut aria-hidden className="h-4 w-4" />
        {signOut.isPending ? 'Logging out...' : 'Logout'}
      </Button>
    </section>
  );
}

/** Who is signed in, their password, their devices; their two-factor too, unless `twoFactor` is false (the owner's is under Sign-in and two-factor). */
function MyAccount({ user, twoFactor = true }: { user: PublicUser; twoFactor?: boolean }) {
  return (
    <>
      <AccountCard user={user} />
      <PasswordSection username={user.username} />
      {twoFactor ? <TwoFactorSection /> : null}
      <DevicesSection />
    </>
  );
}

/** What each subject's screen holds (the ids and order: settings/subjects.ts). */
function Subject({ id, user }: { id: SettingsSubjectId; user: PublicUser }) {
  switch (id) {
    case 'business':
      return <BusinessSection />;
    case 'fees':
      return <FeesSection />;
    case 'vans':
      return (
        <>
          <CapacitySection />
          {/* The rosters are each technician's, kept with them under Team (docs/product.md "Staff dashboard"). */}
          <p className="text-gray-700">
            Each technician&apos;s working days and leave are kept with them, under Team:{' '}
            <Link href="/dashboard?tab=team" className="inline-flex min-h-11 items-center font-medium underline">
              Technicians&apos; rosters
            </Link>
          </p>
        </>
      );
    case 'closures':
      return <ClosuresSection user={user} />;
    case 'payments':
      return <PaymentMethodsSection />;
    case 'messages':
      return (
        <>
          <MessagesSection />
          <OutboxSection user={user} />
          <SmsOutboxSection user={user} />
        </>
      );
    case 'suburb-pages':
      return (
        <OnDemand label="Loading suburb pages...">
          <SuburbPagesSection />
        </OnDemand>
      );
    case 'tyres':
      return (
        <OnDemand label="Loading tyres...">
          <TyresSettingsSection />
        </OnDemand>
      );
    case 'accounting':
      return <AccountingSection />;
    case 'security':
      // The owner's own two-factor first: the rule for admins below needs it on, and a phone shows
      // its set-up without a flick (docs/decisions/434-two-factor-on-one-phone-and-the-bar.md).
      return (
        <>
          <TwoFactorSection />
          <SecuritySection />
        </>
      );
    case 'changes':
      return (
        <>
          <ChangesSection />
          <AuditLogSection />
        </>
      );
    case 'system':
      return <SystemSection />;
    case 'account':
      return <MyAccount user={user} twoFactor={false} />;
  }
}

/** The address's `#anchor`; none while the server renders and React hydrates (the server never sees it). */
function useHash(): string {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('hashchange', onChange);
      return () => window.removeEventListener('hashchange', onChange);
    },
    () => window.location.hash,
    () => '',
  );
}

/**
 * The short index of subjects, the owner's business first (decision 428): on a phone two columns of
 * 48 px rows, each opening its own screen; from 640 px a row of links above the screen shown.
 */
function SettingsIndex({ current, wide }: { current: SettingsSubjectId | null; wide: boolean }) {
  return (
    <nav aria-label="Business settings" className="rounded-xl border border-gray-200 p-3 sm:p-4">
      <ul className={wide ? 'flex flex-wrap gap-2' : 'grid grid-cols-2 gap-2'}>
        {wide && current ? (
          <li>
            <Link
              href="/dashboard?tab=settings"
              className="inline-flex min-h-11 items-center rounded-lg border border-gray-300 px-3 font-medium underline-offset-2 hover:underline"
            >
              All settings
            </Link>
          </li>
        ) : null}
        {SETTINGS_SUBJECTS.map((s) => (
          <li key={s.id}>
            <Link
              href={settingsHref(s.id)}
              aria-current={s.id === current ? 'page' : undefined}
              className={cn(
                'rounded-lg border font-medium',
                wide
                  ? 'inline-flex min-h-11 items-center px-3 underline-offset-2 hover:underline'
                  : 'flex min-h-12 h-full items-center justify-between gap-1 px-3 py-1 leading-tight',
                s.id === current ? 'border-accent bg-amber-50' : 'border-gray-300 hover:bg-gray-50',
              )}
            >
              {s.label}
              {wide ? null : <ChevronRight aria-hidden className="h-4 w-4 shrink-0 text-gray-500" />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The Settings tab. A technician's is their account. The owner's is one screen per subject
 * (`?tab=settings&section=fees`, docs/decisions/428-settings-one-screen-per-subject.md): on a phone
 * the index (and who is signed in, with Logout) until a subject is chosen, then that subject alone
 * under a way back; from 640 px the index above every subject, or above the one chosen.
 */
export function SettingsTab({ user }: { user: PublicUser }) {
  return user.role === 'admin' ? (
    <OwnerSettingsTab user={user} />
  ) : (
    <div className="space-y-6">
      <MyAccount user={user} />
    </div>
  );
}

function OwnerSettingsTab({ user }: { user: PublicUser }) {
  const wide = useMediaQuery(WIDE);
  const subject = subjectOfAddress(useSearch(), useHash());
  // A subject opens at its top, not where the index or the subject before it was scrolled to.
  const shown = useRef(subject);
  useEffect(() => {
    if (shown.current === subject) return;
    shown.current = subject;
    window.scrollTo(0, 0);
  }, [subject]);

  let screen: ReactNode;
  if (subject) screen = <Subject id={subject} user={user} />;
  else if (wide)
    screen = SETTINGS_SUBJECTS.map((s) => (
      <div key={s.id} className="contents">
        <Subject id={s.id} user={user} />
      </div>
    ));
  else screen = <AccountCard user={user} />;

  return (
    <div className="space-y-6">
      {subject && !wide ? (
        <Link
          href="/dashboard?tab=settings"
          className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-medium text-gray-800 underline-offset-2 hover:underline"
        >
          <ChevronLeft aria-hidden className="h-5 w-5" />
          All settings
        </Link>
      ) : (
        <SettingsIndex current={subject} wide={wide} />
      )}
      {screen}
    </div>
  );
}
