import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { formatCents, toCents, type Cents } from '../../shared/domain/money';
import { cardSurcharge, cardSurchargeLabel, priceService, withCardSurcharge } from '../../shared/domain/pricing';
import {
  chargeFor,
  isBnpl,
  METHOD_LABELS,
  offeredMethods,
  type BnplMethod,
  type OfferedMethod,
  type OnlineMethod,
} from '../../shared/domain/payment-methods';
import type { Settings } from '../settings/store';
import type { Fees } from '../../shared/domain/settings';
import { isServiceType, SERVICE_LABELS } from '../../shared/domain/services';
import { isTimeSlot } from '../../shared/domain/slots';
import { isUuid } from '../../shared/schemas/fields';
import {
  ALREADY_PAID,
  BOOKING_NOT_FOUND,
  CARD_DECLINED,
  PAYMENTS_UNAVAILABLE,
  surchargeMessage,
  type BookingByToken,
  type BookingOutcome,
  type PaymentFlag,
  type PaymentIntentResponse,
} from '../../shared/schemas/payments';
import type { AppDeps } from '../deps';
import { pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../db/client';
import { moveJob, type JobState } from '../jobs/lifecycle';
import { recordJobEvent } from '../jobs/history';
import { retakeTyresOnRestore } from '../tyres/reservations';
import { tyresOrderedNote } from '../../shared/domain/tyre-order';
import { flagJobPayment, rememberPaymentIntent } from '../jobs/payment-details';
import { bookingHolds, jobs, paymentEvents, timeSlots, vehicles } from '../db/schema';
import { AppError, conflict, notFound } from '../http/errors';
import { confirmPaidBookingIn } from './after-payment';
import { manageLinkFor } from '../manage/token';
import { confirmationTextedTo } from '../sms/booking-confirmation';
import { openSecret } from '../secrets/at-rest';
import {
  chargeText,
  claimCardPayment,
  keepBackForRefund,
  keepBackSecondPayment,
  refundActionLines,
} from './card-payments';
import { slotCapacity } from '../slots/capacity';
import { SlotFull, takeSlotPlace } from '../slots/places';
import { handleInvoicePaymentIn, invoiceIdOf, type HandledInvoiceEvent } from '../invoices/paid-online';
import {
  AMOUNT_MISMATCH_KIND,
  buildAmountMismatchAlert,
  buildRefundDueNotice,
  buildRefundRequiredAlert,
  REFUND_DUE_KIND,
  REFUND_REQUIRED_KIND,
  type LostBecause,
} from './payment-alerts';
import { methodOfMetadata, type BookingIntentMetadata, type PaymentEvent, type PaymentIntentRef } from './provider';
import { simulatedCardEvent, simulatedRedirectEvent } from './simulated';

type Job = typeof jobs.$inferSelect;
type BookingRow = {
  hold: typeof bookingHolds.$inferSelect;
  job: Job;
  vehicle: typeof vehicles.$inferSelect | null;
};

async function loadBooking(db: Executor, token: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select({ hold: bookingHolds, job: jobs, vehicle: vehicles })
    .from(bookingHolds)
    .innerJoin(jobs, eq(jobs.id, bookingHolds.jobId))
    .leftJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .where(eq(bookingHolds.token, token))
    .limit(1);
  return row;
}

/**
 * How long after its payment a token still answers: the success page reads it right after paying
 * (and a reload or two), then the token stops exposing the customer's name, contact and address
 * (decision 193).
 */
export const PAID_BOOKING_VISIBLE_MS = 60 * 60_000;

/**
 * An expired or unknown token is 'Booking Not Found' (docs/product.md "Payments", decision 150). A
 * paid booking answers for an hour after its payment, whatever its hold time (decision 193); a
 * cancelled unpaid one is gone.
 */
function isVisible(b: BookingRow, now: Date): boolean {
  // A declined Afterpay or Zip payment freed the slot; the token still tells the customer why for an hour (decision 410).
  if (b.hold.declinedAt && b.job.paymentStatus !== 'paid')
    return now.getTime() < b.hold.declinedAt.getTime() + PAID_BOOKING_VISIBLE_MS;
  if (b.job.paymentStatus === 'paid')
    return now.getTime() < (b.hold.paidAt ?? b.job.updatedAt).getTime() + PAID_BOOKING_VISIBLE_MS;
  if (b.job.status === 'cancelled') return false;
  return b.hold.expiresAt.getTime() > now.getTime();
}

async function findLiveBooking(deps: AppDeps, token: string): Promise<BookingRow> {
  const booking = await loadBooking(deps.db, token);
  if (!booking || !isVisible(booking, deps.clock.now())) throw notFound(BOOKING_NOT_FOUND);
  return booking;
}

/**
 * The order summary's lines, from the one pricing module. The stored amount is the truth (the
 * server priced it at quote time), so the tyre unit price is recovered from it rather than re-read
 * from today's price list; if the lines would not add up to it, one line carries the amount.
 */
function summaryOf(job: Job, amountCents: Cents, fees: Fees) {
  const isPrepaid = job.paymentMethod === 'prepaid';
  if (isServiceType(job.serviceType)) {
    const quantity = job.serviceType === 'new-tyres' ? (job.tyreQuantity ?? 1) : 1;
    let unit: Cents | null = null;
    if (job.serviceType === 'new-tyres') {
      const withoutTyres = priceService(
        { serviceType: 'new-tyres', isPrepaid, quantity, tyreSize: job.tyreSize, tyreUnitPriceCents: 0 },
        fees,
      );
      const perTyre = (amountCents - withoutTyres.totalCents) / quantity;
      unit = Number.isInteger(perTyre) && perTyre >= 0 ? perTyre : null;
    }
    const quote = priceService(
      { serviceType: job.serviceType, isPrepaid, quantity, tyreSize: job.tyreSize, tyreUnitPriceCents: unit },
      fees,
    );
    if (!quote.callbackRequired && quote.totalCents === amountCents) {
      return {
        items: quote.items.map((i) => ({ description: i.description, price: formatCents(i.priceCents) })),
        subtotalCents: quote.subtotalCents,
        discountCents: quote.discountCents,
      };
    }
  }
  const label = isServiceType(job.serviceType) ? SERVICE_LABELS[job.serviceType] : job.serviceType;
  return {
    items: [{ description: label, price: formatCents(amountCents) }],
    subtotalCents: amountCents,
    discountCents: 0,
  };
}

function amountOf(job: Job): Cents {
  return toCents(job.customerValue ?? '0');
}

/** What the booking came to, in the customer's terms (decision 192). */
function outcomeOf(job: Job, hold: BookingRow['hold']): BookingOutcome {
  if (hold.declinedAt && job.paymentStatus !== 'paid') return 'declined';
  if (job.paymentStatus === 'paid') return job.paymentFlag === 'refund-required' ? 'refund-due' : 'confirmed';
  return job.paymentFlag === 'amount-mismatch' ? 'payment-review' : 'awaiting-payment';
}

/** The succeeded payment of a job: its amount and method, from the provider's own event (decision 410). */
async function paymentTaken(db: Executor, jobId: string): Promise<{ amount: number; method: OnlineMethod } | null> {
  const [event] = await db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.jobId, jobId), eq(paymentEvents.type, 'payment_intent.succeeded')))
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(1);
  const intent = (event?.payload as PaymentEvent | undefined)?.data?.object;
  if (!intent || typeof intent.amount !== 'number') return null;
  return { amount: intent.amount, method: methodOfMetadata(intent.metadata) };
}

