import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { cancelExpiredHolds, lapsedHoldIn, releaseReplacedHold } from '../holds/service';
import { formatCents, toCents, type Cents } from '../../shared/domain/money';
import { adminEstimate, canPrepay, priceService, type Quote } from '../../shared/domain/pricing';
import type { PaymentMethod, ServiceType } from '../../shared/domain/services';
import type { Fees } from '../../shared/domain/settings';
import { addDays, compareDays, formatDayLong, isIsoDay, perthDay, perthToday } from '../../shared/domain/perth-time';
import { hasSlotPassed, slotStart, type TimeSlot } from '../../shared/domain/slots';
import { normaliseTyreSize } from '../../shared/domain/tyre-size';
import {
  BOOKING_HORIZON_DAYS,
  BOOKING_TOO_FAR_MESSAGE,
  maxVehicleYear,
  PUBLIC_YEAR_MESSAGE,
  STAFF_YEAR_MESSAGE,
  PAYMENTS_OFF_MESSAGE,
  PREPAID_NEEDS_QUOTE_MESSAGE,
  PREPAY_NOT_AVAILABLE_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  publicBookingRequest,
  type PublicBookingRequest,
  type StaffBookingRequest,
} from '../../shared/schemas/booking';
import type { AppDeps } from '../deps';
import { constraintName, pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../db/client';
import { jobs } from '../db/schema';
import { AppError, conflict, invalid } from '../http/errors';
import { recordJobEvents, type JobEventInput } from '../jobs/history';
import { assignNewBooking, dayJobsOf, slotAssignmentLock, type DayJob } from '../jobs/assignment';
import {
  MAX_LIVE_HOLDS_PER_EMAIL,
  tooManyHoldsFromAddressMessage,
  tooManyHoldsMessage,
  type BookingLimiter,
} from './booking-limit';
import { lookupTyreUnitPriceCents } from '../pricing/service';
import { assertWithinSchedulingHorizon } from '../slots/horizon';
import { TIME_HAS_PASSED } from '../slots/service';
import { capacityOf, techniciansOn, type DayTechnician } from '../slots/capacity';
import { heldPlacesIn, insertInFreePlace, PLACE_CONFLICT } from '../slots/places';
import { closedReasonOn, closureCovers, type ClosedDay } from '../closures/calendar';
import { announceNewBookingIn, queueNewBookingConfirmationIn, type ConfirmedJob } from './notify';
import { manageLinkFor, newManageToken } from '../manage/token';
import { confirmationTextedTo } from '../sms/booking-confirmation';
import {
  assertTyresCanCome,
  bookedTyreSize,
  mustReserve,
  reserveTyresAfter,
  tyreAvailabilityOf,
} from '../tyres/reservations';
import { firstDayForOrderedTyres, lastTyresTakenMessage } from '../../shared/domain/tyre-order';
import type { TyreAvailability } from '../../shared/schemas/tyres';

/** Photos are accepted for an hour after the booking (decision 133). */
export const PHOTO_WINDOW_MS = 60 * 60_000;

type BookingDraft = {
  customer: { name: string; email: string; phone: string };
  vehicle: { make: string; model: string; year: number; registration: string; color?: string | null };
  job: {
    serviceType: ServiceType;
    scheduledDate: string;
    timeSlot: TimeSlot;
    address: string;
    suburb: string;
    postcode: string;
    tyreSize?: string | null;
    tyreQuantity?: number | null;
    tyreBrand?: string | null;
    notes?: string | null;
    paymentMethod: PaymentMethod;
    /** Only the public wizard asks; a staff booking never opts the customer in. */
    returnVisitOptIn?: boolean;
  };
};

export function draftFromPublic(body: PublicBookingRequest): BookingDraft {
  return { customer: body.customer, vehicle: body.vehicle, job: { ...body.job, tyreBrand: null } };
}

export function draftFromStaff(body: StaffBookingRequest): BookingDraft {
  return { customer: body.customer, vehicle: { ...body.vehicle, year: Number(body.vehicle.year) }, job: body.job };
}

/** The Perth day of the request: yyyy-MM-dd as given, or the Perth date of an ISO date-time (admin form). */
function bookingDay(scheduledDate: string): string {
  return isIsoDay(scheduledDate) ? scheduledDate : perthDay(new Date(scheduledDate));
}

/** Decision 161: the public books at most 90 Perth days ahead; staff can book later dates by phone. */
/** Next year's model at the latest, by the server's Perth clock (the request schema checks only the lower bound). */
function assertVehicleYear(deps: Pick<AppDeps, 'clock'>, year: number, message: string): void {
  if (year > maxVehicleYear(deps.clock.now())) throw invalid(message, { 'vehicle.year': message });
}

function assertWithinHorizon(deps: AppDeps, day: string): void {
  if (compareDays(day, addDays(perthToday(deps.clock.now()), BOOKING_HORIZON_DAYS)) > 0) {
    throw invalid(BOOKING_TOO_FAR_MESSAGE, { 'job.scheduledDate': BOOKING_TOO_FAR_MESSAGE });
  }
}

/**
 * What a booking reads before its transaction, at once (docs/decisions/396-fast-quote.md): its
 * price, whether its day is closed, and the day's technicians, who give the slot's capacity and
 * whom the booking may be assigned to. None of them is read under a lock inside the transaction
 * either, so reading them first changes no rule.
 */
async function readBeforeBooking(
  deps: AppDeps,
  draft: BookingDraft,
  day: string,
  pricing: { defaultQuantity: number; fees: Fees; tyreStock?: boolean },
): Promise<{
  priced: Priced;
  closed: ClosedDay | null;
  technicians: DayTechnician[];
  tyres: TyreAvailability | null;
}> {
  const { business } = await deps.settings.current();
  // A public booking's new tyres: in stock, or ordered with the owner's lead time (decision 423).
  const wanted = pricing.tyreStock
    ? bookedTyreSize(
        draft.job.serviceType === 'new-tyres' ? (draft.job.tyreSize ?? null) : null,
        draft.job.tyreQuantity ?? pricing.defaultQuantity,
      )
    : null;
  const [priced, closed, technicians, tyres] = await Promise.all([
    priceDraft(deps, draft, pricing),
    closedReasonOn(deps.db, business, day),
    techniciansOn(deps.db, day),
    wanted ? tyreAvailabilityOf(deps.db, wanted, deps.clock.now()) : null,
  ]);
  return { priced, closed, technicians, tyres };
}

/** What a public booking does with its new tyres: reserve them, and whether it must (decision 423). */
type TyresToReserve = { available: TyreAvailability; quantity: number; mustReserve: boolean };

function tyresToReserve(deps: AppDeps, tyres: TyreAvailability | null, draft: BookingDraft, day: string) {
  if (!tyres) return null;
  assertTyresCanCome(tyres, day);
  return {
    available: tyres,
    quantity: draft.job.tyreQuantity ?? 1,
    mustReserve: mustReserve(tyres, day, deps.clock.now()),
  } satisfies TyresToReserve;
}

/** What the booking's answer says of its new tyres. */
function bookedTyres(tyres: TyresToReserve | null, reserved: boolean) {
  if (!tyres?.available.stockKept) return {};
  return { tyres: { stock: reserved ? 'reserved' : 'ordered', leadDays: tyres.available.leadDays } as const };
}

/** Refuses a closed day or a passed slot (docs/product.md "Time slots and business days"). */
function assertSlotBookable(deps: AppDeps, day: string, slot: TimeSlot, closed: ClosedDay | null): void {
  if (closed) {
    throw invalid(
      `We don't take bookings on ${formatDayLong(day)} (${closed.publicReason === 'Closed' ? 'closed' : 'public holiday'}). Please choose another date.`,
      {
        'job.scheduledDate': 'Please choose a business day',
      },
    );
  }
  if (hasSlotPassed(day, slot, deps.clock.now())) {
    throw invalid('This time slot has already passed. Please select a different time slot.', {
      'job.timeSlot': TIME_HAS_PASSED,
    });
  }
  // A lapsed hold the periodic sweep hasn't reached yet must not keep the slot from a paying customer:
  // the booking's transaction frees it. A slot blocked by staff or held by another job is refused
  // inside that transaction, where nothing can change it before commit (insertBooking; decision 240).
}

type Priced = {
  quote: Quote;
  unitCents: number | null;
  tyreSize: string | null;
  tyreQuantity: number | null;
  customerValue: string | null;
  originalCustomerValue: string | null;
};

/** The server's own price; whatever the client sent is ignored (docs/product.md "Prices and fees"). */
async function priceDraft(
  deps: AppDeps,
  draft: BookingDraft,
  opts: { defaultQuantity: number; fees: Fees },
): Promise<Priced> {
  const { job } = draft;
  const isNewTyres = job.serviceType === 'new-tyres';
  const rawSize = isNewTyres && job.tyreSize ? job.tyreSize.trim() : '';
  const tyreSize = rawSize ? (normaliseTyreSize(rawSize) ?? rawSize) : null;
  const tyreQuantity = isNewTyres ? (job.tyreQuantity ?? opts.defaultQuantity) : null;
  const unit = isNewTyres ? await lookupTyreUnitPriceCents(deps.db, tyreSize) : null;
  const quote = priceService(
    {
      serviceType: job.serviceType,
      isPrepaid: job.paymentMethod === 'prepaid',
      quantity: tyreQuantity ?? 1,
      tyreSize,
      tyreUnitPriceCents: unit,
    },
    opts.fees,
  );
  return {
    quote,
    unitCents: unit,
    tyreSize,
    tyreQuantity,
    customerValue: quote.callbackRequired ? null : formatCents(quote.totalCents),
    originalCustomerValue: quote.callbackRequired ? null : formatCents(quote.originalCents),
  };
}

/**
 * Live unpaid holds matching `which` (decisions 160, 198), as an SQL expression: holds not yet
 * lapsed of jobs still new and unpaid (`h` the hold, `j` its job).
 */
function liveHolds(which: SQL, now: Date): SQL<number> {
  return sql<number>`(select count(*)::int from booking_holds h join jobs j on j.id = h.job_id
    where ${which} and h.expires_at > ${now.toISOString()}::timestamptz and j.status = 'new' and j.payment_status <> 'paid')`;
}

/**
 * Race-safe find-or-create by email, case-insensitively. A returning customer's record is left as
 * it is: the contact given with this booking is kept on the job (docs/product.md "Bookings",
 * decision 191). The no-op update still locks the row until commit, so concurrent quotes by one
 * email count their holds in turn (upsertVehicle). With `holdsFrom`, the same statement then takes
 * the transaction-scoped advisory lock on that client address, so concurrent quotes from it count
 * theirs in turn too (decision 198). A public attempt is counted first by the same statement
 * (`attempt`, booking-limit.ts), and nothing is written for the customer when it is refused. Every
 * booking takes its locks in this order: the address's attempts, the customer row, the address's
 * holds; so none waits for another in a circle (docs/decisions/396-fast-quote.md).
 */
async function upsertCustomer(
  tx: Executor,
  c: BookingDraft['customer'],
  now: Date,
  also: { holdsFrom: string | null; attempt: SQL | null },
): Promise<{ customerId: string | null; attempt: { refused: boolean; oldest_ms: number | null } | null }> {
  const values = sql`${c.name}, ${c.email}, ${c.phone}, ${now.toISOString()}::timestamptz`;
  const upsert = sql`on conflict ((lower(email))) do update set email = customers.email returning id`;
  const lock =
    also.holdsFrom === null
      ? sql``
      : sql`, pg_advisory_xact_lock(7301002, hashtext(${also.holdsFrom})) is null as locked`;
  const { rows } = await tx.execute<{ id: string | null; refused?: boolean; oldest_ms?: number | null }>(
    also.attempt === null
      ? sql`with c as (insert into customers (name, email, phone, created_at) values (${values}) ${upsert})
          select c.id${lock} from c`
      : sql`with w as (${also.attempt}),
          c as (insert into customers (name, email, phone, created_at) select ${values} from w where not w.refused ${upsert})
          select c.id, w.refused, w.oldest_ms${lock} from w left join c on true`,
  );
  const row = rows[0]!;
  return {
    customerId: row.id,
    attempt: also.attempt === null ? null : { refused: Boolean(row.refused), oldest_ms: row.oldest_ms ?? null },
  };
}

/**
 * A public caller's attempt, counted against its address's limit (decisions 160, 221): in the
 * booking's own transaction, so the embedded database makes one commit per booking rather than
 * two (docs/decisions/396-fast-quote.md); an attempt that fails before that transaction, or with
 * it, is counted alone, as every attempt was before. The limiter answers first: its 429 wins over
 * any other refusal it had not already let through.
 */
export type Attempt = { limiter: BookingLimiter; key: string };

type AttemptInBooking = {
  sql(now: Date): SQL;
  /** Reads the answer of `sql`'s statement: throws the 429 of a refused attempt. */
  answer(row: { refused: boolean; oldest_ms: number | null }, now: Date): void;
  committed(): void;
};

async function countingAttempt<T>(
  deps: AppDeps,
  attempt: Attempt | null,
  book: (counted: AttemptInBooking | null) => Promise<T>,
): Promise<T> {
  if (!attempt) return book(null);
  const { limiter, key } = attempt;
  await limiter.prune();
  const { phone } = (await deps.settings.current()).business;
  // Where the attempt stands; set by the booking's transaction.
  const at: { state: 'unasked' | 'refused' | 'counted' | 'committed' } = { state: 'unasked' };
  try {
    return await book({
      sql: (now) => limiter.attempt(key, now),
      answer(row, now) {
        const refused = limiter.refusal(row, now, phone);
        at.state = refused ? 'refused' : 'counted';
        if (refused) throw refused;
      },
      committed() {
        at.state = 'committed';
      },
    });
  } catch (err) {
    // Refused (not counted, as ever) or already counted: nothing more to count.
    if (at.state === 'refused' || at.state === 'committed') throw err;
    try {
      await limiter.hit(key);
    } catch (refused) {
      if (at.state === 'unasked') throw refused;
    }
    throw err;
  }
}

/**
 * Vehicles are matched by registration within the customer (docs/product.md "Bookings"). The same
 * statement reads what the transaction needs next, after the locks upsertCustomer took: the live
 * holds of the customer and of the client address (`countHolds`, decisions 160 and 198), the
 * places held in the booking's slot (decision 302), and whether a lapsed hold still holds one.
 */
async function upsertVehicle(
  tx: Executor,
  customerId: string,
  v: BookingDraft['vehicle'],
  also: { countHolds: { from: string | null } | null; now: Date; slot: { day: string; slot: TimeSlot } },
) {
  const { countHolds, now } = also;
  const res = await tx.execute<{
    id: string;
    make: string;
    model: string;
    year: number;
    registration: string;
    color: string | null;
    customer_holds: number | null;
    address_holds: number | null;
    held_places: number[];
    lapsed_hold: boolean;
  }>(sql`
    with v as (
      insert into vehicles (customer_id, make, model, year, registration, color)
      values (${customerId}, ${v.make}, ${v.model}, ${v.year}, ${v.registration.toUpperCase()}, ${v.color ?? null})
      on conflict (customer_id, (upper(registration))) do update
        set make = excluded.make, model = excluded.model, year = excluded.year,
            registration = excluded.registration, color = coalesce(excluded.color, vehicles.color)
      returning id, make, model, year, registration, color)
    select v.*,
      ${countHolds ? liveHolds(sql`j.customer_id = ${customerId}`, now) : sql`null::int`} as customer_holds,
      ${countHolds?.from ? liveHolds(sql`h.client_address = ${countHolds.from}`, now) : sql`null::int`} as address_holds,
      ${heldPlacesIn(also.slot)} as held_places,
      ${lapsedHoldIn({ scheduledDay: also.slot.day, timeSlot: also.slot.slot }, now)} as lapsed_hold
    from v`);
  const { customer_holds, address_holds, held_places, lapsed_hold, ...vehicle } = res.rows[0]!;
  return {
    vehicle,
    customerHolds: Number(customer_holds ?? 0),
    addressHolds: Number(address_holds ?? 0),
    heldPlaces: held_places.map(Number),
    lapsedHold: lapsed_hold,
  };
}

/** A job as the booking wrote it: what it inserted, and the id and number the database gave it. */
type NewJob = Omit<typeof jobs.$inferInsert, 'id' | 'jobNumber' | 'createdAt'> & ConfirmedJob;

/**
 * One transaction: customer, vehicle, the job holding a place in the slot, and (prepaid) the hold
 * or (onsite) the confirmation email and the staff notification. The partial unique index
 * jobs_slot_place refuses a place another live job holds, whether taken long ago or in a race;
 * with no place left the transaction rolls back whole and answers 409 (the wizard re-fetches the
 * slots: decision 131; places: decision 302).
 *
 * The transaction makes as few statements as the rules allow, each one after the locks it depends
 * on, as every statement of an open transaction holds the embedded database while it crosses
 * between threads (docs/decisions/396-fast-quote.md): the day's technicians are read before it.
 */
async function insertBooking(
  deps: AppDeps,
  draft: BookingDraft,
  priced: {
    customerValue: string | null;
    originalCustomerValue: string | null;
    tyreSize: string | null;
    tyreQuantity: number | null;
  },
  opts: {
    hold: boolean;
    paymentMethod: PaymentMethod;
    technicians: readonly DayTechnician[];
    clientAddress?: string | null;
    bookedBy?: { id: string } | null;
    attempt?: AttemptInBooking | null;
    /** A public booking's new tyres, reserved by the job's insert (decision 423). */
    tyres?: TyresToReserve | null;
    /** The checkout token of the customer's own unpaid quote this booking replaces (decision 441). */
    replacesHold?: string | null;
  },
): Promise<{ job: NewJob; token: string | null; manageToken: string | null; tyresReserved: boolean }> {
  const now = deps.clock.now();
  const day = bookingDay(draft.job.scheduledDate);
  const slot = draft.job.timeSlot;
  // The settings are read before the transaction: the store reads on its own connection.
  const settings = await deps.settings.current();
  const capacity = capacityOf(settings, opts.technicians);
  const assigning = opts.technicians.some((t) => !t.away);
  // Decision 198: live holds are capped per public address; staff quoting for a caller are not.
  const holdsFrom = opts.hold ? (opts.clientAddress ?? null) : null;
  try {
    const booked = await deps.db.transaction(async (tx) => {
      const counted = await upsertCustomer(tx, draft.customer, now, {
        holdsFrom,
        attempt: opts.attempt?.sql(now) ?? null,
      });
      if (counted.attempt) opts.attempt?.answer(counted.attempt, now);
      const customerId = counted.customerId!;
      // After the customer's row lock and before the holds and places are counted: the replaced
      // hold's place and its count go to this booking (decision 441).
      if (opts.replacesHold) await releaseReplacedHold(tx, opts.replacesHold, customerId, now);
      const { vehicle, customerHolds, addressHolds, lapsedHold, ...read } = await upsertVehicle(
        tx,
        customerId,
        draft.vehicle,
        {
          countHolds: opts.hold ? { from: holdsFrom } : null,
          now,
          slot: { day, slot },
        },
      );
      if (holdsFrom !== null && addressHolds >= deps.config.holdsPerAddress)
        throw new AppError(
          'RATE_LIMITED',
          tooManyHoldsFromAddressMessage(settings.business.phone, deps.config.holdsPerAddress),
        );
      // Decision 160: at most 2 live unpaid holds per customer (email), so one person cannot hold every slot.
      if (opts.hold && customerHolds >= MAX_LIVE_HOLDS_PER_EMAIL)
        throw new AppError('RATE_LIMITED', tooManyHoldsMessage(settings.business.phone));
      // A lapsed hold the periodic sweep hasn't reached yet must not keep the slot from a paying
      // customer (decision 150): it is cancelled here, and the slot's places read again.
      let heldPlaces = read.heldPlaces;
      if (lapsedHold) {
        await cancelExpiredHolds(tx, now, { scheduledDay: day, timeSlot: slot });
        const again = await tx.execute<{ held: number[] }>(sql`select ${heldPlacesIn({ day, slot })} as held`);
        heldPlaces = again.rows[0]!.held.map(Number);
      }
      // A booking paid on site is confirmed now, so its manage link is made now; a prepaid one gets its
      // link with its confirmation, once paid (docs/decisions/358-customers-manage-their-own-booking.md).
      const manage = opts.hold ? null : newManageToken();
      const token = opts.hold ? randomBytes(32).toString('base64url') : null;
      const written = {
        customerId,
        vehicleId: vehicle.id,
        serviceType: draft.job.serviceType,
        status: 'new',
        scheduledDate: slotStart(day, slot),
        scheduledDay: day,
        timeSlot: slot,
        address: draft.job.address,
        suburb: draft.job.suburb,
        postcode: draft.job.postcode,
        contactName: draft.customer.name,
        contactPhone: draft.customer.phone,
        contactEmail: draft.customer.email,
        tyreSize: priced.tyreSize,
        tyreQuantity: priced.tyreQuantity,
        tyreBrand: draft.job.tyreBrand || null,
        notes: draft.job.notes || null,
        returnVisitOptIn: draft.job.returnVisitOptIn ?? false,
        customerValue: priced.customerValue,
        originalCustomerValue: priced.originalCustomerValue,
        paymentMethod: opts.paymentMethod,
        paymentStatus: 'pending',
        manageTokenHash: manage?.hash ?? null,
        createdAt: now,
        updatedAt: now,
      } as const satisfies Omit<typeof jobs.$inferInsert, 'slotPlace'>;
      // The job takes the lowest free place of its slot; the unique index settles a race (decision 302).
      // The same statement writes a prepaid job's hold and then, when there is someone to assign,
      // takes the slot's assignment lock (jobs/assignment.ts), after the insert as it always was.
      // A public booking's new tyres are reserved by the same statement, on one stock row with
      // enough free (the van of the job's place first), after the place and before the assignment
      // lock (decision 423).
      const tyres = opts.tyres ?? null;
      const { tyresReserved, ...job } = await insertInFreePlace(heldPlaces, capacity, async (place) => {
        const insert = tx
          .insert(jobs)
          .values({ ...written, slotPlace: place })
          .onConflictDoNothing(PLACE_CONFLICT)
          .returning({ id: jobs.id, jobNumber: jobs.jobNumber });
        const hold = token
          ? sql`, h as (
              insert into booking_holds (token, job_id, expires_at, client_address, created_at)
              select ${token}, j.id, ${new Date(now.getTime() + deps.config.holdMs).toISOString()}::timestamptz,
                ${opts.clientAddress ?? null}, ${now.toISOString()}::timestamptz
              from j)`
          : sql``;
        const reserve = tyres
          ? reserveTyresAfter({ size: tyres.available.size, quantity: tyres.quantity }, place, now)
          : sql``;
        const reserved = tyres ? sql`, (select count(*)::int from r) as reserved` : sql``;
        const lock = assigning ? sql`, ${slotAssignmentLock(day, slot)} is null as locked` : sql``;
        const { rows } = await tx.execute<{ id: string; job_number: string; reserved?: number }>(
          sql`with j as (${insert.getSQL()})${hold}${reserve} select id, job_number${reserved}${lock} from j`,
        );
        const made = rows[0];
        return (
          made && {
            ...written,
            slotPlace: place,
            id: made.id,
            jobNumber: made.job_number,
            tyresReserved: Number(made.reserved ?? 0) > 0,
          }
        );
      });
      // The last tyres in stock went to another booking meanwhile: this day is too soon to order them.
      if (tyres?.mustReserve && !tyresReserved)
        throw conflict(
          lastTyresTakenMessage(
            tyres.available.size,
            firstDayForOrderedTyres(perthToday(now), tyres.available.leadDays),
          ),
        );
      // The insert has taken a place (the unique index refuses one another live job holds); a block
      // wins over it: staff blocking takes a lock on jobs, so this read after the insert cannot miss
      // a block committed meanwhile (decision 195). A closure wins the same way: closing days locks
      // jobs too (closures/service.ts). The same statement reads, after the assignment lock, the
      // jobs the free technicians have that day.
      const { rows } = await tx.execute<{ blocked: boolean; closed: boolean; day_jobs: DayJob[] }>(sql`
        select exists (
            select 1 from time_slots where date = ${day} and slot = ${slot} and not is_available
          ) as blocked,
          ${closureCovers(day)} as closed,
          ${dayJobsOf(job, opts.technicians)} as day_jobs`);
      const state = rows[0]!;
      if (state.blocked || state.closed) throw conflict(SLOT_TAKEN_MESSAGE);
      // The job's first history line (decision 184), and its assignment's, in one statement.
      const created: JobEventInput = {
        jobId: job.id,
        at: now,
        actorId: opts.bookedBy?.id ?? null,
        kind: 'created',
        to: 'new',
        note: opts.bookedBy
          ? 'Booked by staff'
          : opts.hold
            ? 'Booked online, awaiting online payment'
            : 'Booked online, paying on site',
      };
      const assignment = assigning
        ? await assignNewBooking(tx, job, now, { technicians: opts.technicians, locked: true, dayJobs: state.day_jobs })
        : null;
      await recordJobEvents(tx, assignment ? [created, assignment] : [created]);
      if (!opts.hold) {
        await queueNewBookingConfirmationIn(deps, tx, job, vehicle, manage?.token ?? null, 0, settings.business);
        await announceNewBookingIn(tx, job, now);
      }
      return { job, token, manageToken: manage?.token ?? null, tyresReserved };
    });
    opts.attempt?.committed();
    return booked;
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION && constraintName(err) === 'jobs_slot_place')
      throw conflict(SLOT_TAKEN_MESSAGE);
    throw err;
  }
}

