import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';

/**
 * The report charts, fetched and drawn when their box nears the screen: the chart library is most
 * of the reports tab's script, and the headline figures, which come first, should not wait for it
 * (docs/decisions/342-staff-first-screen.md). Each chart fills a box of fixed height, so nothing
 * moves when it arrives. The server's markup holds the empty box (decision 370): the charts measure
 * the page they are drawn in. Drawing waits for the browser to be free (a transition), so a phone
 * scrolling past stays responsive (docs/decisions/379-staff-page-usable-before-its-scripts.md).
 */
const Charts = {
  MonthlyBars: lazy(async () => ({ default: (await import('./charts')).MonthlyBars })),
  CategoryBars: lazy(async () => ({ default: (await import('./charts')).CategoryBars })),
};

type ChartsModule = typeof import('./charts');

/** How far below the screen a chart starts to load, so it is drawn by the time it is scrolled to. */
const AHEAD = '300px';

function WhenNearScreen({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const watcher = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        watcher.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: AHEAD },
    );
    watcher.observe(el);
    return () => watcher.disconnect();
  }, []);
  return (
    <div ref={box} className="h-full w-full">
      {near ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}

export function MonthlyBars(props: ComponentProps<ChartsModule['MonthlyBars']>) {
  return (
    <WhenNearScreen>
      <Charts.MonthlyBars {...props} />
    </WhenNearScreen>
  );
}

export function CategoryBars(props: ComponentProps<ChartsModule['CategoryBars']>) {
  return (
    <WhenNearScreen>
      <Charts.CategoryBars {...props} />
    </WhenNearScreen>
  );
}
