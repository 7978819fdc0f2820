import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Route, Switch } from 'wouter';
import type { BusinessInfo } from '../../shared/schemas/site';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toast';
import { DashboardPage } from './dashboard-page';
import { LoginPage } from './login-page';
import { StaffNotFoundPage } from './not-found-page';
import { createStaffQueryClient } from './session';
import { StaffLayout } from './staff-layout';

const AdminBookingPage = lazy(() => import('./booking/admin-booking-page'));
const CreateInvoicePage = lazy(() => import('./invoices/create-invoice-page'));

const loading = (
  <div className="flex justify-center py-12">
    <Spinner label="Loading..." />
  </div>
);

/** The staff app (docs/product.md "Staff dashboard"), rendered in the browser only. */
export default function StaffApp({ business }: { business: BusinessInfo }) {
  const [client] = useState(createStaffQueryClient);
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
