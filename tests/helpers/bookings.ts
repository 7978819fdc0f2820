import { count } from 'drizzle-orm';
import { signedInStaff } from './staff-session';
import type { TestApp } from './test-app';
import type { Db } from '../../src/server/db/client';
import {
  bookingHolds,
  customers,
  jobPhotos,
  jobs,
  outboundEmails,
  tyreStockPricing,
  vehicles,
} from '../../src/server/db/schema';
import { TYRE_PRICE_LIST } from '../../src/server/db/seed/tyre-prices';

/** Test support for the API tests that book (not a test file itself). */

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export type BookingBody = {
  customer: { name: string; email: string; phone: string };
  vehicle: { make: string; model: string; year: number | string; registration: string; color?: string };
  job: Record<string, unknown>;
  /** The checkout token of the customer's own quote this booking replaces (decision 441). */
  replacesHold?: string;
};

let seq = 0;
let addressSeq = 0;

/** A client address no other request used, so the per-address booking limit (decision 160) never interferes. */
export const freshClientAddress = () => `10.20.${Math.floor(addressSeq / 250) % 250}.${(addressSeq++ % 250) + 1}`;

/** A valid public body: puncture repair on Tuesday 24 November 2026, 10-12 AM, pay on site. */
export function bookingBody(over: DeepPartial<BookingBody> & { job?: Record<string, unknown> } = {}): BookingBody {
  seq++;
  return {
    customer: {
      name: 'Sam Taylor',
      email: `sam.${seq}.${Date.now()}@example.com`,
      phone: '0400 000 000',
      ...over.customer,
    },
    vehicle: {
      make: 'Toyota',
      model: 'Corolla',
      year: 2018,
      registration: `1ABC${String(seq).padStart(3, '0')}`,
      ...over.vehicle,
    },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: '2026-11-24',
      timeSlot: '10-12 AM',
      address: '12 Example Street',
      suburb: 'Joondalup',
      postcode: '6027',
      tyreSize: null,
      tyreQuantity: null,
      notes: null,
      paymentMethod: 'onsite',
      ...over.job,
    },
  };
}

export async function seedTyrePrices(db: Db): Promise<void> {
  await db
    .insert(tyreStockPricing)
    .values(TYRE_PRICE_LIST.map((t) => ({ ...t })))
    .onConflictDoNothing();
}

/** Row counts of every table a booking writes, to prove a refused request wrote nothing. */
export async function bookingRowCounts(db: Db) {
  const n = async (
    table:
      | typeof customers
      | typeof vehicles
      | typeof jobs
      | typeof bookingHolds
      | typeof outboundEmails
      | typeof jobPhotos,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    customers: await n(customers),
    vehicles: await n(vehicles),
    jobs: await n(jobs),
    holds: await n(bookingHolds),
    emails: await n(outboundEmails),
    photos: await n(jobPhotos),
  };
}

/** A signed-in staff user (user and session rows inserted directly); returns the Cookie header value and the user. */
export async function signInStaff(t: TestApp, role: 'admin' | 'technician', username = `${role}_${++seq}`) {
  return signedInStaff(t, { role, username });
}
