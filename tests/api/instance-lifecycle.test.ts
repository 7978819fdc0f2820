import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('readiness and the instance name', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('/readyz is 200 when the database answers and every migration is applied; /healthz too', async () => {
    t = await createTestApp();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'reachable', migrations: 'applied' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz is 503 naming the migration not applied, while /healthz (liveness) stays 200', async () => {
    t = await createTestApp();
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const journal = JSON.parse(fs.readFileSync(path.join(ROOT, 'drizzle/meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'migrations pending',
      database: 'reachable',
      pending: [journal.entries.at(-1)!.tag],
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('every response says which instance answered when INSTANCE_NAME is set, and none without it', async () => {
    t = await createTestApp({ env: { INSTANCE_NAME: 'app-2' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/suburbs' })).headers['x-instance']).toBe('app-2');
    await t.close();
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['x-instance']).toBeUndefined();
  });
});
