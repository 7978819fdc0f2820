import type { FastifyPluginAsync } from 'fastify';
import { slots } from '../../shared/contracts/slots';
import type { TimeSlotItem } from '../../shared/schemas/slots';
import { createExpiringCache } from '../cache/expiring-cache';
import type { PublicChanges } from '../cache/public-changes';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { readSlotAvailability } from './service';

/** Days kept at once: the 90-day booking horizon (decision 161) several times over. */
const CACHED_DAYS = 1_000;
/** Longest an answer is served without a fresh read, should a change ever go unheard. */
const MAX_AGE_MS = 60_000;

/**
 * The public availability of a day, from a per-instance cache that every write invalidates through
 * the database (decision 231) and that expires at the day's next slot start, hold lapse or Perth
 * midnight. Without `changes` (no listener) every read goes to the database.
 */
export function createAvailabilityReader(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, changes: PublicChanges | undefined) {
  const now = () => deps.clock.now().getTime();
  const cache = createExpiringCache<string, TimeSlotItem[]>({ maxEntries: CACHED_DAYS, now });
  cache.setEnabled(false);
  changes?.subscribe({
    onChange: (change) => {
      if (change.kind !== 'availability') return;
      if (change.day) cache.invalidate(change.day);
      else cache.clear();
    },
    onListening: (listening) => cache.setEnabled(listening),
  });
  return (day: string) =>
    cache.get(day, async () => {
      const started = now();
      const { items, changesAt } = await readSlotAvailability(deps.db, day, { now: new Date(started), businessDays: deps.config.business.businessDays });
      return { value: items, validUntil: Math.min(changesAt.getTime(), started + MAX_AGE_MS) };
    });
}

export function slotRoutes(deps: AppDeps, changes?: PublicChanges): FastifyPluginAsync {
  const availability = createAvailabilityReader(deps, changes);

  return async (app) => {
    // Three shapes for one question; all three come from the one availability rule (slots/service.ts).
    addRoute(app, slots.list, async ({ query }) => availability(query.date));
    addRoute(app, slots.availability, async ({ query }) => (await availability(query.date)).map(({ slot, isAvailable }) => ({ slot, isAvailable })));
    addRoute(app, slots.forDay, async ({ params }) => availability(params.isoDate));
  };
}
