import type { NewBookingData } from '../../../shared/contracts/notifications';

/**
 * The new-booking popups' rules (docs/product.md "Live notifications"): newest first, 10 kept,
 * 3 shown until 'more' is asked for, the newest dismissed by itself after 10 s.
 */
export const POPUPS_KEPT = 10;
export const POPUPS_SHOWN = 3;
export const FIRST_POPUP_DISMISS_MS = 10_000;

export type Popup = { eventId: number; booking: NewBookingData };

/** Adds arrivals (oldest first, as the server sends them) to the list: newest first, no event twice, 10 at most. */
export function addPopups(list: readonly Popup[], arrivals: readonly Popup[]): Popup[] {
  const known = new Set(list.map((p) => p.eventId));
  const fresh: Popup[] = [];
  for (const popup of arrivals) {
    if (known.has(popup.eventId)) continue;
    known.add(popup.eventId);
    fresh.unshift(popup);
  }
  if (fresh.length === 0) return list as Popup[];
  return [...fresh, ...list].sort((a, b) => b.eventId - a.eventId).slice(0, POPUPS_KEPT);
}

export function dismissPopup(list: readonly Popup[], eventId: number): Popup[] {
  return list.filter((p) => p.eventId !== eventId);
}

/** Reconnect delay after the n-th failure (0-based): min(1000 x 2^n, 30000) ms; null after the fifth. */
export const RECONNECT_ATTEMPTS = 5;
export function reconnectDelayMs(attempt: number): number | null {
  if (attempt >= RECONNECT_ATTEMPTS) return null;
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Where a popup leads: the Jobs tab with the job's dialog open. */
export const jobHref = (jobId: string) => `/dashboard?tab=jobs&job=${encodeURIComponent(jobId)}`;
