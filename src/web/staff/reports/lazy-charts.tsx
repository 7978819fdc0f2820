import { lazy, Suspense, type ComponentProps } from 'react';
import { useHydrated } from '../../public/use-hydrated';

/**
 * The report charts, fetched after the figures: the chart library is most of the reports tab's
 * script, and the headline numbers should not wait for it (docs/decisions/342-staff-first-screen.md).
 * Each chart fills a box of fixed height, so nothing moves when it arrives. Not in the server's
 * markup (decision 370): the charts measure the page they are drawn in.
 */
const Charts = {
  MonthlyBars: lazy(async () => ({ default: (await import('./charts')).MonthlyBars })),
  CategoryBars: lazy(async () => ({ default: (await import('./charts')).CategoryBars })),
};

type ChartsModule = typeof import('./charts');

export function MonthlyBars(props: ComponentProps<ChartsModule['MonthlyBars']>) {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <Charts.MonthlyBars {...props} />
    </Suspense>
  );
}

export function CategoryBars(props: ComponentProps<ChartsModule['CategoryBars']>) {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <Charts.CategoryBars {...props} />
    </Suspense>
  );
}
