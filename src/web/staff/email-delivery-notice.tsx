import { useQuery } from '@tanstack/react-query';
import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { EMAIL_NOTICE_PUT_AWAY_COOKIE } from '../../shared/domain/email-notice';
import { api } from '../lib/api';

/**
 * Tells an admin, on every dashboard page, when customer emails are only stored: without SMTP_URL
 * confirmations, invoices and cancellations reach nobody until someone reads them under Settings.
 * One line, in a landmark of its own, and put away for the rest of the browser session once read
 * (decision 352): it returns in the next session while the mail server is still missing.
 */
export function EmailDeliveryNotice() {
  const delivery = useQuery(api.emails.delivery.query());
  // Put away with a browser-session cookie, which the server reads too: a page it renders after that
  // leaves the notice out, and one it renders before shows it from the first paint, so nothing
  // below it moves when the page comes to life (decision 379).
  const [dismissed, setDismissed] = useState(false);
  if (delivery.data?.mode !== 'stored' || delivery.data.noticePutAway || dismissed) return null;
  return (
    <aside aria-label="Email delivery" className="border-b border-amber-300 bg-amber-50 px-4 text-sm text-amber-950">
      <p className="mx-auto flex max-w-7xl items-center gap-2">
        <MailWarning aria-hidden className="h-4 w-4 shrink-0" />
        <Link
          href="/dashboard?tab=settings&section=messages"
          className="inline-flex min-h-11 min-w-0 flex-1 items-center font-semibold underline"
        >
          Emails not sent (no mail server)
          <span className="sr-only">
            : customer emails are only stored (SMTP_URL is not set); read them under Customer emails
          </span>
        </Link>
        <button
          type="button"
          aria-label="Dismiss the email notice"
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-amber-100"
          onClick={() => {
            document.cookie = `${EMAIL_NOTICE_PUT_AWAY_COOKIE}=1; path=/; SameSite=Lax`;
            setDismissed(true);
          }}
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      </p>
    </aside>
  );
}
