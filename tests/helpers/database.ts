import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when the API suite runs against a PostgreSQL server: a migrated template database. */
    pgTemplate: { url: string; template: string } | null;
    /** A folder holding a migrated PGlite data directory ('migrated'), made once by the global setup. */
    pgliteDump: string | null;
  }
}

/**
 * A freshly migrated database for one test file: PGlite in memory by default, or a new database
 * cloned from the migrated template on a PostgreSQL server (npm run test:pg).
 */
export async function openTestDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  const pgTemplate = inject('pgTemplate');
  if (!pgTemplate) {
    const base = inject('pgliteDump');
    if (!base) throw new Error('the API global setup did not run');
    const dir = path.join(base, `copy-${randomBytes(6).toString('hex')}`);
    fs.cpSync(path.join(base, 'migrated'), dir, { recursive: true });
    const database = await openPglite(dir);
    return {
      ...database,
      async dispose() {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgTemplate.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate.template}`);
  await admin.end();
  const url = new URL(pgTemplate.url);
  url.pathname = `/${name}`;
  // Connections still closing when the database is dropped are expected to be cut off.
  const database = await openPostgres(url.toString(), 25, () => undefined);
  return {
    ...database,
    async dispose() {
      await database.close();
      const c = new pg.Client({ connectionString: pgTemplate.url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
