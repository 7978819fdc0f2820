import { lazy, Suspense } from 'react';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Spinner } from '../../components/ui/spinner';
import { UntilHydrated } from '../until-hydrated';

// The charts library is downloaded only when the Reports tab opens (decision 210).
const ReportsScreen = lazy(() => import('../reports/reports-screen'));

/** The Reports tab (admin only). */
export function ReportsTab(_props: { user: PublicUser }) {
  return (
    <Suspense fallback={<Spinner label="Loading reports..." />}>
      <UntilHydrated>
        <ReportsScreen />
      </UntilHydrated>
    </Suspense>
  );
}