/**
 * POST /api/bookings/quote: a prepaid booking holding its slot until paid (docs/product.md
 * "Bookings"). `clientAddress` is the public caller's address (decision 198) and `attempt` counts
 * it against the address's limit (decisions 160, 221); both null for signed-in staff.
 */
export async function quoteBooking(
  deps: AppDeps,
  body: PublicBookingRequest,
  from: { clientAddress: string | null; attempt?: Attempt | null },
) {
  return countingAttempt(deps, from.attempt ?? null, async (attempt) => {
    const draft = draftFromPublic(body);
    assertVehicleYear(deps, draft.vehicle.year, PUBLIC_YEAR_MESSAGE);
    if (draft.job.paymentMethod !== 'prepaid') {
      throw invalid('A quote is for online payment - choose pay on site to book without paying now.', {
        'job.paymentMethod': 'Please choose how you will pay',
      });
    }
    const day = bookingDay(draft.job.scheduledDate);
    assertWithinHorizon(deps, day);
    const { priced, closed, technicians, tyres } = await readBeforeBooking(deps, draft, day, {
      defaultQuantity: 1,
      fees: (await deps.settings.current()).fees,
      tyreStock: true,
    });
    if (!canPrepay(draft.job.serviceType, priced.quote) || priced.quote.totalCents <= 0) {
      throw invalid(PREPAY_NOT_AVAILABLE_MESSAGE, { 'job.paymentMethod': PREPAY_NOT_AVAILABLE_MESSAGE });
    }
    if (deps.config.paymentProvider === 'none') throw new AppError('UNAVAILABLE', PAYMENTS_OFF_MESSAGE);
    assertSlotBookable(deps, day, draft.job.timeSlot, closed);
    const toReserve = tyresToReserve(deps, tyres, draft, day);
    const { job, token, tyresReserved } = await insertBooking(deps, draft, priced, {
      hold: true,
      paymentMethod: 'prepaid',
      technicians,
      clientAddress: from.clientAddress,
      attempt,
      tyres: toReserve,
      replacesHold: body.replacesHold ?? null,
    });
    return {
      bookingToken: token!,
      jobId: job.id,
      amount: formatCents(priced.quote.totalCents),
      currency: 'AUD' as const,
      scheduledDate: job.scheduledDate.toISOString(),
      photoUploadUntil: new Date(job.createdAt.getTime() + PHOTO_WINDOW_MS).toISOString(),
      ...bookedTyres(toReserve, tyresReserved),
    };
  });
}

