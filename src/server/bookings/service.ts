import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import { cancelExpiredHolds } from '../holds/service';
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
import { bookingHolds, jobs, timeSlots } from '../db/schema';
import { AppError, conflict, invalid } from '../http/errors';
import { recordJobEvent } from '../jobs/history';
import { assignOnBooking } from '../jobs/assignment';
import { MAX_LIVE_HOLDS_PER_EMAIL, tooManyHoldsFromAddressMessage, tooManyHoldsMessage } from './booking-limit';
import { lookupTyreUnitPriceCents } from '../pricing/service';
import { readSettings } from '../settings/store';
import { assertWithinSchedulingHorizon } from '../slots/horizon';
import { TIME_HAS_PASSED } from '../slots/service';
import { slotCapacity } from '../slots/capacity';
import { takeSlotPlace } from '../slots/places';
import { closedReasonOn, closuresBetween } from '../closures/calendar';
import { announceNewBookingIn, queueNewBookingConfirmationIn } from './notify';
import { newManageToken } from '../manage/token';

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

/** Refuses a closed day or a passed slot, and frees the slot of a lapsed hold (docs/product.md "Time slots and business days"). */
async function assertSlotBookable(deps: AppDeps, day: string, slot: TimeSlot): Promise<void> {
  const closed = await closedReasonOn(deps.db, (await deps.settings.current()).business, day);
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
  // A lapsed hold the periodic sweep hasn't reached yet must not keep the slot from a paying customer.
  await cancelExpiredHolds(deps.db, deps.clock.now(), { scheduledDay: day, timeSlot: slot });
  // A slot blocked by staff or held by another job is refused inside the booking's transaction,
  // where nothing can change it before commit (insertBooking; decision 240).
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
 * Race-safe find-or-create by email, case-insensitively. A returning customer's record is left as
 * it is: the contact given with this booking is kept on the job (docs/product.md "Bookings",
 * decision 191). The no-op update still locks the row until commit (see assertHoldAllowed).
 */
async function upsertCustomer(tx: Executor, c: BookingDraft['customer'], now: Date): Promise<string> {
  const res = await tx.execute<{ id: string }>(sql`
    insert into customers (name, email, phone, created_at)
    values (${c.name}, ${c.email}, ${c.phone}, ${now.toISOString()}::timestamptz)
    on conflict ((lower(email))) do update set email = customers.email
    returning id`);
  return res.rows[0]!.id;
}

/** Vehicles are matched by registration within the customer (docs/product.md "Bookings"). */
async function upsertVehicle(tx: Executor, customerId: string, v: BookingDraft['vehicle']) {
  const res = await tx.execute<{
    id: string;
    make: string;
    model: string;
    year: number;
    registration: string;
    color: string | null;
  }>(sql`
    insert into vehicles (customer_id, make, model, year, registration, color)
    values (${customerId}, ${v.make}, ${v.model}, ${v.year}, ${v.registration.toUpperCase()}, ${v.color ?? null})
    on conflict (customer_id, (upper(registration))) do update
      set make = excluded.make, model = excluded.model, year = excluded.year,
          registration = excluded.registration, color = coalesce(excluded.color, vehicles.color)
    returning id, make, model, year, registration, color`);
  return res.rows[0]!;
}

type JobRow = typeof jobs.$inferSelect;

/** Decision 160: at most 2 live unpaid holds per customer (email), so one person cannot hold every slot. */
async function assertHoldAllowed(deps: AppDeps, tx: Executor, customerId: string, now: Date): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(bookingHolds)
    .innerJoin(jobs, eq(jobs.id, bookingHolds.jobId))
    .where(
      and(
        eq(jobs.customerId, customerId),
        gt(bookingHolds.expiresAt, now),
        eq(jobs.status, 'new'),
        ne(jobs.paymentStatus, 'paid'),
      ),
    );
  if ((row?.n ?? 0) >= MAX_LIVE_HOLDS_PER_EMAIL)
    throw new AppError('RATE_LIMITED', tooManyHoldsMessage((await readSettings(tx, deps.config)).business.phone));
}