export async function getBookingByToken(deps: AppDeps, token: string): Promise<BookingByToken> {
  const { job, vehicle, hold } = await findLiveBooking(deps, token);
  const taken = job.paymentStatus === 'paid' ? await paymentTaken(deps.db, job.id) : null;
  const { fees } = await deps.settings.current();
  const amountCents = amountOf(job);
  const summary = summaryOf(job, amountCents, fees);
  if (!isTimeSlot(job.timeSlot)) throw new Error(`Job ${job.id} has an unknown slot ${job.timeSlot}`);
  return {
    amount: formatCents(amountCents),
    // The contact given with this booking (decision 191).
    customer: { name: job.contactName, email: job.contactEmail, phone: job.contactPhone },
    serviceType: job.serviceType,
    job: {
      scheduledDate: job.scheduledDate.toISOString(),
      scheduledDay: job.scheduledDay,
      timeSlot: job.timeSlot,
      address: job.address,
      suburb: job.suburb,
      postcode: job.postcode,
    },
    vehicle: vehicle
      ? { year: vehicle.year, make: vehicle.make, model: vehicle.model, registration: vehicle.registration }
      : null,
    tyreSize: job.tyreSize,
    tyreQuantity: job.tyreQuantity,
    jobNumber: job.jobNumber,
    items: summary.items,
    subtotal: formatCents(summary.subtotalCents),
    discount: formatCents(summary.discountCents),
    surchargeAmount: formatCents(cardSurcharge(amountCents, fees)),
    totalAmount: formatCents(withCardSurcharge(amountCents, fees)),
    paymentStatus: job.paymentStatus as BookingByToken['paymentStatus'],
    outcome: outcomeOf(job, hold),
    provider: deps.config.paymentProvider,
    publishableKey: deps.config.stripe?.publishableKey ?? null,
    holdExpiresAt: job.paymentStatus === 'paid' || hold.declinedAt ? null : hold.expiresAt.toISOString(),
    declineMessage: hold.declinedAt && job.paymentStatus !== 'paid' ? hold.declineMessage : null,
    paidWith: taken?.method ?? null,
    paidAmount: taken ? formatCents(taken.amount) : null,
    manageUrl: job.paymentStatus === 'paid' ? manageUrlAfterCheckout(deps, job) : null,
    textedTo: job.paymentStatus === 'paid' ? confirmationTextedTo(deps.config, job.contactPhone) : null,
  };
}

