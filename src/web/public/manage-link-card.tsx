import { manageLinkSentNote } from '../lib/email-wording';

/**
 * The booking's own page (change, cancel, book again) and where its link went, on both
 * confirmations: the wizard's and the paid checkout's (docs/decisions/413-returning-customer-frictions.md, 422).
 */
export function ManageLinkCard({
  url,
  emailedTo,
  textedTo,
}: {
  url: string;
  emailedTo: string | null;
  textedTo: string | null;
}) {
  return (
    <div className="space-y-1 rounded-xl border border-gray-200 bg-white p-4">
      <p className="text-sm">Change, cancel or book again from your booking's own page:</p>
      <a
        href={url}
        className="inline-flex min-h-11 items-center font-semibold text-charcoal underline underline-offset-2"
      >
        Manage your booking
      </a>
      <p className="break-all text-xs text-gray-700">{url}</p>
      <p className="text-sm">{manageLinkSentNote(emailedTo, textedTo)}</p>
    </div>
  );
}
