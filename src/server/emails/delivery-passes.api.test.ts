import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/database';
import { outboundEmails, outboundSms } from '../db/schema';
import { claimStatement, type OutboxTable } from './delivery-passes';

/**
 * A delivery pass claims the oldest due message of an outbox (decision 164) by reading that one
 * message, however many wait behind it: after a burst of bookings thousands do, and a claim that
 * read them all for each message sent would drain the backlog in a time growing with its square.
 */

type Database = Awaited<ReturnType<typeof openTestDatabase>>;
type PlanNode = { 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: PlanNode[] };

const NOW = new Date('2026-11-23T02:00:00Z');
const SENT = 3_000;
const PENDING = 2_000;

/** Rows every scan of `table` in the plan returned, over all its loops. */
function rowsRead(node: PlanNode, table: string): number {
  const own = node['Relation Name'] === table ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

/**
 * An outbox with SENT messages long sent and PENDING waiting, oldest first: the very oldest is a
 * text held until later (not due), the next one is the oldest due. Its table is named `name`.
 */
async function fillOutbox(name: 'outbound_emails' | 'outbound_sms') {
  const body = name === 'outbound_emails' ? sql`subject, text` : sql`body`;
  const values = name === 'outbound_emails' ? sql`'Booking confirmed', 'Thanks'` : sql`'Thanks'`;
  await database.db.execute(sql`
    insert into ${sql.identifier(name)} (kind, "to", ${body}, status, attempts, next_attempt_at, created_at)
    select 'booking-confirmation', 'k' || g, ${values},
      case when g <= ${SENT} then 'sent' else 'pending' end,
      case when g <= ${SENT} then 1 else 0 end,
      case when g = ${SENT + 1} then ${NOW.toISOString()}::timestamptz + interval '6 hours' end,
      ${NOW.toISOString()}::timestamptz - interval '1 day' + g * interval '1 second'
    from generate_series(1, ${SENT + PENDING}) g`);
}

describe.each([
  ['outbound_emails', outboundEmails],
  ['outbound_sms', outboundSms],
] as const)('claiming from %s with a backlog', (name, table: OutboxTable) => {
  it(`reads only the message it claims, the oldest due, with ${PENDING.toLocaleString('en-AU')} waiting`, async () => {
    await fillOutbox(name);
    const { rows } = await database.db.execute<{ 'QUERY PLAN': unknown }>(
      sql`explain (analyze, format json) `.append(claimStatement(database.db, table, NOW).getSQL()),
    );
    const raw = rows[0]!['QUERY PLAN'];
    const [{ Plan: plan }] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];

    const t = table as typeof outboundEmails;
    const claimed = await database.db
      .select({ to: t.to })
      .from(t)
      .where(eq(t.attempts, 1))
      .limit(SENT + 1);
    // The sent ones had one attempt already; the claim gave the oldest due message its first.
    expect(claimed.filter((r) => r.to === `k${SENT + 2}`)).toHaveLength(1);
    expect(claimed.filter((r) => r.to === `k${SENT + 1}`)).toHaveLength(0);
    // The held text it passed over, the one it claimed, and the claimed row again for its update.
    expect(rowsRead(plan, name)).toBeLessThanOrEqual(3);
  });
});