/**
 * The booking's own page for the checkout that paid for it: the link its confirmation carried,
 * opened from its sealed copy (decision 422). None without a key, or under a key no longer held.
 */
function manageUrlAfterCheckout(deps: AppDeps, job: Job): string | null {
  if (!job.manageTokenSealed || !deps.config.secrets) return null;
  try {
    return manageLinkFor(deps.config, openSecret(deps.config.secrets, job.manageTokenSealed));
  } catch (err) {
    deps.log.warn({ err, jobId: job.id }, 'The manage link of a paid booking could not be opened');
    return null;
  }
}

/**
 * GET /api/bookings/{bookingToken}/payment-methods: the ways this booking can be paid now, from the
 * owner's switches and the amount (decision 410).
 */
export async function listPaymentMethodsForToken(deps: AppDeps, token: string): Promise<OfferedMethod[]> {
  if (!deps.payments || deps.config.paymentProvider === 'none') throw new AppError('UNAVAILABLE', PAYMENTS_UNAVAILABLE);
  const booking = await findLiveBooking(deps, token);
  if (booking.job.paymentStatus === 'paid') throw conflict(ALREADY_PAID);
  if (booking.job.status === 'cancelled') throw conflict(DECLINED_BOOKING);
  const { fees, paymentMethods } = await deps.settings.current();
  return offeredMethods(amountOf(booking.job), fees, paymentMethods);
}

/**
 * While Afterpay or Zip decides, the booking keeps its slot (decision 410): the hold runs at least
 * an hour from the customer leaving for the provider, never more than two hours from the booking.
 */
export const PROVIDER_DECISION_MS = 60 * 60_000;
export const PROVIDER_DECISION_CAP_MS = 120 * 60_000;

async function holdWhileProviderDecides(tx: Executor, jobId: string, now: Date): Promise<void> {
  await tx
    .update(bookingHolds)
    .set({
      expiresAt: sql`greatest(${bookingHolds.expiresAt}, least(${new Date(now.getTime() + PROVIDER_DECISION_MS).toISOString()}::timestamptz, ${bookingHolds.createdAt} + interval '${sql.raw(String(PROVIDER_DECISION_CAP_MS / 60_000))} minutes'))`,
    })
    .where(and(eq(bookingHolds.jobId, jobId), isNull(bookingHolds.paidAt)));
}

