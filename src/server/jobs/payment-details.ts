import { and, eq } from 'drizzle-orm';
import type { PaymentFlag } from '../../shared/schemas/payments';
import type { Executor } from '../db/client';
import { jobs } from '../db/schema';

/**
 * The payments area's notes on a job that are not a move of its state: the provider's intent it is
 * paying through, and a flag for staff. Only the jobs area writes the jobs table (decision 250); a
 * payment that moves the job goes through lifecycle.ts.
 */

/** The card provider's intent for this booking, so a reload reuses it rather than charging twice. */
export async function rememberPaymentIntent(exec: Executor, jobId: string, intentId: string, at: Date): Promise<void> {
  await exec.update(jobs).set({ stripePaymentIntentId: intentId, updatedAt: at }).where(eq(jobs.id, jobId));
}

/** A payment staff must look at, or null once the money is right again; the job's state is left as it was (decisions 192, 407). */
export async function flagJobPayment(exec: Executor, jobId: string, flag: PaymentFlag | null, at: Date): Promise<void> {
  await exec.update(jobs).set({ paymentFlag: flag, updatedAt: at }).where(eq(jobs.id, jobId));
}

/** A payment of the right amount arrived: an earlier wrong amount's flag is cleared (decision 407); a refund still due stays flagged. */
export async function clearMismatchFlag(exec: Executor, jobId: string, at: Date): Promise<void> {
  await exec
    .update(jobs)
    .set({ paymentFlag: null, updatedAt: at })
    .where(and(eq(jobs.id, jobId), eq(jobs.paymentFlag, 'amount-mismatch')));
}
