import type { Clock } from '../clock';
import { AppError } from '../http/errors';

/** Decision 160: public quotes and bookings per client address (request.ip) in a sliding window; max is BOOKINGS_PER_ADDRESS. */
export const BOOKING_LIMIT = { max: 20, windowMs: 15 * 60_000 } as const;

/** Decision 160: live unpaid holds one customer email may have at once. */
export const MAX_LIVE_HOLDS_PER_EMAIL = 2;

export function tooManyBookingsMessage(phone: string, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many bookings from this connection. Please call us on ${phone} or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Decision 198: the refusal when a client address already has HOLDS_PER_ADDRESS (default 3) live unpaid holds, whatever the emails. */
export function tooManyHoldsFromAddressMessage(phone: string, max: number): string {
  return `There are already ${max} bookings waiting for payment from this connection. Please finish paying for one of them, choose pay on site, or call us on ${phone}.`;
}

export function tooManyHoldsMessage(phone: string): string {
  return `You already have ${MAX_LIVE_HOLDS_PER_EMAIL} bookings waiting for payment. Please finish paying for one of them, choose pay on site, or call us on ${phone}.`;
}

export type BookingLimiter = {
  /** Counts one attempt for `key`; throws 429 (with retryAfterSeconds) when the window is already full. */
  hit(key: string): void;
};

/**
 * In memory, per app instance: a restart forgets the counts, which is fine for a flood guard
 * (decision 160). Stale keys are dropped on a sweep at most once per window.
 */
export function createBookingLimiter(deps: { clock: Clock; phone: string }, limit: { max: number; windowMs: number } = BOOKING_LIMIT): BookingLimiter {
  const hits = new Map<string, number[]>();
  let lastSweep = 0;

  function sweep(now: number) {
    if (now - lastSweep < limit.windowMs) return;
    lastSweep = now;
    for (const [key, times] of hits) {
      if (times.every((t) => t <= now - limit.windowMs)) hits.delete(key);
    }
  }

  return {
    hit(key) {
      const now = deps.clock.now().getTime();
      sweep(now);
      const recent = (hits.get(key) ?? []).filter((t) => t > now - limit.windowMs);
      if (recent.length >= limit.max) {
        hits.set(key, recent);
        const retryAfterSeconds = Math.max(1, Math.ceil((Math.min(...recent) + limit.windowMs - now) / 1000));
        throw new AppError('RATE_LIMITED', tooManyBookingsMessage(deps.phone, retryAfterSeconds), { retryAfterSeconds });
      }
      recent.push(now);
      hits.set(key, recent);
    },
  };
}
