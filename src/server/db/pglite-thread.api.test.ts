import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages, PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { bigint, bigserial, boolean, customType, date, integer, interval, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { constraintName, pgErrorCode, UNIQUE_VIOLATION } from './client';
import { PgliteThread } from './pglite-thread';

/**
 * The embedded database on its own thread behaves as PGlite in this process did (decision 239):
 * the same values back, the same errors, one transaction at a time, notifications heard before the
 * statement that raised them returns, and a thread that dies fails its callers instead of hanging.
 */
const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });
const visits = pgTable('van_visits', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ref: uuid('ref').notNull().defaultRandom(),
  jobNumber: text('job_number').notNull().unique('van_visits_one_job_number'),
  tyres: integer('tyres').notNull(),
  odometer: bigint('odometer', { mode: 'number' }),
  bigOdometer: bigint('big_odometer', { mode: 'bigint' }),
  price: numeric('price', { precision: 10, scale: 2 }),
  paid: boolean('paid').notNull(),
  details: jsonb('details'),
  day: date('day'),
  dayAsDate: date('day_as_date', { mode: 'date' }),
  arrivedAt: timestamp('arrived_at', { withTimezone: true, mode: 'date' }),
  arrivedText: timestamp('arrived_text', { withTimezone: true, mode: 'string' }),
  localAt: timestamp('local_at', { mode: 'string' }),
  attempts: timestamp('attempts', { withTimezone: true, mode: 'date' }).array(),
  suburbs: text('suburbs').array(),
  photo: bytea('photo'),
  duration: interval('duration'),
});
const createTable = `
  create table van_visits (
    id bigserial primary key, ref uuid not null default gen_random_uuid(), job_number text not null constraint van_visits_one_job_number unique,
    tyres integer not null, odometer bigint, big_odometer bigint, price numeric(10,2), paid boolean not null, details jsonb,
    day date, day_as_date date, arrived_at timestamptz, arrived_text timestamptz, local_at timestamp, attempts timestamptz[],
    suburbs text[], photo bytea, duration interval
  )`;
const visit = (jobNumber: string) => ({
  ref: '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b',
  jobNumber,
  tyres: 4,
  odometer: 123_456,
  bigOdometer: 9_007_199_254_740_993n,
  price: '249.90',
  paid: true,
  details: { tyre: '205/55R16', notes: ['valve', "l'écrou"], fitted: 2 },
  day: '2026-12-01',
  dayAsDate: new Date('2026-12-02T00:00:00Z'),
  arrivedAt: new Date('2026-12-01T01:30:00.123Z'),
  arrivedText: '2026-12-01 09:30:00+08',
  localAt: '2026-12-01 09:30:00',
  attempts: [new Date('2026-12-01T01:00:00Z'), new Date('2026-12-01T02:00:00Z')],
  suburbs: ['Mandurah', 'Rockingham, WA', 'with "quotes"'],
  photo: new Uint8Array([0xff, 0xd8, 0x00, 0x7f]),
  duration: '01:30:00',
});

const base = inject('pgliteDump');
const dirs: string[] = [];
/** A copy of the migrated data directory the API setup made (faster to open), or memory without one. */
function freshDir(): string | undefined {
  if (!base) return undefined;
  const dir = path.join(os.tmpdir(), `pglite-thread-${randomBytes(6).toString('hex')}`);
  fs.cpSync(path.join(base, 'migrated'), dir, { recursive: true });
  dirs.push(dir);
  return dir;
}

