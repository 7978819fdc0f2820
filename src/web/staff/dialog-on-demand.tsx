import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Dialog } from '../components/ui/dialog';
import { Skeleton, SkeletonGroup } from '../components/ui/skeleton';

/**
 * A dialog whose code is loaded the first time it opens, not with the screen that holds it: a
 * dialog's form validates with zod, which the list or calendar behind it never needs
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

/** The plain loading state of a dialog on demand: its frame and title, the form's place held. */
export function LoadingDialog({ open, onClose, title }: { open: boolean; onClose: () => void; title: string }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={title}>
      <SkeletonGroup label="Loading..." className="space-y-3">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
        <Skeleton className="h-11 w-32" />
      </SkeletonGroup>
    </Dialog>
  );
}
