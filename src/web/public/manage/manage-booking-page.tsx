import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ManageBooking } from '../../../shared/schemas/manage';
import { Toaster } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { useBookingDialog } from '../booking-launcher';
import { createQueryClient } from '../../lib/query-client';
import { manageRefusal } from './manage-refusal';
import { CancelSection } from './cancel-section';
import { ContactSection, PhotosSection } from './contact-section';
import { RescheduleSection } from './reschedule-section';
import { TyresSection } from './tyres-section';

const BADGE: Record<ManageBooking['status'], string> = {
  booked: 'bg-emerald-50 text-emerald-900',
  'in-progress': 'bg-amber-50 text-amber-950',
  done: 'bg-gray-100 text-gray-900',
  cancelled: 'bg-red-50 text-red-900',
};

const tel = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

function Details({ b }: { b: ManageBooking }) {
  const rows: [string, string | null][] = [
    ['When', b.when],
    ['Service', b.service],
    ['Address', b.address],
    ['Vehicle', b.vehicle],
    ['Price', b.price],
    ['Payment', b.payment],
  ];
  return (
    <dl className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
      {rows
        .filter((r): r is [string, string] => r[1] !== null)
        .map(([label, value]) => (
          <div key={label} className="px-4 py-3">
            <dt className="text-sm text-gray-700">{label}</dt>
            <dd className="font-medium text-charcoal">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * The customer's own booking, reached from the private link in their confirmation
 * (docs/decisions/358-customers-manage-their-own-booking.md): what is booked, and what they may
 * still change. It shows nothing of any other booking.
 */
function ManageBookingView({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const booking = useQuery({ ...api.manage.get.query({ params: { token } }), retry: false });
  if (booking.isPending) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-20">
        <p role="status">Loading your booking…</p>
      </main>
    );
  }
  if (booking.isError) {
    const refusal = manageRefusal(booking.error);
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-20">
        <h1 className="text-2xl font-bold">{refusal.heading}</h1>
        <p className="mt-2">{refusal.text}</p>
      </main>
    );
  }
  const b = booking.data;
  const changed = (next: ManageBooking) => queryClient.setQueryData(api.manage.get.key({ params: { token } }), next);
  return (
    <main id="main" className="mx-auto max-w-xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">Your booking {b.jobNumber}</h1>
        <p className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${BADGE[b.status]}`}>
          {b.statusLabel}
        </p>
      </header>
      <Details b={b} />
      <TyresSection token={token} />
      {b.rescheduleNote ? (
        <p className="rounded-lg bg-amber-50 p-4 text-amber-950">
          {b.rescheduleNote}{' '}
          <a href={tel(b.businessPhone)} className="inline-flex min-h-11 items-center font-semibold underline">
            Call {b.businessPhone}
          </a>
        </p>
      ) : null}
      {b.can.reschedule ? <RescheduleSection token={token} booking={b} onChanged={changed} /> : null}
      {b.can.cancel ? <CancelSection token={token} booking={b} onChanged={changed} /> : null}
      {b.can.change ? <ContactSection token={token} booking={b} onChanged={changed} /> : null}
      {b.can.addPhotos ? <PhotosSection token={token} booking={b} onAdded={() => void booking.refetch()} /> : null}
      <BookAgain token={token} />
      <p className="text-sm text-gray-700">
        Questions? Call us on{' '}
        <a href={tel(b.businessPhone)} className="inline-flex min-h-11 items-center font-semibold underline">
          {b.businessPhone}
        </a>
        .
      </p>
      <Toaster />
    </main>
  );
}

/**
 * "Book again" (docs/decisions/412-book-again.md): the wizard opens over this page with this
 * booking's contact, car and address filled in; without script the link opens /book with them.
 */
function BookAgain({ token }: { token: string }) {
  const dialog = useBookingDialog();
  const href = `/book?again=${encodeURIComponent(token)}`;
  return (
    <section aria-labelledby="book-again-heading" className="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="book-again-heading" className="text-lg font-bold">
        Need us again?
      </h2>
      <p className="text-sm text-gray-700">Your details, car and address are filled in: choose a time and a service.</p>
      <a
        href={href}
        onPointerEnter={dialog.preload}
        onClick={(e) => {
          e.preventDefault();
          dialog.open({ again: token });
        }}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-accent px-4 font-semibold text-charcoal hover:bg-accent-strong"
      >
        Book again
      </a>
    </section>
  );
}

/** The public site has no query client of its own (its pages are server-rendered), so this page brings one. */
export default function ManageBookingPage({ token }: { token: string }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <ManageBookingView token={token} />
    </QueryClientProvider>
  );
}
