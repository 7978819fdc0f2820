import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import { testConfig, type Config } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { openTestDatabase } from './database';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  engine: 'pglite' | 'postgres';
  config: Config;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
};

/** Monday 23 November 2026, 07:00 in Perth: before the first slot of a business day. */
export const MONDAY_7AM_PERTH = '2026-11-22T23:00:00.000Z';

/** The real app, in-process, on a freshly migrated database, with a clock the test controls. */
export async function createTestApp(
  opts: {
    now?: string;
    env?: Record<string, string>;
    overrides?: Partial<Omit<BuildAppOptions, 'config' | 'db' | 'clock'>>;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = fixedClock(opts.now ?? MONDAY_7AM_PERTH);
  const config = testConfig(opts.env);
  const app = await buildApp({ ...opts.overrides, config, db: database.db, clock });
  await app.ready();
  return {
    app,
    db: database.db,
    engine: database.engine,
    config,
    clock,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
