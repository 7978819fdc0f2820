import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages, PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { constraintName, openDatabase, pgErrorCode, UNIQUE_VIOLATION } from './client';
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
  [thread] = await Promise.all([PgliteThread.open({ dir: freshDir(), flushToDisk: false }), inProcess.waitReady]);
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
    expect(built[1]![0]).toMatchObject({
      bigOdometer: 9_007_199_254_740_993n,
      price: '249.90',
      paid: true,
      day: '2026-12-01',
      suburbs: visit('x').suburbs,
    });
    expect(built[1]![0]!.attempts).toEqual(visit('x').attempts);
    expect(built[1]![0]!.photo).toEqual(new Uint8Array([0xff, 0xd8, 0x00, 0x7f]));
    const everything =
      'select *, array[price] as prices, array[arrived_at] as arrivals, array[local_at] as locals, array[day] as days, array[duration] as durations from van_visits';
    expect((await db().execute(sql.raw(everything))).rows).toEqual((await here.execute(sql.raw(everything))).rows);
    expect(await thread.query(everything)).toEqual(await inProcess.query(everything));
    expect(await thread.exec(`${everything}; select 1 as one`)).toEqual(
      await inProcess.exec(`${everything}; select 1 as one`),
    );
    // A caller's own parsers, for a type the thread keeps as text and for one it does not.
    const parsers = { 1184: (x: string) => `at ${x}`, 23: (x: string) => `${x} tyres` };
    for (const rowMode of ['array', 'object'] as const) {
      expect(await thread.query(everything, [], { rowMode, parsers })).toEqual(
        await inProcess.query(everything, [], { rowMode, parsers }),
      );
    }
  });

  it('passes a unique violation on with its code, constraint and detail, as in this process', async () => {
    const twice = (d: ReturnType<typeof drizzle>) =>
      refusal(d.insert(visits).values([visit('JOB-10002'), visit('JOB-10002')]));
    const [here, there] = [await twice(drizzle(inProcess)), await twice(db())];
    expect(pgErrorCode(there)).toBe(UNIQUE_VIOLATION);
    expect(constraintName(there)).toBe('van_visits_one_job_number');
    const cause = there.cause as Error & Record<string, unknown>;
    expect(cause).toBeInstanceOf(messages.DatabaseError);
    const fields = (e: Record<string, unknown>) => ({
      message: e.message,
      code: e.code,
      constraint: e.constraint,
      detail: e.detail,
      table: e.table,
      schema: e.schema,
      severity: e.severity,
      query: e.query,
      params: e.params,
    });
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
    await thread.exec(
      `create table deferred_slots (slot text constraint deferred_slots_once unique deferrable initially deferred)`,
    );
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
    // The second is opened by its first statement, which waits for the first to commit.
    const second = db().transaction(async (tx) => {
      const rows = await tx
        .select({ jobNumber: visits.jobNumber })
        .from(visits)
        .where(eq(visits.jobNumber, 'JOB-10005'));
      order.push('second reads');
      return rows;
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
    // The plain read and the second transaction may go in either order, both after the first commits.
    expect(order[0]).toBe('first commits');
    expect(order.slice(1).sort()).toEqual(['plain read answers', 'second reads']);
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
    const rows = await db()
      .select({ jobNumber: visits.jobNumber })
      .from(visits)
      .where(sql`${visits.jobNumber} between 'JOB-10006' and 'JOB-10008'`)
      .orderBy(visits.jobNumber);
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
    const other = await PgliteThread.open({ dir: freshDir(), flushToDisk: false });
    const last = other.query<{ one: number }>('select 1 as one');
    await other.close();
    expect((await last).rows).toEqual([{ one: 1 }]);
    expect((await refusal(other.query('select 1'))).message).toBe('PGlite is closed');
    await other.close();
  });

  it('fails every pending and later call when its thread dies, and says so', async () => {
    const stopped: Error[] = [];
    const other = await PgliteThread.open(
      { dir: freshDir(), flushToDisk: false },
      { onStopped: (err) => stopped.push(err) },
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const open = new Promise<void>((resolve) => (began = resolve));
    // Its first statement opens the transaction, which then holds the database.
    const holding = other.transaction(async (tx) => {
      await tx.query('select 1');
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

describe("the app's own database", () => {
  it('tells the server when its thread stops unasked (the server then exits to be restarted), and not on close', async () => {
    const lost: Error[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-app-'));
    dirs.push(dataDir);
    const database = await openDatabase({ dataDir, onLost: (err) => lost.push(err) });
    const client = (database.db as unknown as { $client: PgliteThread }).$client;
    await client.terminate();
    expect(lost.map((e) => e.message)).toEqual([expect.stringMatching(/^The embedded database stopped/)]);
    await database.close();
    const again = await openDatabase({ dataDir, onLost: (err) => lost.push(err) });
    await again.close();
    expect(lost).toHaveLength(1);
  });
});

describe('statements with parameters, prepared once on the thread', () => {
  const both = async (query: string, params: unknown[] = []) => {
    const [here, there] = [await inProcess.query(query, params), await thread.query(query, params)];
    expect(there).toEqual(here);
    return there.rows;
  };
  const bothExec = (statements: string) => Promise.all([inProcess.exec(statements), thread.exec(statements)]);

  it('answer with the new columns after the schema changes, however it was changed', async () => {
    await bothExec(`create table plan_check (id int, a text); insert into plan_check values (1, 'x')`);
    const row = 'select * from plan_check where id = $1';
    expect(await both(row, [1])).toEqual([{ id: 1, a: 'x' }]);
    await both(`alter table plan_check add column b text default 'y'`);
    expect(await both(row, [1])).toEqual([{ id: 1, a: 'x', b: 'y' }]);
    await bothExec(`do $$ begin alter table plan_check add column c int default 3; end $$`);
    expect(await both(row, [1])).toEqual([{ id: 1, a: 'x', b: 'y', c: 3 }]);
    // A change the thread cannot see (made by a function) fails the prepared run once; it is prepared again.
    await bothExec(
      `create function widen_plan_check() returns void language plpgsql as $$ begin alter table plan_check add column d int default 4; end $$`,
    );
    expect(await both(row, [1])).toEqual([{ id: 1, a: 'x', b: 'y', c: 3 }]);
    await both('select widen_plan_check()');
    expect(await both(row, [1])).toEqual([{ id: 1, a: 'x', b: 'y', c: 3, d: 4 }]);
  });

  it('inside a transaction, see a change made there, and pass on the failure of one a function made', async () => {
    await thread.exec(`create table plan_in_tx (id int); insert into plan_in_tx values (1)`);
    await thread.exec(
      `create function widen_plan_in_tx() returns void language plpgsql as $$ begin alter table plan_in_tx add column e int default 5; end $$`,
    );
    const row = 'select * from plan_in_tx where id = $1';
    expect((await thread.query(row, [1])).rows).toEqual([{ id: 1 }]);
    await thread.transaction(async (tx) => {
      await tx.query('alter table plan_in_tx add column f int default 6');
      expect((await tx.query(row, [1])).rows).toEqual([{ id: 1, f: 6 }]);
    });
    const err = await refusal(
      thread.transaction(async (tx) => {
        await tx.query('select widen_plan_in_tx()');
        await tx.query(row, [1]);
      }),
    );
    expect(err.code).toBe('0A000');
    expect((await thread.query(row, [1])).rows).toEqual([{ id: 1, f: 6 }]);
  });

  it('keep at most 1,000 prepared, and give the right answers past that', async () => {
    for (let n = 0; n < 1_005; n++)
      expect((await thread.query<{ sum: number }>(`select $1::int + ${n} as sum`, [1])).rows).toEqual([{ sum: n + 1 }]);
    expect((await thread.query<{ sum: number }>(`select $1::int + 0 as sum`, [2])).rows).toEqual([{ sum: 2 }]);
    const [{ n }] = (await thread.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
      .rows as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(1_000);
    expect(n).toBeLessThanOrEqual(1_001);
  });

  it('fail as in this process: a bad parameter, a syntax error, twice each', async () => {
    const fields = (e: Record<string, unknown>) => ({
      message: e.message,
      code: e.code,
      position: e.position,
      query: e.query,
      params: e.params,
    });
    for (let i = 0; i < 2; i++) {
      for (const [query, params] of [
        ['select $1::int as n', ['four']],
        ['selec $1::int as n', [4]],
      ] as const) {
        const [here, there] = [
          await refusal(inProcess.query(query, [...params])),
          await refusal(thread.query(query, [...params])),
        ];
        expect(fields(there)).toEqual(fields(here));
      }
    }
  });
});
