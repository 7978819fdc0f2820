import { lazy, Suspense, useState, type ComponentType } from 'react';
import { onDemand } from '../lib/on-demand';

/**
 * A dialog whose code is loaded the first time it opens, not with the screen that holds it: a
 * dialog's form validates with zod, which the list or calendar behind it never needs
 * (docs/decisions/380-staff-first-screen-without-zod.md). The first time, it opens once its code
 * is there; a stand-in dialog shown meanwhile was tried, and swapping one dialog for another left
 * a moment with neither's buttons usable. Once opened it stays mounted, so closing plays out as
 * before. `preload` fetches the code ahead of a tap.
 */
export function dialogOnDemand<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean) {
  const fetchCode = onDemand(load);
  const Loaded = lazy(async () => ({ default: await fetchCode() }));
  function DialogOnDemand(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return { Dialog: DialogOnDemand, preload: () => void fetchCode().catch(() => undefined) };
}

/**
 * Handlers for the element a dialog is opened from (a list, a screen, a button): a finger coming
 * down on it, or focus moving into it, fetches the dialogs' code, so the tap that follows seldom
 * waits for it.
 */
export function fetchAheadOfTap(...dialogs: { preload: () => void }[]) {
  const preload = () => dialogs.forEach((d) => d.preload());
  return { onPointerDown: preload, onFocus: preload };
}