function bookingCreated(job: NewJob, email: string) {
  return {
    jobId: job.id,
    jobNumber: job.jobNumber,
    customerEmail: email,
    photoUploadUntil: new Date(job.createdAt.getTime() + PHOTO_WINDOW_MS).toISOString(),
  };
}

/** Public POST /api/bookings: pay on site; prepaid goes through the quote and checkout. `attempt` as for quoteBooking. */
export async function createPublicBooking(deps: AppDeps, body: PublicBookingRequest, attempt: Attempt | null = null) {
  const created = await countingAttempt(deps, attempt, async (counted) => {
    const draft = draftFromPublic(body);
    assertVehicleYear(deps, draft.vehicle.year, PUBLIC_YEAR_MESSAGE);
    if (draft.job.paymentMethod === 'prepaid')
      throw invalid(PREPAID_NEEDS_QUOTE_MESSAGE, { 'job.paymentMethod': PREPAID_NEEDS_QUOTE_MESSAGE });
    const day = bookingDay(draft.job.scheduledDate);
    assertWithinHorizon(deps, day);
    const { priced, closed, technicians, tyres } = await readBeforeBooking(deps, draft, day, {
      defaultQuantity: 1,
      fees: (await deps.settings.current()).fees,
      tyreStock: true,
    });
    assertSlotBookable(deps, day, draft.job.timeSlot, closed);
    const toReserve = tyresToReserve(deps, tyres, draft, day);
    const { job, manageToken, tyresReserved } = await insertBooking(deps, draft, priced, {
      hold: false,
      paymentMethod: 'onsite',
      technicians,
      attempt: counted,
      tyres: toReserve,
      replacesHold: body.replacesHold ?? null,
    });
    // The customer who just booked sees their manage link and where it was sent (docs/decisions/412-book-again.md).
    return {
      ...bookingCreated(job, draft.customer.email),
      ...(manageToken ? { manageUrl: manageLinkFor(deps.config, manageToken) } : {}),
      textedTo: confirmationTextedTo(deps.config, job.contactPhone),
      ...bookedTyres(toReserve, tyresReserved),
    };
  });
  deps.outbox.kick();
  deps.sms.kick();
  return created;
}

