import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { makeScratchDir } from '../../scripts/lib/scratch.mjs';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { buildPgliteWorker } from '../../scripts/lib/build-server.mjs';

/**
 * Migrates once, and every test file clones the result: a copy of a PGlite data directory (opening
 * one is ~4x faster than migrating a new one), kept in memory where the machine allows
 * (scripts/lib/scratch.mjs), or with TEST_DATABASE_URL a template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('pgTemplate', null);
    const worker = await compileThreadWorker();
    const dir = makeScratchDir('tyres-api-');
    const database = await openPglite(path.join(dir, 'migrated'));
    await database.migrate();
    await database.close();
    project.provide('pgliteDump', dir);
    return () => {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(worker, { force: true });
    };
  }
  project.provide('pgliteDump', null);
  const template = `tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const tplUrl = new URL(url);
  tplUrl.pathname = `/${template}`;
  const database = await openPostgres(tplUrl.toString(), 1);
  await database.migrate();
  await database.close();
  project.provide('pgTemplate', { url, template });
  console.log(`API tests run against PostgreSQL (${tplUrl.host}), template ${template}`);

  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await c.end();
  };
}

/**
 * The embedded database's thread compiled once for the run: each test file's thread imports it as
 * it is, where each would otherwise load tsx and compile the TypeScript again
 * (docs/decisions/436-api-tests-share-a-compiled-thread.md). The test workers start
 * after this setup, with the variable in their environment. Under node_modules, so its packages
 * resolve; one file per run, as runs side by side in `npm test` each have their own.
 */
async function compileThreadWorker(): Promise<string> {
  const file = path.resolve(
    import.meta.dirname,
    `../../node_modules/.cache/tyre-booking/pglite-thread-worker-${process.pid}.mjs`,
  );
  await buildPgliteWorker(file);
  process.env.PGLITE_THREAD_WORKER = file;
  return file;
}
