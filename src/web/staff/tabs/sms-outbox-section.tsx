import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { OutgoingMessage } from '../../../shared/schemas/messages';
import { formatAustralianMobile } from '../../../shared/domain/phone';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { perthDateTime } from '../../../shared/domain/perth-time';
import { pageRangeText } from '../../lib/format';

const PAGE_SIZE = 20;

/** What a text's state means to the owner (docs/decisions/363-sms-delivery.md). */
export function smsStatusLabel(sms: Pick<OutgoingMessage, 'status' | 'lastError' | 'nextAttemptAt'>): string {
  switch (sms.status) {
    case 'sent':
      return 'Sent';
    case 'stored':
      return 'Stored - not sent (no SMS provider set)';
    case 'failed':
      return `Failed: ${sms.lastError || 'unknown error'}`;
    default:
      if (sms.lastError) return `Retrying: ${sms.lastError}`;
      return sms.nextAttemptAt && Date.parse(sms.nextAttemptAt) > Date.now()
        ? `Waiting until ${perthDateTime(sms.nextAttemptAt)}`
        : 'Waiting to send';
  }
}

const STATUS_STYLE: Record<string, string> = {
  sent: 'bg-green-100 text-green-900',
  stored: 'bg-gray-100 text-gray-900',
  failed: 'bg-red-100 text-red-900',
};

/** "booking-confirmation" -> "Booking confirmation". */
const kindLabel = (kind: string) => {
  const words = kind.replace(/[-_:]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * "Text messages": every text to customers, newest first, with its state; without Twilio they are
 * kept here and the section says so. Admin only: a technician's Settings renders nothing.
 */
export function SmsOutboxSection({ user }: { user: PublicUser }) {
  return user.role === 'admin' ? <SmsOutboxList /> : null;
}

function SmsOutboxList() {
  const [page, setPage] = useState(1);
  // Always re-read on opening the tab: new bookings add texts while the dashboard is open.
  const texts = useQuery({
    ...api.messages.list.pageQuery({ query: { channel: 'sms', page, pageSize: PAGE_SIZE } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const delivery = useQuery(api.messages.delivery.query());
  const pages = texts.data ? Math.max(1, Math.ceil(texts.data.total / PAGE_SIZE)) : 1;

  return (
    <section
      id="text-messages"
      aria-labelledby="sms-outbox-heading"
      className="max-w-5xl scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <h2 id="sms-outbox-heading" className="text-lg font-bold">
        Text messages
      </h2>
      <p className="mt-1 text-sm text-gray-700">The most recent text messages to customers, newest first.</p>
      {delivery.data?.sms === 'local' ? (
        <p className="mt-2 rounded-md bg-yellow-50 p-3 text-sm font-medium text-yellow-900">
          Local outbox: no SMS provider configured. Texts are kept here and not sent.
        </p>
      ) : null}

      <div className="mt-4">
        {texts.isPending ? (
          <SkeletonGroup label="Loading text messages..." className="space-y-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </SkeletonGroup>
        ) : texts.isError ? (
          <p role="alert" className="text-red-700">
            Failed to load text messages
          </p>
        ) : texts.data.items.length === 0 ? (
          <p className="text-gray-700">No text messages yet.</p>
        ) : (
          <div className={texts.isPlaceholderData ? 'opacity-60' : undefined}>
            <ul
              aria-label="Text messages"
              className="divide-y divide-gray-200 rounded-lg border border-gray-200 lg:hidden"
            >
              {texts.data.items.map((sms) => (
                <SmsItem key={sms.id} sms={sms} />
              ))}
            </ul>
            <table className="hidden w-full text-left text-sm lg:table">
              <caption className="sr-only">Text messages</caption>
              <thead className="border-b border-gray-200 text-gray-700">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    To
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Message
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    State
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {texts.data.items.map((sms) => (
                  <tr key={sms.id} className="align-top">
                    <td className="py-2 pr-4 whitespace-nowrap">
                      <time dateTime={sms.createdAt}>{perthDateTime(sms.createdAt)}</time>
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatAustralianMobile(sms.to)}</td>
                    <td className="py-2 pr-4">
                      <p className="font-medium">{kindLabel(sms.kind)}</p>
                      <p className="whitespace-pre-wrap break-words text-gray-700">{sms.text}</p>
                    </td>
                    <td className="py-2">
                      <StatusBadge sms={sms} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {pages > 1 ? (
              <div className="mt-3 flex items-center justify-between gap-2">
                <Button
                  variant="outline"
                  disabled={page <= 1 || texts.isFetching}
                  onClick={() => setPage((p) => p - 1)}
                >
                  Previous
                </Button>
                <p className="text-sm text-gray-700" aria-live="polite">
                  {pageRangeText(page, PAGE_SIZE, texts.data.total)}
                </p>
                <Button
                  variant="outline"
                  disabled={page >= pages || texts.isFetching}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}

function StatusBadge({ sms }: { sms: OutgoingMessage }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 break-words',
        STATUS_STYLE[sms.status] ?? 'bg-yellow-100 text-yellow-900',
      )}
    >
      {smsStatusLabel(sms)}
    </span>
  );
}

function SmsItem({ sms }: { sms: OutgoingMessage }) {
  return (
    <li className="p-4">
      <p className="font-semibold">{kindLabel(sms.kind)}</p>
      <p className="mt-1 text-sm text-gray-700">To: {formatAustralianMobile(sms.to)}</p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <time dateTime={sms.createdAt} className="text-gray-700">
          {perthDateTime(sms.createdAt)}
        </time>
        <StatusBadge sms={sms} />
      </p>
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium text-charcoal underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-charcoal">
          Read text
        </summary>
        <p className="mt-2 rounded-md bg-gray-50 p-3 text-sm whitespace-pre-wrap break-words text-gray-900">
          {sms.text}
        </p>
      </details>
    </li>
  );
}