let inProcess: PGlite;
let thread: PgliteThread;
const db = () => drizzle(thread as unknown as PGlite);
beforeAll(async () => {
  inProcess = new PGlite(freshDir());
  thread = new PgliteThread({ dir: freshDir(), flushToDisk: false });
  await Promise.all([inProcess.waitReady, thread.waitReady]);
  await Promise.all([inProcess.exec(createTable), thread.exec(createTable)]);
});
afterAll(async () => {
  await inProcess?.close();
  await thread?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function refusal(work: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await work;
  } catch (err) {
    return err as Error & Record<string, unknown>;
  }
  throw new Error('expected the database to refuse this');
}

describe('PGlite on its own thread', () => {
  it('gives back the same values as PGlite in this process, for every type the schema uses', async () => {
    const here = drizzle(inProcess);
    await here.insert(visits).values(visit('JOB-10001'));
    await db().insert(visits).values(visit('JOB-10001'));
    // The query builder (arrays of values with Drizzle's parsers), raw SQL (objects), the client itself.
    const built = [await here.select().from(visits), await db().select().from(visits)];
    expect(built[1]).toEqual(built[0]);
    expect(built[1]![0]).toMatchObject({ bigOdometer: 9_007_199_254_740_993n, price: '249.90', paid: true, day: '2026-12-01', suburbs: visit('x').suburbs });
    expect(built[1]![0]!.attempts).toEqual(visit('x').attempts);
    expect(built[1]![0]!.photo).toEqual(new Uint8Array([0xff, 0xd8, 0x00, 0x7f]));
    const select = sql`select *, array[price] as prices, array[arrived_at] as arrivals, array[local_at] as locals, array[day] as days, array[duration] as durations from van_visits`;
    expect((await db().execute(select)).rows).toEqual((await here.execute(select)).rows);
    const plain = 'select * from van_visits';
    const [a, b] = [await inProcess.query(plain), await thread.query(plain)];
    expect(b).toEqual(a);
    expect(await thread.exec(`${plain}; select 1 as one`)).toEqual(await inProcess.exec(`${plain}; select 1 as one`));
  });

  it('passes a unique violation on with its code, constraint and detail, as in this process', async () => {
    const twice = (d: ReturnType<typeof drizzle>) => refusal(d.insert(visits).values([visit('JOB-10002'), visit('JOB-10002')]));
    const [here, there] = [await twice(drizzle(inProcess)), await twice(db())];
    expect(pgErrorCode(there)).toBe(UNIQUE_VIOLATION);
    expect(constraintName(there)).toBe('van_visits_one_job_number');
    const cause = there.cause as Error & Record<string, unknown>;
    expect(cause).toBeInstanceOf(messages.DatabaseError);
    const fields = (e: Record<string, unknown>) => ({ message: e.message, code: e.code, constraint: e.constraint, detail: e.detail, table: e.table, schema: e.schema, severity: e.severity, query: e.query, params: e.params });
    expect(fields(cause)).toEqual(fields(here.cause as Record<string, unknown>));
    expect(cause.detail).toBe('Key (job_number)=(JOB-10002) already exists.');
  });

  it('leaves nothing of a transaction that throws, or that Drizzle rolls back', async () => {
    const thrown = await refusal(
      db().transaction(async (tx) => {
        await tx.insert(visits).values(visit('JOB-10003'));
        throw new Error('the card was declined');
      }),
    );
    expect(thrown.message).toBe('the card was declined');
    await refusal(
      db().transaction(async (tx) => {
        await tx.insert(visits).values(visit('JOB-10004'));
        tx.rollback();
      }),
    );
    expect(await db().select().from(visits).where(sql`${visits.jobNumber} in ('JOB-10003', 'JOB-10004')`)).toEqual([]);
  });

  it('fails the transaction when its COMMIT fails, with the error', async () => {
    await thread.exec(`create table deferred_slots (slot text constraint deferred_slots_once unique deferrable initially deferred)`);
    const err = await refusal(
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into deferred_slots values ('8-10 AM'), ('8-10 AM')`);
      }),
    );
    expect(pgErrorCode(err)).toBe(UNIQUE_VIOLATION);
    expect(constraintName(err)).toBe('deferred_slots_once');
    expect((await thread.query('select count(*)::int as n from deferred_slots')).rows).toEqual([{ n: 0 }]);
  });

  it('runs two transactions one after the other, the second seeing the first', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
    const first = db().transaction(async (tx) => {
      await tx.insert(visits).values(visit('JOB-10005'));
      firstInserted();
      await held;
      order.push('first commits');
    });
    await inserted;
    const second = db().transaction(async (tx) => {
      order.push('second starts');
      return tx.select({ jobNumber: visits.jobNumber }).from(visits).where(eq(visits.jobNumber, 'JOB-10005'));
    });
    const plain = db()
      .select({ jobNumber: visits.jobNumber })
      .from(visits)
      .where(eq(visits.jobNumber, 'JOB-10005'))
      .then((rows) => {
        order.push('plain read answers');
        return rows;
      });
    // Both wait for the first transaction: give them every chance to run early.
    await thread.flushes();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    release();
    await first;
    expect(await second).toEqual([{ jobNumber: 'JOB-10005' }]);
    expect(await plain).toEqual([{ jobNumber: 'JOB-10005' }]);
    expect(order.slice(0, 2)).toEqual(['first commits', 'second starts']);
  });

  it('rolls back a nested transaction to its savepoint and keeps the rest', async () => {
    await db().transaction(async (tx) => {
      await tx.insert(visits).values(visit('JOB-10006'));
      await refusal(
        tx.transaction(async (inner) => {
          await inner.insert(visits).values(visit('JOB-10007'));
          await inner.insert(visits).values(visit('JOB-10006'));
        }),
      );
      await tx.insert(visits).values(visit('JOB-10008'));
    });
    const rows = await db().select({ jobNumber: visits.jobNumber }).from(visits).where(sql`${visits.jobNumber} between 'JOB-10006' and 'JOB-10008'`).orderBy(visits.jobNumber);
    expect(rows).toEqual([{ jobNumber: 'JOB-10006' }, { jobNumber: 'JOB-10008' }]);
  });

  it('delivers a NOTIFY before the statement or commit that raised it returns', async () => {
    const heard: string[] = [];
    const unlisten = await thread.listen('public_cache', (payload) => heard.push(payload));
    await db().execute(sql`select pg_notify('public_cache', 'availability:2026-12-01')`);
    expect(heard).toEqual(['availability:2026-12-01']);
    await db().transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('public_cache', 'pages:*')`);
      expect(heard).toHaveLength(1);
    });
    expect(heard).toEqual(['availability:2026-12-01', 'pages:*']);
    await unlisten();
    await db().execute(sql`select pg_notify('public_cache', 'availability:*')`);
    expect(heard).toHaveLength(2);
  });

  it('closes: PGlite first, then the thread; later calls are refused', async () => {
    const other = new PgliteThread({ dir: freshDir(), flushToDisk: false });
    await other.waitReady;
    const last = other.query<{ one: number }>('select 1 as one');
    await other.close();
    expect((await last).rows).toEqual([{ one: 1 }]);
    expect((await refusal(other.query('select 1'))).message).toBe('PGlite is closed');
    await other.close();
  });

  it('fails every pending and later call when its thread dies, and says so', async () => {
    const stopped: Error[] = [];
    const other = new PgliteThread({ dir: freshDir(), flushToDisk: false }, { onStopped: (err) => stopped.push(err) });
    await other.waitReady;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const open = new Promise<void>((resolve) => (began = resolve));
    const holding = other.transaction(async () => {
      began();
      await held;
    });
    await open;
    const waiting = other.query('select 1');
    await other.terminate();
    release();
    const message = /^The embedded database stopped: its thread exited/;
    expect((await refusal(waiting)).message).toMatch(message);
    expect((await refusal(holding)).message).toMatch(message);
    expect((await refusal(other.query('select 1'))).message).toMatch(message);
    expect(stopped.map((e) => e.message)).toEqual([expect.stringMatching(message)]);
    await other.close();
  });
});
