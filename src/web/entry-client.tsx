import './lib/zod-without-eval';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPageData } from './lib/page-data';
import { PublicApp } from './public/public-app';
import type { StaffFirstScreen } from '../shared/schemas/staff-first-screen';
import './styles.css';

const StaffApp = lazy(() => import('./staff/staff-app'));

const data = readPageData();
const root = document.getElementById('root')!;

if (data.app === 'staff') {
  const staffRoot = createRoot(root);
  // Rendered as a transition, so React yields to the browser every few milliseconds instead of
  // blocking a phone's main thread for the whole first screen (docs/decisions/342-staff-first-screen.md).
  startTransition(() =>
    staffRoot.render(
      <StrictMode>
        <Suspense fallback={null}>
          <StaffApp business={data.business} firstScreen={data.page as StaffFirstScreen | undefined} />
        </Suspense>
      </StrictMode>,
    ),
  );
} else {
  hydrateRoot(
    root,
    <StrictMode>
      <PublicApp data={data} location={{ pathname: window.location.pathname, search: window.location.search }} />
    </StrictMode>,
  );
}
