import type { FastifyPluginAsync, FastifyReply } from 'fastify';
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

/** A day's answer as kept: the items, and each response shape's JSON, made once through its contract's schema. */
type CachedDay = { items: TimeSlotItem[]; json: { list?: string; availability?: string } };

/**
 * The public availability of a day, from a per-instance cache that every write invalidates through
 * the database (decision 231) and that expires at the day's next slot start, hold lapse or Perth
 * midnight. Without `changes` (no listener) every read goes to the database.
 */
export function createAvailabilityReader(
  deps: Pick<AppDeps, 'db' | 'clock' | 'settings'>,
  changes: PublicChanges | undefined,
) {
  const now = () => deps.clock.now().getTime();
  const cache = createExpiringCache<string, CachedDay>({ maxEntries: CACHED_DAYS, now });
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
      const { business, capacity } = await deps.settings.current();
      const { items, changesAt } = await readSlotAvailability(deps.db, day, {
        now: new Date(started),
        business,
        capacity,
      });
      return { value: { items, json: {} }, validUntil: Math.min(changesAt.getTime(), started + MAX_AGE_MS) };
    });
}

/**
 * Answers with a kept day's JSON for one shape. The first ask serializes it through the contract's
 * response schema, exactly as every other response is; later asks send those bytes again. Returns
 * the items for the route to send, which this serializer then stands in for.
 */
function asJson(
  reply: FastifyReply,
  day: CachedDay,
  shape: keyof CachedDay['json'],
  value: () => unknown,
  schema: { parse(v: unknown): unknown },
): TimeSlotItem[] {
  const json = (day.json[shape] ??= JSON.stringify(schema.parse(value())));
  reply.type('application/json; charset=utf-8').serializer(() => json);
  return day.items;
}

export function slotRoutes(deps: AppDeps, changes?: PublicChanges): FastifyPluginAsync {
  const availability = createAvailabilityReader(deps, changes);

  return async (app) => {
    // Three shapes for one question; all three come from the one availability rule (slots/service.ts).
    addRoute(app, slots.list, async ({ query, reply }) => {
      const day = await availability(query.date);
      return asJson(reply, day, 'list', () => day.items, slots.list.response);
    });
    addRoute(app, slots.availability, async ({ query, reply }) => {
      const day = await availability(query.date);
      return asJson(
        reply,
        day,
        'availability',
        () => day.items.map(({ slot, isAvailable }) => ({ slot, isAvailable })),
        slots.availability.response,
      );
    });
    addRoute(app, slots.forDay, async ({ params, reply }) => {
      const day = await availability(params.isoDate);
      return asJson(reply, day, 'list', () => day.items, slots.forDay.response);
    });
  };
}
