import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Route, Switch } from 'wouter';
import type { BusinessInfo } from '../../shared/schemas/site';
import type { StaffFirstScreen } from '../../shared/schemas/staff-first-screen';
import type { QueryClient } from '@tanstack/react-query';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toast';
import { DashboardPage } from './dashboard-page';
import { LoginPage } from './login-page';
import { StaffNotFoundPage } from './not-found-page';
import { createStaffQueryClient, USER_KEY } from './session';
import { StaffLayout } from './staff-layout';

const AdminBookingPage = lazy(() => import('./booking/admin-booking-page'));
const CreateInvoicePage = lazy(() => import('./invoices/create-invoice-page'));

const loading = (
  <div className="flex justify-center py-12">
    <Spinner label="Loading..." />
  </div>
);

/**
 * The session and first reads the server sent with the page (decision 342): the first screen
 * renders from them at once instead of asking /api/user and then the tab's list in turn.
 */
function seeded(client: QueryClient, firstScreen: StaffFirstScreen | undefined): QueryClient {
  if (!firstScreen) return client;
  client.setQueryData(USER_KEY, firstScreen.session);
  for (const { key, data } of firstScreen.queries) client.setQueryData(key, data);
  return client;
}

/** The staff app (docs/product.md "Staff dashboard"), rendered in the browser only. */
export default function StaffApp({ business, firstScreen }: { business: BusinessInfo; firstScreen?: StaffFirstScreen }) {
  const [client] = useState(() => seeded(createStaffQueryClient(), firstScreen));
  return (
    <QueryClientProvider client={client}>
      <Switch>
        <Route path="/auth">
          <LoginPage business={business} />
        </Route>
        <Route path="/dashboard/login">
          <LoginPage business={business} />
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
      <Toaster placement="staff" />
    </QueryClientProvider>
  );
}
