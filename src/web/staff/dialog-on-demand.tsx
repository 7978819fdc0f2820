import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A dialog whose code is loaded the first time it opens, not with the screen that holds it: the
 * job and invoice dialogs' forms validate with zod, which the lists behind them never need
 * (docs/decisions/380-staff-first-screen-without-zod.md). Until its code is there, `loading`
 * shows the same dialog, loading. Once opened it stays mounted, so closing plays out as before.
 * `preload` fetches the code ahead of a tap.
 */
export function dialogOnDemand<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean, loading: (props: P) => ReactNode) {
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchCode = () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
  const Loaded = lazy(async () => ({ default: await fetchCode() }));
  function DialogOnDemand(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={loading(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return { Dialog: DialogOnDemand, preload: () => void fetchCode().catch(() => undefined) };
}
