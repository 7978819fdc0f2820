import { and, desc, eq } from 'drizzle-orm';
import { invoiceLinesForJob, invoiceTotals } from '../../shared/domain/invoices';
import { formatCents, toCents } from '../../shared/domain/money';
import { METHOD_LABELS, type OnlineMethod } from '../../shared/domain/payment-methods';
import { perthDay } from '../../shared/domain/perth-time';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { bookingHolds, type jobs, paymentEvents } from '../db/schema';
import { methodOfMetadata } from '../payments/provider';
import { lookupTyreUnitPriceCents } from '../pricing/service';
import { fittedTyreInvoiceLines, partInvoiceLines } from '../tyres/invoice-lines';

// What a job's invoice is made of (decision 200), apart from writing it: generate.ts writes these
// lines, and a job's detail shows their total as the amount to take before there is an invoice
// (docs/decisions/438-the-amount-to-take-before-the-invoice.md).

type Fees = Awaited<ReturnType<AppDeps['settings']['current']>>['fees'];
type Job = typeof jobs.$inferSelect;

/** When and how a job was paid online by card, if it was. */
async function onlinePayment(
  tx: Executor,
  job: Job,
  now: Date,
): Promise<{ day: string; at: Date; method: OnlineMethod; amount: number | null } | null> {
  if (job.paymentMethod !== 'prepaid' || job.paymentStatus !== 'paid') return null;
  const [event] = await tx
    .select({ at: paymentEvents.receivedAt, payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.jobId, job.id), eq(paymentEvents.type, 'payment_intent.succeeded')))
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(1);
  const [hold] = event
    ? []
    : await tx.select({ at: bookingHolds.paidAt }).from(bookingHolds).where(eq(bookingHolds.jobId, job.id));
  const at = event?.at ?? hold?.at ?? job.paidAt ?? now;
  // Afterpay and Zip carry no card surcharge line (decision 410); the intent's metadata names the method.
  const intent = (event?.payload as { data?: { object?: { amount?: unknown; metadata?: unknown } } } | null)?.data
    ?.object;
  const amount = typeof intent?.amount === 'number' ? intent.amount : null;
  return { day: perthDay(at), at, method: methodOfMetadata(intent?.metadata), amount };
}

/** The lines a job's invoice is made of, and the online payment that covered it before the visit, if any. */
export async function jobInvoiceLines(tx: Executor, job: Job, now: Date, fees: Fees) {
  const tyreUnitPriceCents = job.serviceType === 'new-tyres' ? await lookupTyreUnitPriceCents(tx, job.tyreSize) : null;
  const paidOnline = await onlinePayment(tx, job, now);
  const lines = invoiceLinesForJob(
    {
      serviceType: job.serviceType,
      isPrepaid: job.paymentMethod === 'prepaid',
      quantity: job.tyreQuantity ?? 1,
      tyreSize: job.tyreSize,
      tyreUnitPriceCents,
      valueCents: job.customerValue === null ? null : toCents(job.customerValue),
      isPaidByCard: paidOnline !== null && paidOnline.method === 'card',
    },
    fees,
  );
  // An Afterpay or Zip surcharge the owner set is what the payment took above the job's value.
  const bnplSurcharge =
    paidOnline && paidOnline.method !== 'card' && paidOnline.amount !== null && job.customerValue !== null
      ? paidOnline.amount - toCents(job.customerValue)
      : 0;
  if (paidOnline && bnplSurcharge > 0)
    lines.push({
      description: `${METHOD_LABELS[paidOnline.method]} surcharge`,
      category: 'labour',
      quantity: 1,
      unitPriceCents: bnplSurcharge,
    });
  // The tyres fitted and the disposal levy (docs/decisions/414-tyre-records.md); a job paid online
  // before the visit is not charged a levy its payment did not cover.
  lines.push(...(await fittedTyreInvoiceLines(tx, job.id, { withLevy: paidOnline === null })));
  // Valves and TPMS sensors, each its own line (docs/decisions/432-valves-and-tpms-sensors.md); as
  // with the levy, a payment taken online before the visit did not cover them.
  if (paidOnline === null) lines.push(...(await partInvoiceLines(tx, job.id)));
  return { lines, paidOnline };
}

/**
 * What the job's invoice will be made for, GST included, when staff take the money before there is
 * one: the same lines generateInvoiceIn writes (the job's price, tyres fitted and their levy, parts).
 */
export async function amountToInvoice(exec: Executor, job: Job, now: Date, fees: Fees): Promise<string> {
  const { lines } = await jobInvoiceLines(exec, job, now, fees);
  return formatCents(invoiceTotals(lines).totalCents);
}
