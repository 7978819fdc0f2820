import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { openPostgres, type Database } from '../db/client';
import { businessSettings } from '../db/schema';
import { seedReferenceData } from '../db/seed/reference';
import { openTestDatabase } from '../../../tests/helpers/database';
import { MONDAY_7AM_PERTH } from '../../../tests/helpers/test-app';
import { createPublicChanges, type PublicChanges } from '../cache/public-changes';
import { createSettingsStore, readSettings, storeFirstStartSettings, writeSetting } from './store';

// The owner's settings (decision 280): the environment seeds the first start only; afterwards the
// stored values win, and a change made through one instance reaches every other.
let database: Database & { dispose(): Promise<void> };
const firstStart = testConfig({ BUSINESS_PHONE: '08 9111 2222', BUSINESS_NAME: 'First Start Tyres' });
const at = new Date(MONDAY_7AM_PERTH);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await database.db.delete(businessSettings);
});
afterAll(async () => {
  await database?.dispose();
});

describe('stored settings', () => {
  it('before the first start stores them, the environment and the product fees are what everyone reads', async () => {
    const settings = await readSettings(database.db, firstStart);
    expect(settings.business.phone).toBe('08 9111 2222');
    expect(settings.fees.callout).toBe(8980);
    expect(settings.fees.punctureRepair).toBe(4000);
  });

  it('after the first start, a changed environment no longer changes the stored details', async () => {
    await seedReferenceData(database.db, firstStart);
    const restarted = testConfig({ BUSINESS_PHONE: '08 9333 4444', BUSINESS_NAME: 'Renamed In Env' });
    await seedReferenceData(database.db, restarted);
    const settings = await readSettings(database.db, restarted);
    expect(settings.business.phone).toBe('08 9111 2222');
    expect(settings.business.name).toBe('First Start Tyres');
  });

  it('a stored change wins over the environment', async () => {
    await storeFirstStartSettings(database.db, firstStart, at);
    const before = await readSettings(database.db, firstStart);
    await writeSetting(database.db, 'fees', { ...before.fees, punctureRepair: 4550 }, null, at);
    expect((await readSettings(database.db, firstStart)).fees.punctureRepair).toBe(4550);
  });

  it('refuses to store a value its schema does not allow, and keeps the old one', async () => {
    await storeFirstStartSettings(database.db, firstStart, at);
    const before = await readSettings(database.db, firstStart);
    await expect(writeSetting(database.db, 'fees', { ...before.fees, callout: -1 }, null, at)).rejects.toThrow();
    expect((await readSettings(database.db, firstStart)).fees.callout).toBe(8980);
  });

  it('a row broken by hand falls back to the first-start value and says so in the log', async () => {
    await database.db.execute(
      sql`insert into business_settings (key, value) values ('fees', '{"callout": "lots"}'::jsonb)`,
    );
    const logged: object[] = [];
    const settings = await readSettings(database.db, firstStart, { error: (obj) => logged.push(obj) });
    expect(settings.fees.callout).toBe(8980);
    expect(logged).toEqual([expect.objectContaining({ key: 'fees' })]);
  });
});

describe('two instances over one database', () => {
  const log = {
    error: () => undefined,
    warn: () => undefined,
    info: () => undefined,
    debug: () => undefined,
  } as unknown as FastifyBaseLogger;
  let secondPool: Database | undefined;
  let changesA: PublicChanges;
  let changesB: PublicChanges;

  beforeAll(async () => {
    const pool: unknown = (database.db as unknown as { $client: unknown }).$client;
    if (pool instanceof pg.Pool) secondPool = await openPostgres(pool.options.connectionString!, 5, () => undefined);
    changesA = createPublicChanges({ db: database.db, log });
    changesB = createPublicChanges({ db: secondPool?.db ?? database.db, log });
    await Promise.all([changesA.start(), changesB.start()]);
  });
  afterAll(async () => {
    await changesA?.stop();
    await changesB?.stop();
    await secondPool?.close();
  });

  function heardBy(changes: PublicChanges): Promise<void> {
    return new Promise((resolve) => {
      const unsubscribe = changes.subscribe({
        onChange: (change) => {
          if (change.kind !== 'settings') return;
          unsubscribe();
          resolve();
        },
        onListening: () => undefined,
      });
    });
  }

  it('a change written through one instance is what the other reads next, though it kept a copy', async () => {
    await storeFirstStartSettings(database.db, firstStart, at);
    const storeB = createSettingsStore({ db: secondPool?.db ?? database.db, config: firstStart }, changesB);
    expect((await storeB.current()).business.phone).toBe('08 9111 2222');
    const heard = heardBy(changesB);
    const current = await readSettings(database.db, firstStart);
    await writeSetting(database.db, 'business', { ...current.business, phone: '08 9555 6666' }, null, at);
    await heard;
    expect((await storeB.current()).business.phone).toBe('08 9555 6666');
  });

  it('an instance that cannot hear changes keeps no copy: every read is fresh', async () => {
    await storeFirstStartSettings(database.db, firstStart, at);
    const unheard = createSettingsStore({ db: database.db, config: firstStart }, undefined);
    expect((await unheard.current()).fees.callout).toBe(8980);
    const current = await readSettings(database.db, firstStart);
    await writeSetting(database.db, 'fees', { ...current.fees, callout: 9900 }, null, at);
    expect((await unheard.current()).fees.callout).toBe(9900);
  });
});