/** Finds the booking, refuses what cannot be paid, and gets (or reuses) the provider's intent. */
async function prepareIntent(
  deps: AppDeps,
  token: string,
  settings: Pick<Settings, 'fees' | 'paymentMethods'>,
  method: OnlineMethod = 'card',
): Promise<{ booking: BookingRow; intent: PaymentIntentRef; amountCents: Cents; metadata: BookingIntentMetadata }> {
  const { fees, paymentMethods } = settings;
  const provider = deps.payments;
  if (!provider || deps.config.paymentProvider === 'none') throw new AppError('UNAVAILABLE', PAYMENTS_UNAVAILABLE);
  const booking = await findLiveBooking(deps, token);
  if (booking.job.paymentStatus === 'paid') throw conflict(ALREADY_PAID);
  // A declined Afterpay or Zip payment freed the slot: nothing is left to pay (decision 410).
  if (booking.job.status === 'cancelled') throw conflict(DECLINED_BOOKING);
  const amountCents = amountOf(booking.job);
  if (method !== 'card' && !offeredMethods(amountCents, fees, paymentMethods).some((m) => m.method === method))
    throw conflict(`${METHOD_LABELS[method]} is not available for this booking. Please choose another way to pay.`);
  const charge = chargeFor(method, amountCents, fees, paymentMethods);
  if (charge.totalCents <= 0) throw conflict('This booking has nothing to pay online.');
  const metadata: BookingIntentMetadata = {
    bookingToken: booking.hold.token,
    jobNumber: booking.job.jobNumber,
    jobId: booking.job.id,
    ...(method === 'card'
      ? { cardSurchargeBasisPoints: String(fees.cardSurchargeBasisPoints) }
      : { paymentMethod: method, surchargeBasisPoints: String(charge.basisPoints) }),
  };
  const intent = await provider.createIntent({
    amountCents: charge.totalCents,
    method,
    metadata,
    existingIntentId: booking.job.stripePaymentIntentId,
  });
  // A succeeded intent whose webhook has not arrived yet must not be paid a second time.
  if (intent.status === 'succeeded' || intent.status === 'processing') throw conflict(ALREADY_PAID);
  const now = deps.clock.now();
  if (intent.id !== booking.job.stripePaymentIntentId) {
    await rememberPaymentIntent(deps.db, booking.job.id, intent.id, now);
  }
  // The customer is about to leave for Afterpay or Zip: the slot stays theirs while it decides.
  if (isBnpl(method)) await holdWhileProviderDecides(deps.db, booking.job.id, now);
  return { booking, intent, amountCents, metadata };
}

/** POST /api/create-payment-intent-token: the card amount is the booking's amount plus 1.7% (docs/product.md "Prices and fees"). */
export async function createPaymentIntentForToken(
  deps: AppDeps,
  token: string,
  method: OnlineMethod = 'card',
): Promise<PaymentIntentResponse> {
  const settings = await deps.settings.current();
  const { fees, paymentMethods } = settings;
  const { intent, amountCents } = await prepareIntent(deps, token, settings, method);
  const charge = chargeFor(method, amountCents, fees, paymentMethods);
  const surcharge = formatCents(charge.surchargeCents);
  const total = formatCents(charge.totalCents);
  return {
    clientSecret: intent.clientSecret,
    originalAmount: formatCents(amountCents),
    surchargeAmount: surcharge,
    totalAmount: total,
    message:
      method === 'card'
        ? surchargeMessage(surcharge, total, cardSurchargeLabel(fees))
        : bnplChargeMessage(method, surcharge, total, `${String(charge.basisPoints / 100)}%`),
  };
}

export type HandledEvent =
  | { outcome: 'duplicate' }
  | { outcome: 'ignored' }
  | { outcome: 'already-paid'; jobId: string }
  | { outcome: 'paid'; jobId: string; slot: 'kept' | 'retaken' | 'lost' }
  | { outcome: 'amount-mismatch'; jobId: string }
  | { outcome: 'failed'; jobId: string | null; message: string }
  | HandledInvoiceEvent;

/**
 * The surcharge rate checkout charged with, as the intent's metadata (set by this server, delivered
 * in the signed event) records it; an intent made before the rate was recorded uses today's fee.
 */
function surchargeRateOf(metadata: PaymentEvent['data']['object']['metadata'], fees: Fees): number {
  const m = metadata as Record<string, string | undefined> | undefined;
  // Afterpay and Zip record their own rate (decision 410); a card intent its card rate.
  const recorded = Number(m?.surchargeBasisPoints ?? m?.cardSurchargeBasisPoints);
  return Number.isInteger(recorded) && recorded >= 0 && recorded <= 1000 ? recorded : fees.cardSurchargeBasisPoints;
}

async function findEventJob(tx: Executor, event: PaymentEvent): Promise<Job | undefined> {
  const intent = event.data.object;
  const metadata = (intent.metadata ?? {}) as Record<string, string | undefined>;
  if (metadata.jobId && isUuid(metadata.jobId)) {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, metadata.jobId)).for('update');
    if (job) return job;
  }
  if (intent.id) {
    const [job] = await tx.select().from(jobs).where(eq(jobs.stripePaymentIntentId, intent.id)).for('update');
    if (job) return job;
  }
  return undefined;
}