/**
 * Staff POST /api/bookings: an admin's estimate is stored when given (admins may quote); a
 * technician's is ignored for the server's admin estimate (decision 162); otherwise the server's
 * price. Staff prepaid bookings are recorded as prepaid/pending (docs/decisions/130).
 */
export async function createStaffBooking(
  deps: AppDeps,
  body: StaffBookingRequest,
  actor: { id: string; role: 'admin' | 'technician' },
) {
  const draft = draftFromStaff(body);
  assertVehicleYear(deps, draft.vehicle.year, STAFF_YEAR_MESSAGE);
  const day = bookingDay(draft.job.scheduledDate);
  assertWithinSchedulingHorizon(deps.clock.now(), day, 'job.scheduledDate');
  const { fees } = await deps.settings.current();
  const { priced, closed, technicians } = await readBeforeBooking(deps, draft, day, { defaultQuantity: 4, fees });
  const staffValue: Cents | null =
    actor.role === 'admin'
      ? body.job.customerValue
        ? toCents(body.job.customerValue)
        : null
      : adminEstimate(
          {
            serviceType: draft.job.serviceType,
            quantity: priced.tyreQuantity ?? 1,
            tyreUnitPriceCents: priced.unitCents,
          },
          fees,
        );
  const values =
    staffValue && staffValue > 0
      ? { ...priced, customerValue: formatCents(staffValue), originalCustomerValue: formatCents(staffValue) }
      : priced;
  assertSlotBookable(deps, day, draft.job.timeSlot, closed);
  const { job } = await insertBooking(deps, draft, values, {
    hold: false,
    paymentMethod: draft.job.paymentMethod,
    technicians,
    bookedBy: actor,
  });
  deps.outbox.kick();
  deps.sms.kick();
  return bookingCreated(job, draft.customer.email);
}

/**
 * Which body signed-in staff sent to POST /api/bookings (decisions 130, 276): the admin form always
 * sends vehicle.color (blank when not filled in) and the public wizard never does; a body the public
 * schema refuses is the staff form's too, so it gets the staff form's messages. Staff who use the
 * public wizard in the same browser send the public shape, which books as public.
 */
export function isStaffBookingBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const vehicle = (body as { vehicle?: unknown }).vehicle;
  const hasColour = typeof vehicle === 'object' && vehicle !== null && 'color' in vehicle;
  return hasColour || !publicBookingRequest.safeParse(body).success;
}
