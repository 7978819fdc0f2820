import { useQueryClient } from '@tanstack/react-query';
import { BellRing, X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '../../../shared/schemas/auth';
import { perthClockTime } from '../../../shared/domain/perth-time';
import { cn } from '../../components/ui/cn';
import { useMediaQuery } from '../../components/ui/use-media-query';
import { api } from '../../lib/api';
import { refreshAfterWrite } from '../../lib/refresh';
import { popupHeadline, popupService, popupSummary, popupVisit } from './popup-text';
import { addPopups, dismissPopup, FIRST_POPUP_DISMISS_MS, jobHref, POPUPS_SHOWN, type Popup } from './popup-list';
import { useLiveNotifications, type ConnectionState } from './use-live-notifications';

/**
 * The popups live outside the component, per user, so moving between staff screens (each mounts
 * its own header) keeps them; a different user starts with none.
 */
let popupStore: { userId: string; popups: Popup[] } = { userId: '', popups: [] };
const storeListeners = new Set<() => void>();
const NO_POPUPS: Popup[] = [];

function updatePopups(userId: string, change: (list: Popup[]) => Popup[]) {
  const current = popupStore.userId === userId ? popupStore.popups : NO_POPUPS;
  const next = change(current);
  if (next === current && popupStore.userId === userId) return;
  popupStore = { userId, popups: next };
  storeListeners.forEach((l) => l());
}

function usePopups(userId: string): Popup[] {
  const store = useSyncExternalStore(
    (l) => {
      storeListeners.add(l);
      return () => storeListeners.delete(l);
    },
    () => popupStore,
    () => popupStore,
  );
  return store.userId === userId ? store.popups : NO_POPUPS;
}

const receivedAt = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : perthClockTime(date);
};
const headline = ({ booking }: Popup) => popupHeadline(booking);
const summary = ({ booking }: Popup) => popupSummary(booking);

const STATE_TEXT: Record<ConnectionState, string> = {
  connecting: 'Connecting...',
  live: 'Live',
  reconnecting: 'Reconnecting...',
  disconnected: 'Disconnected',
};

/**
 * Tells the dashboard's lists that jobs changed: an announced booking was made or paid, so what a
 * booking and a payment affect (their contracts) is read again; a burst of missed events refreshes them once.
 */
function useJobsRefresh() {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () =>
        void Promise.all([
          refreshAfterWrite(client, api.bookings.create.contract),
          refreshAfterWrite(client, api.payments.webhook.contract),
        ]),
      250,
    );
  };
}

/**
 * Live new-booking popups and the connection state, mounted in the staff header
 * (docs/product.md "Live notifications", decision 196): popups top right (full width at the top
 * of a phone), newest first, 10 kept, 3 shown (1 on a phone) with a 'more' toggle, the newest dismissed after
 * 10 s unless the pointer or focus is on the popups. A popup opens its job for an admin.
 */
