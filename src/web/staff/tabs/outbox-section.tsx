import { useQuery } from '@tanstack/react-query';
import type { OutboxEmail } from '../../../shared/schemas/emails';
import { api } from '../../lib/api';
import { perthDateTime } from '../../../shared/domain/perth-time';
import { Paperclip } from 'lucide-react';
import type { PublicUser } from '../../../shared/schemas/auth';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/spinner';

export function outboxStatusLabel(email: Pick<OutboxEmail, 'status' | 'lastError'>): string {
  switch (email.status) {
    case 'sent':
      return 'Sent';
    case 'stored':
      return 'Stored - not sent (no mail server set)';
    case 'failed':
      return `Failed: ${email.lastError || 'unknown error'}`;
    default:
      return 'Waiting to send';
  }
}

const STATUS_STYLE: Record<string, string> = {
  sent: 'bg-green-100 text-green-900',
  stored: 'bg-gray-100 text-gray-900',
  failed: 'bg-red-100 text-red-900',
};

/**
 * Without SMTP_URL customer emails stay in the outbox and staff read them here.
 * Admin only: a technician's Settings tab renders nothing and asks for nothing.
 */
export function OutboxSection({ user }: { user: PublicUser }) {
  return user.role === 'admin' ? <OutboxList /> : null;
}

function OutboxList() {
  // Always re-read on opening the tab: new bookings add emails while the dashboard is open.
  const emails = useQuery({ ...api.emails.outbox.query(), staleTime: 0 });

  return (
    <section
      id="customer-emails"
      aria-labelledby="outbox-heading"
      className="max-w-3xl scroll-mt-20 rounded-xl border border-gray-200 p-5"
    >
      <h2 id="outbox-heading" className="text-lg font-bold">
        Customer emails
      </h2>
      <p className="mt-1 text-sm text-gray-700">The most recent emails to customers, newest first.</p>

      <div className="mt-4">
        {emails.isPending ? (
          <Spinner label="Loading emails..." />
        ) : emails.isError ? (
          <p role="alert" className="text-red-700">
            Failed to load emails
          </p>
        ) : emails.data.length === 0 ? (
          <p className="text-gray-700">No emails yet.</p>
        ) : (
          <ul aria-label="Customer emails" className="divide-y divide-gray-200 rounded-lg border border-gray-200">
            {emails.data.map((email) => (
              <OutboxItem key={email.id} email={email} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function OutboxItem({ email }: { email: OutboxEmail }) {
  return (
    <li className="p-4">
      <p className="font-semibold break-words">{email.subject}</p>
      <p className="mt-1 text-sm break-all text-gray-700">To: {email.to}</p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <time dateTime={email.createdAt} className="text-gray-700">
          {perthDateTime(email.createdAt)}
        </time>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 break-words',
            STATUS_STYLE[email.status] ?? 'bg-yellow-100 text-yellow-900',
          )}
        >
          {outboxStatusLabel(email)}
        </span>
      </p>
      {email.attachments.length > 0 ? (
        <ul aria-label="Attachments" className="mt-2 space-y-1 text-sm text-gray-700">
          {email.attachments.map((a) => (
            <li key={a.filename} className="flex items-center gap-1 break-all">
              <Paperclip aria-hidden className="h-4 w-4 shrink-0" />
              {a.filename}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="group mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium text-charcoal underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-charcoal">
          Read email
        </summary>
        <pre className="mt-2 overflow-x-auto rounded-md bg-gray-50 p-3 font-sans text-sm whitespace-pre-wrap break-words text-gray-900">
          {email.text}
        </pre>
      </details>
    </li>
  );
}
