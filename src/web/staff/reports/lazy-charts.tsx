import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The report charts, fetched after the figures: the chart library is most of the reports tab's
 * script, and the headline numbers should not wait for it (docs/decisions/342-staff-first-screen.md).
 * Each chart fills a box of fixed height, so nothing moves when it arrives.
 */
const Charts = {
  MonthlyBars: lazy(async () => ({ default: (await import('./charts')).MonthlyBars })),
  CategoryBars: lazy(async () => ({ default: (await import('./charts')).CategoryBars })),
};

type ChartsModule = typeof import('./charts');

export function MonthlyBars(props: ComponentProps<ChartsModule['MonthlyBars']>) {
  return (
    <Suspense fallback={null}>
      <Charts.MonthlyBars {...props} />
    </Suspense>
  );
}

export function CategoryBars(props: ComponentProps<ChartsModule['CategoryBars']>) {
  return (
    <Suspense fallback={null}>
      <Charts.CategoryBars {...props} />
    </Suspense>
  );
}
