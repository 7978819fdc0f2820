import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accountingSync } from '../db/schema';

export type FailingRecords = {
  /** Records failed and not sent since. */
  count: number;
  /** When the oldest of them first failed. */
  oldestSince: Date | null;
  /** Xero's own message for the oldest of them. */
  oldestError: string | null;
};

/**
 * The records Xero has refused and that have not been sent since: the Accounting section's banner
 * and the owner's system alert read the same figure (docs/decisions/430-accounting-alert.md).
 */
export async function failingRecords(db: Executor): Promise<FailingRecords> {
  const { rows } = await db.execute<{ count: number; oldest: Date | string | null; error: string | null }>(sql`
    select count(*)::int as count, min(failed_since) as oldest,
      (array_agg(last_error order by failed_since))[1] as error
    from ${accountingSync} where state <> 'sent' and failed_since is not null`);
  const row = rows[0];
  return {
    count: Number(row?.count ?? 0),
    oldestSince: row?.oldest ? new Date(row.oldest) : null,
    oldestError: row?.error ?? null,
  };
}