/**
 * The one handler of a payment outcome: the verified Stripe webhook and the simulated provider's
 * confirm call both end here (docs/product.md "Payments"). The event is recorded by id in the same
 * transaction as the state change, so a replay finds its id taken and changes nothing.
 */
export async function handlePaymentEvent(deps: AppDeps, event: PaymentEvent): Promise<HandledEvent> {
  const now = deps.clock.now();
  const { fees, business, capacity } = await deps.settings.current();
  const result = await deps.db.transaction(async (tx): Promise<HandledEvent> => {
    // An invoice paid from its pay link is the invoices area's to settle (decision 300).
    const invoiceId = invoiceIdOf(event);
    if (invoiceId) return handleInvoicePaymentIn(tx, event, invoiceId, { deps, now, fees, business });
    const job = await findEventJob(tx, event);
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        id: event.id,
        type: event.type,
        jobId: job?.id ?? null,
        payload: event as unknown as Record<string, unknown>,
        receivedAt: now,
      })
      .onConflictDoNothing({ target: paymentEvents.id })
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { outcome: 'duplicate' };

    const method = methodOfMetadata(event.data.object.metadata);
    // Afterpay or Zip is still deciding: the slot stays held meanwhile (decision 410).
    if (event.type === 'payment_intent.processing' && job && isBnpl(method) && job.status === 'new') {
      await holdWhileProviderDecides(tx, job.id, now);
      return { outcome: 'ignored' };
    }
    if (
      event.type === 'payment_intent.payment_failed' &&
      job &&
      isBnpl(method) &&
      job.status === 'new' &&
      job.paymentStatus !== 'paid' &&
      job.stripePaymentIntentId === event.data.object.id
    ) {
      // Afterpay or Zip declined the booking's current payment: the slot is freed at once and the
      // token tells the customer so, with the other ways to pay (decision 410).
      const message =
        event.data.object.last_payment_error?.message ?? `${METHOD_LABELS[method]} did not approve this payment.`;
      await moveJob(tx, job, 'hold-lapsed', {
        at: now,
        actorId: null,
        note: `${METHOD_LABELS[method]} declined the payment; the slot was freed`,
      });
      await tx
        .update(bookingHolds)
        .set({ declinedAt: now, declineMessage: message })
        .where(eq(bookingHolds.jobId, job.id));
      return { outcome: 'failed', jobId: job.id, message };
    }
    if (event.type === 'payment_intent.payment_failed') {
      // Recorded only: the job stays pending so the customer can try another card.
      return {
        outcome: 'failed',
        jobId: job?.id ?? null,
        message: event.data.object.last_payment_error?.message ?? CARD_DECLINED,
      };
    }
    if (event.type !== 'payment_intent.succeeded' || !job) return { outcome: 'ignored' };
    // One payment, one outcome and at most one alert, however many events or requests report it (decision 407).
    if (!(await claimCardPayment(tx, { intent: event.data.object, jobId: job.id, customerInvoiceId: null, at: now })))
      return { outcome: 'duplicate' };
    // Money for a booking already paid (by card or on site) is kept back; staff are told once, with the refund action.
    if (job.paymentStatus === 'paid') {
      await keepBackSecondPayment(deps, tx, {
        job,
        intent: event.data.object,
        what: `booking ${job.jobNumber}`,
        business,
        now,
      });
      return { outcome: 'already-paid', jobId: job.id };
    }

    // Only the booking's own total (with the card surcharge, as checkout charged it) in AUD confirms
    // it; any other amount or currency is kept back for staff (decision 192).
    const intent = event.data.object;
    const expected = withCardSurcharge(amountOf(job), {
      ...fees,
      cardSurchargeBasisPoints: surchargeRateOf(intent.metadata, fees),
    });
    if (intent.amount !== expected || intent.currency?.toLowerCase() !== 'aud') {
      await flagJobPayment(tx, job.id, 'amount-mismatch', now);
      await keepBackForRefund(
        tx,
        intent.id,
        `Paid a different amount: ${chargeText(intent)} for a booking total of $${formatCents(expected)}`,
      );
      const alert = buildAmountMismatchAlert({
        job,
        expectedCents: expected,
        chargedCents: intent.amount,
        currency: intent.currency,
        intentId: intent.id,
        refundAction: refundActionLines({
          publicBaseUrl: deps.config.publicBaseUrl,
          jobId: job.id,
          jobNumber: job.jobNumber,
        }),
      });
      await deps.outbox.queue(tx, { kind: AMOUNT_MISMATCH_KIND, jobId: job.id, to: business.email, ...alert });
      return { outcome: 'amount-mismatch', jobId: job.id };
    }

    let slot: 'kept' | 'retaken' | 'lost' = 'kept';
    let because: LostBecause = 'slot-taken';
    let state: JobState = job;
    let tyres: Awaited<ReturnType<typeof retakeTyresOnRestore>> = null;
    // Staff cancel with a reason; a lapsed hold has none. Money for a booking staff cancelled does
    // not bring it back: it is refunded like a lost slot (decision 250).
    if (job.status === 'cancelled' && job.cancelReason !== null) {
      slot = 'lost';
      because = 'cancelled';
    } else if (job.status === 'cancelled') {
      // The hold lapsed before the money arrived: take the slot back if nobody else has it, a
      // declared move with its history line (decision 250). The savepoint keeps a unique violation
      // from aborting the whole transaction, and takes the history line with it when the slot is lost.
      try {
        // It takes the lowest free place its slot has left, as a new booking would (decision 302).
        const places = await slotCapacity(tx, job.scheduledDay, { capacity });
        state = await takeSlotPlace(tx, { day: job.scheduledDay, slot: job.timeSlot }, places, async (sp, place) => {
          const back = await moveJob(sp, job, 'late-payment-reinstated', {
            at: now,
            actorId: null,
            note: LATE_PAYMENT_NOTE,
            also: { slotPlace: place },
          });
          // A slot staff blocked meanwhile is lost too (decision 195).
          const [blocked] = await sp
            .select({ id: timeSlots.id })
            .from(timeSlots)
            .where(
              and(
                eq(timeSlots.date, job.scheduledDay),
                eq(timeSlots.slot, job.timeSlot),
                eq(timeSlots.isAvailable, false),
              ),
            );
          if (blocked) throw new SlotBlocked();
          // Its tyres are taken as a new booking's are: from stock, or ordered when its day can wait
          // for them, else the booking is lost like its slot (docs/decisions/433-tyres-on-a-moved-job.md).
          tyres = await retakeTyresOnRestore(sp, job, place, now);
          if (tyres && !tyres.inTime) throw new TyresGone();
          if (tyres?.stock === 'ordered')
            await recordJobEvent(sp, {
              jobId: job.id,
              at: now,
              actorId: null,
              kind: 'note',
              note: tyresOrderedNote(tyres.size, tyres.leadDays, tyres.firstDay),
            });
          return back;
        });
        slot = 'retaken';
      } catch (err) {
        if (err instanceof TyresGone) because = 'tyres-gone';
        else if (pgErrorCode(err) !== UNIQUE_VIOLATION && !(err instanceof SlotBlocked) && !(err instanceof SlotFull))
          throw err;
        slot = 'lost';
      }
    }
    const paid = event.data.object.amount;
    await moveJob(tx, state, 'payment-taken', {
      at: now,
      actorId: null,
      note: `Paid online${typeof paid === 'number' ? ` $${formatCents(paid)}` : ''}${slot === 'lost' ? LOST_NOTES[because] : ''}`,
      also: {
        stripePaymentIntentId: event.data.object.id,
        // The right amount clears an earlier wrong payment's flag (decision 407).
        paymentFlag: slot === 'lost' ? ('refund-required' satisfies PaymentFlag) : null,
      },
    });
    await tx.update(bookingHolds).set({ paidAt: now }).where(eq(bookingHolds.jobId, job.id));
    if (slot === 'lost') {
      // The booking cannot be kept: the business refunds it and the customer is told so (decision 192).
      await keepBackForRefund(tx, intent.id, LOST_REASONS[because]);
      const alert = buildRefundRequiredAlert({
        job,
        paidCents: expected,
        intentId: intent.id,
        because,
        refundAction: refundActionLines({
          publicBaseUrl: deps.config.publicBaseUrl,
          jobId: job.id,
          jobNumber: job.jobNumber,
        }),
      });
      await deps.outbox.queue(tx, { kind: REFUND_REQUIRED_KIND, jobId: job.id, to: business.email, ...alert });
      const notice = buildRefundDueNotice({ job, paidCents: expected, business, because });
      await deps.outbox.queue(tx, { kind: REFUND_DUE_KIND, jobId: job.id, to: job.contactEmail, ...notice });
    } else {
      await confirmPaidBookingIn(deps, tx, job, now);
    }
    return { outcome: 'paid', jobId: job.id, slot };
  });

  if (result.outcome === 'paid' && result.slot === 'lost') {
    deps.log.warn(
      { jobId: result.jobId, event: event.id },
      'Payment arrived after the hold expired and the slot was re-booked: refund required',
    );
  } else if (result.outcome === 'amount-mismatch') {
    deps.log.warn(
      { jobId: result.jobId, event: event.id, charged: event.data.object.amount, currency: event.data.object.currency },
      'Payment amount or currency differs from the booking total: not confirmed',
    );
  }
  // Counted for /metrics once committed (docs/decisions/400-system-health.md): a paid hold is a booking made.
  if (result.outcome === 'paid') deps.metrics?.bookingCreated('prepaid');
  if (result.outcome === 'paid' || result.outcome === 'invoice-paid') deps.metrics?.paymentRecorded('card');
  if (
    result.outcome === 'paid' ||
    result.outcome === 'amount-mismatch' ||
    result.outcome === 'invoice-paid' ||
    result.outcome === 'already-paid'
  ) {
    deps.outbox.kick();
    deps.sms.kick();
  }
  return result;
}

