import { useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { Link } from 'wouter';
import { api } from '../lib/api';

/**
 * Tells an admin, on every dashboard page, when customer emails are only stored: without SMTP_URL
 * confirmations, invoices and cancellations reach nobody until someone reads them under Settings.
 */
export function EmailDeliveryNotice() {
  const delivery = useQuery(api.emails.delivery.query());
  if (delivery.data?.mode !== 'stored') return null;
  return (
    <div role="note" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
      <p className="mx-auto flex max-w-7xl items-start gap-2">
        <MailWarning aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          Customer emails are not being sent: no mail server is set (SMTP_URL). Read them in the Settings tab under{' '}
          <Link href="/dashboard?tab=settings" className="font-semibold underline">
            Customer emails
          </Link>
          .
        </span>
      </p>
    </div>
  );
}
