import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';
import { cn } from './cn';

/**
 * A dialog that traps focus, closes on Escape, and fills the screen on a phone. Opened without a
 * Radix trigger (by state), so it remembers what had focus when it opened and gives focus back to
 * it on close (decision 174).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  stacked = false,
  initialFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * Opened from inside another dialog: drawn above it with its own backdrop and centred on every
   * screen, so it reads as a question about the dialog below rather than a part of it.
   */
  stacked?: boolean;
  /** What takes the focus when the dialog opens (e.g. a step's heading), instead of its first control. */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={cn('fixed inset-0 bg-black/50', stacked ? 'z-[60]' : 'z-40')} />
        <RadixDialog.Content
          onOpenAutoFocus={(event) => {
            // Runs before focus moves in: the active element is still the control that opened the dialog.
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement && document.activeElement !== document.body
                ? document.activeElement
                : null;
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const opener = returnFocusTo.current;
            returnFocusTo.current = null;
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          // Without a description, say so (Radix expects one): a hidden copy of the title would be read twice.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onKeyDown={(event) => {
            // A toast that opened after the dialog is the top layer, so Radix gives Escape to it alone and
            // the dialog stayed open. Escape from inside the dialog closes the dialog (and the toast) at
            // once; a popover or nested dialog that handled Escape itself has marked the event handled.
            if (event.key !== 'Escape' || event.defaultPrevented) return;
            event.preventDefault(); // handled: a dialog this one sits in stays open
            onOpenChange(false);
          }}
          className={cn(
            stacked
              ? 'fixed inset-x-4 top-1/2 z-[70] mx-auto max-h-[90dvh] max-w-md -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl'
              : 'fixed inset-x-0 bottom-0 z-50 max-h-[100dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            className,
          )}
        >
          {/* The title and Close stay pinned while a long dialog scrolls, so Close is always one tap away
              (decision 352); the negative margins lay the pinned bar over the dialog's own padding. */}
          <div className="sticky top-0 z-10 -mx-5 -mt-5 mb-4 flex items-start justify-between gap-4 bg-white px-5 pb-2 pt-5">
            <div className="min-w-0">
              <RadixDialog.Title className="text-xl font-bold text-charcoal">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-gray-700">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-gray-100"
              aria-label="Close"
            >
              <X aria-hidden className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
