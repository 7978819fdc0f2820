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
  const app = (
    <StrictMode>
      <Suspense fallback={null}>
        <StaffApp business={data.business} firstScreen={data.page as StaffFirstScreen | undefined} />
      </Suspense>
    </StrictMode>
  );
  // Both run as a transition, so React yields to the browser every few milliseconds instead of
  // blocking a phone's main thread for the whole first screen (docs/decisions/342-staff-first-screen.md).
  // A signed-in dashboard page comes rendered by the server and is hydrated (decision 370); a page
  // without markup (nobody signed in, or the copy kept for use offline) is rendered here.
  const firstScreen = data.page as StaffFirstScreen | undefined;
  if (root.firstElementChild && firstScreen?.session) {
    // The staff app's and the shown tab's code first (both modulepreloaded with the page), so
    // hydration waits on no chunk and a tap is never dropped by a part still waiting for its code.
    void import('./staff/staff-app')
      .then((m) => m.loadShownTab(window.location.search, firstScreen.session!.role))
      .catch(() => undefined)
      .then(() => startTransition(() => void hydrateRoot(root, app)));
  } else {
    const staffRoot = createRoot(root);
    startTransition(() => staffRoot.render(app));
  }
} else {
  hydrateRoot(
    root,
    <StrictMode>
      <PublicApp data={data} location={{ pathname: window.location.pathname, search: window.location.search }} />
    </StrictMode>,
  );
}