export function LiveNotifications({ user }: { user: PublicUser }) {
  const popups = usePopups(user.id);
  const refreshJobs = useJobsRefresh();
  const [announcement, setAnnouncement] = useState('');
  const [timedId, setTimedId] = useState<number | null>(null);
  const [isPaused, setPaused] = useState(false);
  const [isExpanded, setExpanded] = useState(false);

  const { state, retry } = useLiveNotifications(user.id, (arrivals) => {
    updatePopups(user.id, (list) => addPopups(list, arrivals));
    const newest = arrivals.reduce((a, b) => (b.eventId > a.eventId ? b : a));
    setTimedId(newest.eventId);
    setAnnouncement(`${headline(newest)}: ${summary(newest)}`);
    refreshJobs();
  });

  const dismiss = (eventId: number) => updatePopups(user.id, (list) => dismissPopup(list, eventId));

  // Only the newest, and only while it is still the first, dismisses itself.
  const firstId = popups[0]?.eventId;
  useEffect(() => {
    if (timedId === null || timedId !== firstId || isPaused) return;
    const timer = setTimeout(
      () => updatePopups(user.id, (list) => dismissPopup(list, timedId)),
      FIRST_POPUP_DISMISS_MS,
    );
    return () => clearTimeout(timer);
  }, [timedId, firstId, isPaused, user.id]);

  // A phone shows the newest and one count of the rest, so a busy morning does not pile over the header.
  const phone = !useMediaQuery('(min-width: 640px)');
  const limit = phone ? 1 : POPUPS_SHOWN;
  const shown = isExpanded ? popups : popups.slice(0, limit);
  const hidden = popups.length - limit;
  const canOpenJobs = user.role === 'admin';

  return (
    <>
      <div className="ml-auto flex shrink-0 items-center text-xs text-gray-200">
        {state === 'disconnected' ? (
          <button
            type="button"
            onClick={retry}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 underline-offset-2 hover:underline"
          >
            <span aria-hidden className="h-2 w-2 rounded-full bg-red-400" />
            <span className="sr-only">Live notifications: </span>Disconnected
            <span className="hidden sm:inline">, retry</span>
          </button>
        ) : (
          <p className="inline-flex items-center gap-1.5" title="New bookings appear here as they come in">
            {/* Steady while the page first connects: a pulse there would have the phone draw a new
                frame sixty times a second while it brings the page to life (docs/decisions/389-first-screen-holds-still.md). */}
            <span
              aria-hidden
              className={cn(
                'h-2 w-2 rounded-full',
                state === 'live' ? 'bg-green-400' : 'bg-amber-300',
                state === 'reconnecting' && 'animate-pulse motion-reduce:animate-none',
              )}
            />
            <span className="sr-only">Live notifications: </span>
            {STATE_TEXT[state]}
          </p>
        )}
      </div>

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {popups.length > 0 ? (
        <section
          aria-label="New bookings"
          className="fixed inset-x-2 top-2 z-[90] flex flex-col gap-2 sm:inset-x-auto sm:right-4 sm:top-20 sm:w-96"
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget)) setPaused(false);
          }}
        >
          <ul className="flex flex-col gap-2">
            {shown.map((popup) => (
              <li
                key={popup.eventId}
                className="flex items-stretch overflow-hidden rounded-xl border border-gray-200 bg-white text-charcoal shadow-lg"
              >
                <PopupBody popup={popup} canOpen={canOpenJobs} onOpen={() => dismiss(popup.eventId)} />
                <button
                  type="button"
                  onClick={() => dismiss(popup.eventId)}
                  aria-label={`Dismiss new booking ${popup.booking.jobNumber}`}
                  className="flex min-h-11 min-w-11 shrink-0 items-center justify-center text-gray-500 hover:bg-gray-100 hover:text-charcoal"
                >
                  <X aria-hidden className="h-5 w-5" />
                </button>
              </li>
            ))}
          </ul>
          {hidden > 0 ? (
            <button
              type="button"
              aria-expanded={isExpanded}
              onClick={() => setExpanded((v) => !v)}
              className="min-h-11 self-end rounded-lg bg-charcoal px-4 text-sm font-semibold text-white shadow-lg hover:bg-charcoal-soft"
            >
              {isExpanded ? 'Show fewer' : `${hidden} more`}
            </button>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

function PopupBody({ popup, canOpen, onOpen }: { popup: Popup; canOpen: boolean; onOpen: () => void }) {
  const { booking } = popup;
  const content = (
    <>
      <span className="flex items-center gap-2 font-semibold">
        <BellRing aria-hidden className="h-4 w-4 shrink-0 text-accent-strong" />
        {headline(popup)}
      </span>
      <span className="mt-0.5 block text-sm">
        {popupService(booking.serviceType)} · {booking.suburb}
      </span>
      <span className="block text-sm text-gray-600">
        {popupVisit(booking)}
        {receivedAt(booking.createdAt) ? ` · received ${receivedAt(booking.createdAt)}` : ''}
      </span>
    </>
  );
  const className = 'block min-h-11 min-w-0 flex-1 px-4 py-3 text-left';
  if (!canOpen) return <div className={className}>{content}</div>;
  return (
    <Link
      href={jobHref(booking.id)}
      onClick={onOpen}
      className={cn(className, 'hover:bg-gray-50')}
      aria-label={`Open job ${booking.jobNumber}: ${summary(popup)}`}
    >
      {content}
    </Link>
  );
}