/**
 * Decision 198: at most `holdsPerAddress` live unpaid holds per client address, whatever emails
 * they use, so one connection cannot hold the calendar. A transaction-scoped advisory lock on the
 * address makes concurrent quotes from it count in turn (taken before the customer row, always in
 * that order).
 */
async function assertAddressHoldAllowed(deps: AppDeps, tx: Executor, clientAddress: string, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7301002, hashtext(${clientAddress}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(bookingHolds)
    .innerJoin(jobs, eq(jobs.id, bookingHolds.jobId))
    .where(
      and(
        eq(bookingHolds.clientAddress, clientAddress),
        gt(bookingHolds.expiresAt, now),
        eq(jobs.status, 'new'),
        ne(jobs.paymentStatus, 'paid'),
      ),
    );
  const max = deps.config.holdsPerAddress;
  if ((row?.n ?? 0) >= max)
    throw new AppError(
      'RATE_LIMITED',
      tooManyHoldsFromAddressMessage((await readSettings(tx, deps.config)).business.phone, max),
    );
}

/**
 * One transaction: customer, vehicle, the job holding a place in the slot, and (prepaid) the hold
 * or (onsite) the confirmation email and the staff notification. The partial unique index
 * jobs_slot_place refuses a place another live job holds, whether taken long ago or in a race;
 * with no place left the transaction rolls back whole and answers 409 (the wizard re-fetches the
 * slots: decision 131; places: decision 302).
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
    clientAddress?: string | null;
    bookedBy?: { id: string } | null;
  },
): Promise<{ job: JobRow; token: string | null }> {
  const now = deps.clock.now();
  const day = bookingDay(draft.job.scheduledDate);
  // The settings are read before the transaction: the store reads on its own connection.
  const settings = await deps.settings.current();
  try {
    return await deps.db.transaction(async (tx) => {
      if (opts.hold && opts.clientAddress) await assertAddressHoldAllowed(deps, tx, opts.clientAddress, now);
      // The upsert locks the customer row until commit, so concurrent quotes by one email count in turn.
      const customerId = await upsertCustomer(tx, draft.customer, now);
      if (opts.hold) await assertHoldAllowed(deps, tx, customerId, now);
      const vehicle = await upsertVehicle(tx, customerId, draft.vehicle);
      // The job takes the lowest free place of its slot; the unique index settles a race (decision 302).
      const capacity = await slotCapacity(tx, day, settings);
      // A booking paid on site is confirmed now, so its manage link is made now; a prepaid one gets its
      // link with its confirmation, once paid (docs/decisions/358-customers-manage-their-own-booking.md).
      const manage = opts.hold ? null : newManageToken();
      const job = await takeSlotPlace(tx, { day, slot: draft.job.timeSlot }, capacity, async (sp, place) => {
        const [row] = await sp
          .insert(jobs)
          .values({
            slotPlace: place,
            customerId,
            vehicleId: vehicle.id,
            serviceType: draft.job.serviceType,
            status: 'new',
            scheduledDate: slotStart(day, draft.job.timeSlot),
            scheduledDay: day,
            timeSlot: draft.job.timeSlot,
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
          })
          .returning();
        return row!;
      });
      // The insert has taken a place (the unique index refuses one another live job holds); a block
      // wins over it: staff blocking takes a lock on jobs, so this read after the insert cannot miss
      // a block committed meanwhile (decision 195).
      const [blocked] = await tx
        .select({ id: timeSlots.id })
        .from(timeSlots)
        .where(and(eq(timeSlots.date, day), eq(timeSlots.slot, draft.job.timeSlot), eq(timeSlots.isAvailable, false)));
      if (blocked) throw conflict(SLOT_TAKEN_MESSAGE);
      // A closure wins the same way: closing days locks jobs too (closures/service.ts).
      if ((await closuresBetween(tx, day, day)).length > 0) throw conflict(SLOT_TAKEN_MESSAGE);
      // The first line of the job's history (decision 184).
      await recordJobEvent(tx, {
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
      });
      await assignOnBooking(tx, job!, now);
      let token: string | null = null;
      if (opts.hold) {
        token = randomBytes(32).toString('base64url');
        await tx.insert(bookingHolds).values({
          token,
          jobId: job.id,
          expiresAt: new Date(now.getTime() + deps.config.holdMs),
          clientAddress: opts.clientAddress ?? null,
          createdAt: now,
        });
      } else {
        await queueNewBookingConfirmationIn(deps, tx, job, vehicle, manage?.token ?? null);
        await announceNewBookingIn(tx, job, now);
      }
      return { job, token };
    });
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION && constraintName(err) === 'jobs_slot_place')
      throw conflict(SLOT_TAKEN_MESSAGE);
    throw err;
  }
}

/**
 * POST /api/bookings/quote: a prepaid booking holding its slot until paid (docs/product.md
 * "Bookings"). `clientAddress` is the public caller's address (decision 198); null for signed-in staff.
 */
export async function quoteBooking(deps: AppDeps, body: PublicBookingRequest, from: { clientAddress: string | null }) {
  const draft = draftFromPublic(body);
  assertVehicleYear(deps, draft.vehicle.year, PUBLIC_YEAR_MESSAGE);
  if (draft.job.paymentMethod !== 'prepaid') {
    throw invalid('A quote is for online payment - choose pay on site to book without paying now.', {
      'job.paymentMethod': 'Please choose how you will pay',
    });
  }
  const day = bookingDay(draft.job.scheduledDate);
  assertWithinHorizon(deps, day);
  const priced = await priceDraft(deps, draft, { defaultQuantity: 1, fees: (await deps.settings.current()).fees });
  if (!canPrepay(draft.job.serviceType, priced.quote) || priced.quote.totalCents <= 0) {
    throw invalid(PREPAY_NOT_AVAILABLE_MESSAGE, { 'job.paymentMethod': PREPAY_NOT_AVAILABLE_MESSAGE });
  }
  if (deps.config.paymentProvider === 'none') throw new AppError('UNAVAILABLE', PAYMENTS_OFF_MESSAGE);
  await assertSlotBookable(deps, day, draft.job.timeSlot);
  const { job, token } = await insertBooking(deps, draft, priced, {
    hold: true,
    paymentMethod: 'prepaid',
    clientAddress: from.clientAddress,
  });
  return {
    bookingToken: token!,
    jobId: job.id,
    amount: formatCents(priced.quote.totalCents),
    currency: 'AUD' as const,
    scheduledDate: job.scheduledDate.toISOString(),
    photoUploadUntil: new Date(job.createdAt.getTime() + PHOTO_WINDOW_MS).toISOString(),
  };
}

function bookingCreated(job: JobRow, email: string) {
  return {
    jobId: job.id,
    jobNumber: job.jobNumber,
    customerEmail: email,
    photoUploadUntil: new Date(job.createdAt.getTime() + PHOTO_WINDOW_MS).toISOString(),
  };
}

/** Public POST /api/bookings: pay on site; prepaid goes through the quote and checkout. */
export async function createPublicBooking(deps: AppDeps, body: PublicBookingRequest) {
  const draft = draftFromPublic(body);
  assertVehicleYear(deps, draft.vehicle.year, PUBLIC_YEAR_MESSAGE);
  if (draft.job.paymentMethod === 'prepaid')
    throw invalid(PREPAID_NEEDS_QUOTE_MESSAGE, { 'job.paymentMethod': PREPAID_NEEDS_QUOTE_MESSAGE });
  const day = bookingDay(draft.job.scheduledDate);
  assertWithinHorizon(deps, day);
  const priced = await priceDraft(deps, draft, { defaultQuantity: 1, fees: (await deps.settings.current()).fees });
  await assertSlotBookable(deps, day, draft.job.timeSlot);
  const { job } = await insertBooking(deps, draft, priced, { hold: false, paymentMethod: 'onsite' });
  deps.outbox.kick();
  deps.sms.kick();
  return bookingCreated(job, draft.customer.email);
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
  const priced = await priceDraft(deps, draft, { defaultQuantity: 4, fees });
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
  await assertSlotBookable(deps, day, draft.job.timeSlot);
  const { job } = await insertBooking(deps, draft, values, {
    hold: false,
    paymentMethod: draft.job.paymentMethod,
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
