import { lazy, Suspense } from 'react';
import { matchPublicPath } from '../../shared/public-routes';
import type { PageData } from '../../shared/schemas/site';
import type { HomePageData, SuburbPageData } from '../../shared/schemas/suburbs';
import { BookingLauncherProvider } from './booking-launcher';
import { BookingPage } from './booking/booking-page';
import { SiteLayout } from './layout/site-layout';
import { AboutPage } from './pages/about-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { PrivacyPage } from './pages/privacy-page';
import { SuburbNotFound, SuburbPage } from './pages/suburb-page';
import { TermsPage } from './pages/terms-page';
import { useHydrated } from '../lib/use-hydrated';

const CheckoutPage = lazy(() => import('./checkout/checkout-page'));
const PayInvoicePage = lazy(() => import('./pay/pay-invoice-page'));
const ManageBookingPage = lazy(() => import('./manage/manage-booking-page'));

function pageOfKind<K extends (SuburbPageData | HomePageData)['kind']>(
  page: unknown,
  kind: K,
): Extract<SuburbPageData | HomePageData, { kind: K }> | undefined {
  return typeof page === 'object' && page !== null && (page as { kind?: unknown }).kind === kind
    ? (page as Extract<SuburbPageData | HomePageData, { kind: K }>)
    : undefined;
}

/** The checkout is rendered in the browser only (its own chunk); the server sends the frame. */
function CheckoutRoute({ token }: { token: string }) {
  const hydrated = useHydrated();
  const loading = (
    <main id="main" className="mx-auto max-w-xl px-4 py-20">
      <p role="status">Loading checkout…</p>
    </main>
  );
  if (!hydrated) return loading;
  return (
    <Suspense fallback={loading}>
      <CheckoutPage token={token} />
    </Suspense>
  );
}

/** An invoice's pay page, rendered in the browser only (its token is not sent to any cache). */
function PayRoute({ token }: { token: string }) {
  const hydrated = useHydrated();
  const loading = (
    <main id="main" className="mx-auto max-w-xl px-4 py-20">
      <p role="status">Loading your invoice…</p>
    </main>
  );
  if (!hydrated) return loading;
  return (
    <Suspense fallback={loading}>
      <PayInvoicePage token={token} />
    </Suspense>
  );
}

/** The customer's manage-my-booking page, rendered in the browser only, like the pay page: its token and booking never reach a page cache. */
function ManageRoute({ token }: { token: string }) {
  const hydrated = useHydrated();
  const loading = (
    <main id="main" className="mx-auto max-w-xl px-4 py-20">
      <p role="status">Loading your booking…</p>
    </main>
  );
  if (!hydrated) return loading;
  return (
    <Suspense fallback={loading}>
      <ManageBookingPage token={token} />
    </Suspense>
  );
}

/**
 * The public site. Every page is a full page load, server-rendered from the same route table the
 * server uses (src/shared/public-routes.ts), so the head, status and content always agree.
 */
export function PublicApp({ data, location }: { data: PageData; location: { pathname: string; search: string } }) {
  const route = matchPublicPath(location.pathname);
  const b = data.business;

  if (route.name === 'pay') {
    return (
      <BookingLauncherProvider>
        <SiteLayout business={b} ownMain>
          <PayRoute token={route.token} />
        </SiteLayout>
      </BookingLauncherProvider>
    );
  }

  if (route.name === 'manage') {
    return (
      <BookingLauncherProvider>
        <SiteLayout business={b} ownMain quickCall={false}>
          <ManageRoute token={route.token} />
        </SiteLayout>
      </BookingLauncherProvider>
    );
  }

  if (route.name === 'checkout') {
    return (
      <BookingLauncherProvider>
        <SiteLayout business={b} ownMain>
          <CheckoutRoute token={route.token} />
        </SiteLayout>
      </BookingLauncherProvider>
    );
  }

  const suburb = route.name === 'suburb' ? pageOfKind(data.page, 'suburb') : undefined;
  const prefill = suburb?.found ? { suburb: suburb.suburb.suburb, postcode: suburb.suburb.postcode } : undefined;

  let content;
  switch (route.name) {
    case 'home':
      content = (
        <HomePage business={b} search={location.search} featured={pageOfKind(data.page, 'home')?.featured ?? []} />
      );
      break;
    case 'about':
      content = <AboutPage business={b} />;
      break;
    case 'privacy':
      content = <PrivacyPage business={b} />;
      break;
    case 'terms':
      content = <TermsPage business={b} />;
      break;
    case 'book':
      content = <BookingPage business={b} search={location.search} />;
      break;
    case 'suburb':
      content = suburb?.found ? <SuburbPage business={b} page={suburb.suburb} /> : <SuburbNotFound business={b} />;
      break;
    default:
      content = <NotFoundPage business={b} />;
  }
  return (
    <BookingLauncherProvider defaultPrefill={prefill} preloadWhenIdle={route.name === 'home'}>
      <SiteLayout business={b}>{content}</SiteLayout>
    </BookingLauncherProvider>
  );
}
