import { hashKey, QueryClientProvider, type Query } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Route, Router, Switch } from 'wouter';
import type { BusinessInfo } from '../../shared/schemas/site';
import type { StaffFirstScreen } from '../../shared/schemas/staff-first-screen';
import type { QueryClient } from '@tanstack/react-query';
import { Spinner } from '../components/ui/spinner';
import { WideScreenGuess } from '../components/ui/use-media-query';
import { Toaster } from '../components/ui/toast';
import { StaffBusiness } from './business';
import { DashboardPage } from './dashboard-page';
export { loadShownTab } from './dashboard-page';
import { StaffNotFoundPage } from './not-found-page';
import { createStaffQueryClient, USER_KEY } from './session';
import { StaffLayout } from './staff-layout';
import { RenderedToday } from './use-perth-today';

const AdminBookingPage = lazy(() => import('./booking/admin-booking-page'));
const CreateInvoicePage = lazy(() => import('./invoices/create-invoice-page'));
// The sign-in forms load zod; a signed-in page does not need them (docs/decisions/380-staff-first-screen-without-zod.md).
const LoginPage = lazy(async () => ({ default: (await import('./login-page')).LoginPage }));

const loading = (
  <div className="flex justify-center py-12">
    <Spinner label="Loading..." />
  </div>
);

/** How long the reads that came with the page count as just read, so mounting the first screen does not ask them again. */
const FROM_PAGE_FRESH_MS = 10_000;

/**
 * The session and first reads the server sent with the page (decision 342): the first screen
 * renders from them at once instead of asking /api/user and then the tab's list in turn. A list
 * read again whenever it is shown (staleTime 0) is not read again as the page opens: the server has
 * just read it, and asking again would render the whole first screen twice more, as "Refreshing..."
 * and back (docs/decisions/370-staff-first-screen-server-rendered.md).
 */
export function seeded(client: QueryClient, firstScreen: StaffFirstScreen | undefined): QueryClient {
  if (!firstScreen) return client;
  const arrived = Date.now();
  client.setQueryData(USER_KEY, firstScreen.session);
  for (const { key, data } of firstScreen.queries) client.setQueryData(key, data, { updatedAt: arrived });
  const fromPage = new Set(firstScreen.queries.map(({ key }) => hashKey(key)));
  const defaults = client.getDefaultOptions();
  const justSent = (query: Query) =>
    fromPage.has(query.queryHash) && query.state.dataUpdatedAt === arrived && Date.now() - arrived < FROM_PAGE_FRESH_MS;
  client.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, refetchOnMount: (query) => !justSent(query) },
  });
  return client;
}

type StaffAppProps = {
  business: BusinessInfo;
  firstScreen?: StaffFirstScreen;
  /** Server render only: the requested address, and the query client whose reads it records (docs/decisions/370-staff-first-screen-server-rendered.md). */
  server?: { pathname: string; search: string; client: QueryClient };
};

/**
 * The staff app (docs/product.md "Staff dashboard"). A signed-in dashboard page is rendered on the
 * server too and hydrated in the browser from the same seeded reads (decision 370).
 */
export default function StaffApp({ business, firstScreen, server }: StaffAppProps) {
  const [client] = useState(() => server?.client ?? seeded(createStaffQueryClient(), firstScreen));
  const routes = <StaffRoutes business={business} />;
  return (
    <WideScreenGuess value={firstScreen?.wide ?? false}>
      <RenderedToday value={firstScreen?.today ?? null}>
        <QueryClientProvider client={client}>
          <StaffBusiness value={business}>
            {server ? (
              <Router ssrPath={server.pathname} ssrSearch={server.search}>
                {routes}
              </Router>
            ) : (
              routes
            )}
          </StaffBusiness>
          <Toaster placement="staff" />
        </QueryClientProvider>
      </RenderedToday>
    </WideScreenGuess>
  );
}

function StaffRoutes({ business }: { business: BusinessInfo }) {
  return (
    <Switch>
      <Route path="/auth">
        <Suspense fallback={loading}>
          <LoginPage business={business} />
        </Suspense>
      </Route>
      <Route path="/dashboard/login">
        <Suspense fallback={loading}>
          <LoginPage business={business} />
        </Suspense>
      </Route>
      <Route path="/dashboard/booking/new">
        <StaffLayout business={business}>
          {() => (
            <Suspense fallback={loading}>
              <AdminBookingPage />
            </Suspense>
          )}
        </StaffLayout>
      </Route>
      <Route path="/dashboard/invoices/new">
        <StaffLayout business={business}>
          {() => (
            <Suspense fallback={loading}>
              <CreateInvoicePage />
            </Suspense>
          )}
        </StaffLayout>
      </Route>
      <Route path="/dashboard">
        <StaffLayout business={business}>{(user) => <DashboardPage user={user} />}</StaffLayout>
      </Route>
      <Route path="/">
        <StaffLayout business={business}>{(user) => <DashboardPage user={user} />}</StaffLayout>
      </Route>
      <Route>
        <StaffNotFoundPage />
      </Route>
    </Switch>
  );
}
