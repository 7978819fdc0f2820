import { Plus } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import type { PublicUser } from '../../shared/schemas/auth';
import type { BusinessInfo } from '../../shared/schemas/site';
import { Spinner } from '../components/ui/spinner';
import { EmailDeliveryNotice } from './email-delivery-notice';
import { LiveNotifications } from './notifications/live-notifications';
import { OfflineBanner } from './offline/offline-banner';
import { useCurrentUser } from './session';
import { SystemAlertsBanner } from './system-alerts-banner';
import { useTwoFactorRequired } from './two-factor/use-two-factor-required';
import { UntilHydrated } from './until-hydrated';

// Shown instead of the dashboard only now and then, and built on forms that load zod: their code
// comes when they are shown (docs/decisions/380-staff-first-screen-without-zod.md).
const ChoosePasswordPage = lazy(async () => ({
  default: (await import('./account/choose-password-page')).ChoosePasswordPage,
}));
const TwoFactorRequired = lazy(async () => ({
  default: (await import('./two-factor/two-factor-required')).TwoFactorRequired,
}));

const checking = (
  <main className="flex min-h-dvh items-center justify-center">
    <Spinner label="Checking authentication..." />
  </main>
);

/**
 * The protected frame of every staff screen: 'Checking authentication...' while
 * the user loads, /auth when there is none, else the header and the screen.
 */
export function StaffLayout({
  business,
  children,
}: {
  business: BusinessInfo;
  children: (user: PublicUser) => ReactNode;
}) {
  const user = useCurrentUser();
  if (user.isPending) return checking;
  if (!user.data) return <Redirect to="/auth" replace />;
  // After an admin's reset nothing else answers until the user has chosen their own password.
  if (user.data.passwordChangeRequired) {
    return (
      <Suspense fallback={checking}>
        <ChoosePasswordPage user={user.data} />
      </Suspense>
    );
  }
  return (
    <SignedInFrame business={business} user={user.data}>
      {children(user.data)}
    </SignedInFrame>
  );
}

/** The header and the screen; while the owner requires two-factor of this admin, only its enrolment (decision 321). */
function SignedInFrame({
  business,
  user,
  children,
}: {
  business: BusinessInfo;
  user: PublicUser;
  children: ReactNode;
}) {
  const twoFactor = useTwoFactorRequired(user);
  if (twoFactor.required) {
    return (
      <Suspense fallback={checking}>
        <TwoFactorRequired onDone={twoFactor.done} />
      </Suspense>
    );
  }
  return (
    <UntilHydrated>
      <div className="min-h-dvh bg-gray-50">
        <header className="bg-charcoal text-white">
          {/* On a phone the name keeps its row, wrapping rather than cut off, and New Booking takes the next row. */}
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
            <Link href="/dashboard" className="min-w-0 flex-1 basis-0 rounded">
              <span className="block text-lg font-bold leading-snug [overflow-wrap:anywhere]">{business.name}</span>
              <span className="block text-sm text-gray-300">
                {user.username} · {user.role === 'admin' ? 'Admin' : 'Technician'}
              </span>
            </Link>
            <LiveNotifications user={user} />
            <Link
              href="/dashboard/booking/new"
              className="inline-flex min-h-11 w-full shrink-0 items-center justify-center gap-2 rounded-lg bg-accent px-4 font-semibold text-charcoal hover:bg-accent-strong sm:w-auto"
            >
              <Plus aria-hidden className="h-4 w-4" />
              New Booking
            </Link>
          </div>
        </header>
        <OfflineBanner user={user} />
        {user.role === 'admin' ? <SystemAlertsBanner /> : null}
        {user.role === 'admin' ? <EmailDeliveryNotice /> : null}
        {children}
      </div>
    </UntilHydrated>
  );
}
