import * as RadixToast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { cn } from './cn';
import { useMediaQuery } from './use-media-query';

/** On a staff phone a toast with news goes after 3 s; an error keeps the usual 5 s to be read (decision 352). */
const STAFF_PHONE_NEWS_MS = 3000;

/**
 * Toasts as docs/product.md "API conventions" words them: one at a time, 5 s by default, swipe
 * right to dismiss, F8 focuses them. `toast()` can be called from anywhere (mutations, event
 * handlers); <Toaster /> renders it.
 */
export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  /** One button in the toast, e.g. Undo (docs/decisions/420-undo-instead-of-confirm.md); it closes the toast. */
  action?: { label: string; altText: string; onAction: () => void };
};
type ToastState = (ToastInput & { id: number }) | null;

let current: ToastState = null;
/** Toasts waiting for the one on screen to close (queueToast). */
const waiting: ToastInput[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast at once, replacing the one on screen. */
export function toast(input: ToastInput) {
  current = { ...input, id: nextId++ };
  emit();
}

/**
 * Shows a toast after the one on screen has closed (at once when none is): for news that follows
 * other news, like the photos of a booking after 'Booking Confirmed!', so neither hides the other.
 */
export function queueToast(input: ToastInput) {
  if (current) waiting.push(input);
  else toast(input);
}

function dismiss(id: number) {
  if (current?.id === id) {
    const next = waiting.shift();
    current = next ? { ...next, id: nextId++ } : null;
    emit();
  }
}

/**
 * `placement="staff"`: on a phone the toast is a compact strip at the top, clear of the header's
 * notifications and a dialog's Close on the right, and of the lists and bottom bar where staff tap
 * (decision 352). The public pages keep the low position of decision 171, except `"top"`: the
 * booking's confirmation, whose manage link is where a low toast would sit (decision 447).
 */
export function Toaster({ placement = 'public' }: { placement?: 'public' | 'top' | 'staff' }) {
  const phone = !useMediaQuery('(min-width: 640px)');
  const staffPhone = placement === 'staff' && phone;
  const t = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
  return (
    <RadixToast.Provider swipeDirection="right" swipeThreshold={50} duration={5000}>
      {t ? (
        <RadixToast.Root
          key={t.id}
          duration={t.duration ?? (staffPhone && t.variant !== 'destructive' ? STAFF_PHONE_NEWS_MS : 5000)}
          onOpenChange={(open) => !open && dismiss(t.id)}
          className={cn(
            'pointer-events-auto rounded-xl border shadow-lg',
            staffPhone ? 'py-2 pl-3 pr-11 text-sm' : 'p-4',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full',
            t.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-gray-200 bg-white text-charcoal',
          )}
        >
          <RadixToast.Title className="font-semibold">{t.title}</RadixToast.Title>
          {t.description ? (
            <RadixToast.Description className={cn('text-sm', staffPhone ? '' : 'mt-1')}>
              {t.description}
            </RadixToast.Description>
          ) : null}
          {t.action ? (
            <RadixToast.Action
              altText={t.action.altText}
              onClick={t.action.onAction}
              className="mt-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-charcoal px-4 font-semibold"
            >
              {t.action.label}
            </RadixToast.Action>
          ) : null}
          <RadixToast.Close
            className="absolute right-0 top-0 inline-flex h-11 w-11 items-center justify-center rounded text-sm opacity-80 hover:opacity-100"
            aria-label="Dismiss"
          >
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ) : null}
      {/* Public phones: above the bottom 5rem (a dialog's Back/Next bar, the floating call button), clear of a
          full-screen dialog's title and step counter (decision 171); staff phones: the top strip above
          (decision 352); top right from 640 px. */}
      {/* aria-live="off" changes nothing a screen reader does (Radix announces each toast itself) but an open
          dialog's aria-hidden leaves elements carrying aria-live, and their parents, readable: without it a job
          sheet hides "Payment Recorded" from screen readers while it is open. */}
      <RadixToast.Viewport
        aria-live="off"
        hotkey={['F8']}
        label="Notifications ({hotkey})"
        className={cn(
          'fixed z-[100] flex flex-col gap-2 outline-none sm:inset-x-auto sm:bottom-auto sm:right-0 sm:top-0 sm:w-full sm:max-w-sm sm:p-4 [&>li]:relative',
          // Staff's strip and the confirmation's keep clear of the Close at the top right.
          placement === 'public' ? 'inset-x-0 bottom-20 p-4' : 'left-0 right-[4.5rem] top-0 p-2',
        )}
      />
    </RadixToast.Provider>
  );
}
