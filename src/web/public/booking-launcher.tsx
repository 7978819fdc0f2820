import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { onDemand, whenIdle } from '../lib/on-demand';
import type { BookingPrefill } from './booking/booking-wizard';

/**
 * The wizard is its own chunk, outside the first load (the JS budget, decision 120): fetched on the
 * home page once the browser is idle after the first paint, elsewhere when a book button is
 * hovered, focused or tapped (docs/decisions/413-returning-customer-frictions.md).
 */
const loadWizard = onDemand(() => import('./booking/booking-wizard'));
const BookingWizard = lazy(loadWizard);

type BookingDialogApi = {
  open(prefill?: BookingPrefill): void;
  /** Starts fetching the wizard chunk early (pointerenter / focus of a book button). */
  preload(): void;
};

const BookingDialogContext = createContext<BookingDialogApi | null>(null);

/** A failed fetch is asked again on the next preload or open (onDemand). */
function preloadWizard() {
  loadWizard().catch(() => undefined);
}

export function BookingLauncherProvider({
  children,
  defaultPrefill,
  preloadWhenIdle = false,
}: {
  children: ReactNode;
  defaultPrefill?: BookingPrefill;
  /** Fetch the wizard once the page has painted and the browser is idle, so the first tap on Book waits for nothing (decision 413). */
  preloadWhenIdle?: boolean;
}) {
  useEffect(() => (preloadWhenIdle ? whenIdle(preloadWizard) : undefined), [preloadWhenIdle]);
  const [state, setState] = useState<{ mounted: boolean; open: boolean; prefill?: BookingPrefill }>({
    mounted: false,
    open: false,
  });
  const open = useCallback(
    (prefill?: BookingPrefill) => setState({ mounted: true, open: true, prefill: prefill ?? defaultPrefill }),
    [defaultPrefill],
  );
  const onOpenChange = useCallback((next: boolean) => setState((s) => ({ ...s, open: next })), []);
  const api = useMemo(() => ({ open, preload: preloadWizard }), [open]);
  return (
    <BookingDialogContext.Provider value={api}>
      {children}
      {state.mounted ? (
        <Suspense fallback={<LoadingBooking />}>
          <BookingWizard open={state.open} onOpenChange={onOpenChange} prefill={state.prefill} />
        </Suspense>
      ) : null}
    </BookingDialogContext.Provider>
  );
}

function LoadingBooking() {
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-6 z-50 mx-auto w-fit rounded-full bg-charcoal px-5 py-3 text-sm font-semibold text-white shadow-lg"
    >
      Opening booking…
    </div>
  );
}

export function useBookingDialog(): BookingDialogApi {
  const api = useContext(BookingDialogContext);
  if (!api) throw new Error('useBookingDialog must be used inside <BookingLauncherProvider>');
  return api;
}
