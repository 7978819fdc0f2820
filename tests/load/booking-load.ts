import { addDays, perthToday } from '../../src/shared/domain/perth-time';
import { TIME_SLOTS } from '../../src/shared/domain/slots';
import { BOOKING_HORIZON_DAYS } from '../../src/shared/schemas/booking';

/** A day and slot the app says is free, as the wizard learns it from GET /api/time-slots. */
export type FreeSlot = { day: string; slot: (typeof TIME_SLOTS)[number] };

/**
 * Every free slot from tomorrow to the end of the public booking horizon (decision 161), read
 * through the app's own availability route. Today is left out, so no slot passes mid-run.
 */
export async function freeSlots(baseUrl: string, now = new Date()): Promise<FreeSlot[]> {
  const today = perthToday(now);
  const out: FreeSlot[] = [];
  for (let i = 1; i <= BOOKING_HORIZON_DAYS; i++) {
    const day = addDays(today, i);
    const res = await fetch(`${baseUrl}/api/time-slots?date=${day}`);
    if (!res.ok) throw new Error(`GET /api/time-slots?date=${day} answered ${res.status}`);
    for (const s of (await res.json()) as { slot: FreeSlot['slot']; isAvailable: boolean }[])
      if (s.isAvailable) out.push({ day, slot: s.slot });
  }
  return out;
}

/**
 * One public booking per free slot, as real customers would send them: each from its own client
 * address (X-Forwarded-For, read with TRUST_PROXY=1) and its own email, so the per-address and
 * per-email limits (decisions 160, 198) never refuse one. Every other one is prepaid (a quote that
 * holds the slot), the rest pay on site.
 */
export function bookingRequests(slots: FreeSlot[], runId: string) {
  return slots.map(({ day, slot }, i) => {
    const prepaid = i % 2 === 1;
    const body = {
      customer: { name: `Load Customer ${i}`, email: `load.${runId}.${i}@example.com`, phone: '0400 000 000' },
      vehicle: { make: 'Toyota', model: 'Corolla', year: 2018, registration: `LD${String(i).padStart(4, '0')}` },
      job: {
        serviceType: i % 3 === 0 ? 'new-tyres' : 'puncture-repair',
        scheduledDate: day,
        timeSlot: slot,
        address: `${(i % 200) + 1} Example Street`,
        suburb: 'Joondalup',
        postcode: '6027',
        tyreSize: i % 3 === 0 ? '205/55R16' : null,
        tyreQuantity: i % 3 === 0 ? 2 : null,
        notes: null,
        paymentMethod: prepaid ? 'prepaid' : 'onsite',
      },
    };
    return {
      method: 'POST' as const,
      path: prepaid ? '/api/bookings/quote' : '/api/bookings',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${Math.floor(i / 62_500) % 250}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`,
      },
      body: JSON.stringify(body),
    };
  });
}