class SlotBlocked extends Error {}
/** The tyres of a job brought back are gone and cannot come by its day. */
class TyresGone extends Error {}

/** The payment's history note and the refund's reason for a booking that could not be kept. */
const LOST_NOTES: Readonly<Record<LostBecause, string>> = {
  cancelled: ': the booking was cancelled, refund due',
  'slot-taken': ': the slot was lost, refund due',
  'tyres-gone': ': its tyres were booked by someone else, refund due',
};
const LOST_REASONS: Readonly<Record<LostBecause, string>> = {
  cancelled: 'Paid after the booking was cancelled',
  'slot-taken': 'Paid after the hold lapsed and the slot was booked by someone else',
  'tyres-gone': 'Paid after the hold lapsed and its tyres were booked by someone else',
};

/** The history line of a cancelled job that a late payment brought back (decision 250). */
const LATE_PAYMENT_NOTE = 'Paid after the hold lapsed; the slot was still free, so the booking stands';

/** POST /api/payments/simulated/confirm: builds the event a real provider would send and hands it to the same handler. */
export async function confirmSimulatedPayment(deps: AppDeps, input: { bookingToken: string; cardNumber: string }) {
  if (deps.payments?.name !== 'simulated') throw notFound('The simulated payment provider is not in use.');
  const settings = await deps.settings.current();
  const { booking, intent, metadata } = await prepareIntent(deps, input.bookingToken, settings);
  const event = simulatedCardEvent(intent, metadata, input.cardNumber);
  const handled = await handlePaymentEvent(deps, event);
  return { handled, jobNumber: booking.job.jobNumber };
}

