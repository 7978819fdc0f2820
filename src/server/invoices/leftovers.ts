import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { customerInvoicePdfs } from '../db/schema';
import { removeFileLeftovers } from '../adapters/leftovers';

/** Invoice PDF files a crash left between printing and committing their row (decision 194). Run at start. */
export async function cleanInvoicePdfLeftovers(
  deps: Pick<AppDeps, 'db' | 'pdfs' | 'clock' | 'log'>,
): Promise<{ temporary: number; orphaned: number }> {
  return removeFileLeftovers({
    store: deps.pdfs,
    clock: deps.clock,
    log: deps.log,
    what: 'invoice PDF',
    namedByRows: async (names) =>
      (
        await deps.db
          .select({ filename: customerInvoicePdfs.filename })
          .from(customerInvoicePdfs)
          .where(inArray(customerInvoicePdfs.filename, names))
      ).map((r) => r.filename),
  });
}
