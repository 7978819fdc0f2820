import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { Button } from './button';

/**
 * Asks before something that cannot be undone (deleting a job, an invoice, an expense). An alert
 * dialog: focus starts on the safe choice, Escape and the overlay do not confirm.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  pendingLabel,
  isPending = false,
  onConfirm,
  destructive = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs ("Deleting..."). */
  pendingLabel?: string;
  isPending?: boolean;
  onConfirm: () => void;
  destructive?: boolean;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <RadixDialog.Content
          role="alertdialog"
          onPointerDownOutside={(e) => e.preventDefault()}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            cancelRef.current?.focus();
          }}
          className="fixed inset-x-4 top-1/2 z-[70] mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl"
        >
          <RadixDialog.Title className="text-lg font-bold text-charcoal">{title}</RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-gray-800">{message}</RadixDialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <RadixDialog.Close asChild>
              <Button ref={cancelRef} variant="outline" disabled={isPending}>
                Cancel
              </Button>
            </RadixDialog.Close>
            <Button variant={destructive ? 'danger' : 'primary'} disabled={isPending} onClick={onConfirm}>
              {isPending ? (pendingLabel ?? `${confirmLabel}...`) : confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
