import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A server-rendered dashboard page is on screen before React runs it. Until it has been hydrated
 * its buttons, fields and choices are disabled, so a tap or a typed value is never taken and then
 * silently dropped; links still work, by loading their page
 * (docs/decisions/379-staff-page-usable-before-its-scripts.md). A page drawn in the browser is
 * hydrated from the start and never disabled.
 *
 * React hydrates each Suspense boundary as a whole, and may do so after the page around it (when
 * its code arrives later), so one sits directly inside every boundary a server-rendered page holds.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    // role="none": the fieldset is here for its `disabled` only, not as a group a screen reader announces.
    <fieldset role="none" disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
