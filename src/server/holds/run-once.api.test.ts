import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { jobs } from '../db/schema';
import { insertPrepaidBooking } from '../payments/fixtures';
import { sweepExpiredHolds } from './service';

/**
 * Every instance ticks the hold sweep; one at a time does the pass (decision 222), so a lapsed hold
 * is cancelled and logged once however many instances run.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An instance's logger, keeping the messages it logs. */
function instanceLog() {
  const lines: string[] = [];
  const log = pino(
    { level: 'debug' },
    { write: (line: string) => void lines.push(JSON.parse(line).msg) },
  ) as FastifyBaseLogger;
  return { log, lines };
}

describe('the hold sweep over several instances', () => {
  it('cancels and logs each lapsed hold once when instances sweep at the same moment', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    const held = await Promise.all(
      (['8-10 AM', '10-12 AM', '12-2 PM'] as const).map((timeSlot) =>
        insertPrepaidBooking(t.db, { now: t.clock.now(), scheduledDay: '2026-11-27', timeSlot }),
      ),
    );
    t.clock.advance(31 * 60_000);

    const instances = [instanceLog(), instanceLog(), instanceLog()];
    const passes = await Promise.all(
      instances.flatMap(({ log }) => [1, 2].map(() => sweepExpiredHolds({ db: t.db, clock: t.clock, log }))),
    );

    const ids = held.map((h) => h.job.id).sort();
    expect(
      passes
        .flat()
        .map((r) => r.id)
        .sort(),
    ).toEqual(ids);
    const expiredLines = instances.flatMap((i) => i.lines).filter((m) => m.startsWith('Unpaid booking hold expired'));
    expect(expiredLines).toHaveLength(ids.length);
    const rows = await t.db.select({ status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('does nothing in an instance while another one holds the sweep', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    const { job } = await insertPrepaidBooking(t.db, {
      now: t.clock.now(),
      scheduledDay: '2026-11-30',
      timeSlot: '2-4 PM',
    });
    t.clock.advance(31 * 60_000);
    const other = instanceLog();

    if (t.engine === 'postgres') {
      // Another instance's pass in progress: its transaction holds the sweep's lock on another connection.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(7301003)`);
        expect(await sweepExpiredHolds({ db: t.db, clock: t.clock, log: other.log })).toEqual([]);
        expect(other.lines).toEqual(['Hold sweep skipped: another instance is sweeping']);
      });
    }
    // (PGlite is one process on one connection: no other instance can hold the lock there.)
    expect((await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id)))[0]?.status).toBe('new');
    // Once that pass has ended, the next tick sweeps.
    expect((await sweepExpiredHolds({ db: t.db, clock: t.clock, log: other.log })).map((r) => r.id)).toEqual([job.id]);
  });
});