/**
 * POST /api/payments/simulated/redirect: the customer's answer on the simulated Afterpay or Zip
 * page, turned into the event Stripe's webhook would bring and handed to the same handler
 * (decision 410).
 */
export async function confirmSimulatedRedirect(
  deps: AppDeps,
  input: { bookingToken: string; method: BnplMethod; decision: 'approve' | 'decline' },
): Promise<{ outcome: 'confirmed' | 'declined'; jobNumber: string }> {
  if (deps.payments?.name !== 'simulated') throw notFound('The simulated payment provider is not in use.');
  const settings = await deps.settings.current();
  const { booking, intent, metadata } = await prepareIntent(deps, input.bookingToken, settings, input.method);
  const handled = await handlePaymentEvent(
    deps,
    simulatedRedirectEvent(intent, metadata, input.method, input.decision),
  );
  return { outcome: handled.outcome === 'paid' ? 'confirmed' : 'declined', jobNumber: booking.job.jobNumber };
}

/** The line under the Afterpay or Zip button: no surcharge unless the owner set one (decision 410). */
function bnplChargeMessage(method: BnplMethod, surcharge: string, total: string, rate: string): string {
  return surcharge === '0.00'
    ? `No surcharge applies to ${METHOD_LABELS[method]}. Total to pay: $${total}.`
    : `A ${rate} ${METHOD_LABELS[method]} surcharge of $${surcharge} applies. Total to pay: $${total}.`;
}

/** The checkout's answer once a declined Afterpay or Zip payment freed the slot. */
export const DECLINED_BOOKING =
  'This booking is no longer held because its payment was declined. Please book again and choose another way to pay.';
