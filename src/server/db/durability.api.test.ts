import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from './client';
import type { PgliteThread } from './pglite-thread';

/**
 * The embedded database's commits reach the disk before they are acknowledged, so a power cut
 * right after a booking is confirmed does not lose it (decision 238). A process crash (kill -9)
 * is covered by tests/system/crash.test.ts; a power cut cannot be staged in a test, so this checks
 * what it depends on: PostgreSQL's flushes are on and each commit flushes a file to the disk.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'durability-'));
let database: Database;
beforeAll(async () => {
  // The migrated copy the API setup made, when there is one: opening it is faster than a new one.
  const migrated = inject('pgliteDump');
  if (migrated) fs.cpSync(path.join(migrated, 'migrated'), path.join(dataDir, 'db'), { recursive: true });
  database = await openDatabase({ dataDir });
  await database.db.execute(sql`create table confirmed_bookings (id serial primary key, job_number text not null)`);
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const setting = async (name: string) =>
  (await database.db.execute<Record<string, string>>(sql.raw(`show ${name}`))).rows[0]![name];

describe('the embedded database in DATA_DIR', () => {
  it('runs with fsync on and flushes the WAL with fsync', async () => {
    expect(await setting('fsync')).toBe('on');
    expect(await setting('wal_sync_method')).toBe('fsync');
    expect(await setting('synchronous_commit')).toBe('on');
  });

  it('flushes a file to the disk before a commit returns', async () => {
    // The database runs on its own thread (decision 239), which counts the files it flushes.
    const thread = (database.db as unknown as { $client: PgliteThread }).$client;
    const before = await thread.flushes();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into confirmed_bookings (job_number) values ('JOB-10001')`);
    });
    expect(await thread.flushes()).toBeGreaterThan(before);
  });
});
