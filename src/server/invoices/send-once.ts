import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { customerInvoicePdfs } from '../db/schema';

/** How long a PDF version counts as just sent: another "Email Invoice" for it sends nothing (decision 296). */
export const EMAIL_REPEAT_WINDOW_MS = 5 * 60_000;

/**
 * Claims the sending of one PDF version, in the caller's transaction: true for exactly one of any
 * number of concurrent or repeated requests within the window. The claim is one conditional UPDATE
 * of the version's row, so the database decides: on a PostgreSQL server a second transaction waits
 * for the first's row lock, re-checks the condition against the committed sentAt and claims
 * nothing (decision 296); no check held in one server's memory could do that for two instances.
 */
export async function claimSend(tx: Executor, pdfId: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - EMAIL_REPEAT_WINDOW_MS);
  const claimed = await tx
    .update(customerInvoicePdfs)
    .set({ sentAt: now })
    .where(
      and(
        eq(customerInvoicePdfs.id, pdfId),
        or(isNull(customerInvoicePdfs.sentAt), lt(customerInvoicePdfs.sentAt, since)),
      ),
    )
    .returning({ id: customerInvoicePdfs.id });
  return claimed.length === 1;
}
