import { randomBytes } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { bookingBody, freshClientAddress } from '../../../tests/helpers/bookings';
import { openTestDatabase } from '../../../tests/helpers/database';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { MONDAY_7AM_PERTH } from '../../../tests/helpers/test-app';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import { testConfig } from '../config';
import { openPostgres, pgErrorCode, type Db } from './client';
import { canAlterAuditLog, grantRuntimeRole } from './runtime-role';
import { auditLog, jobs } from './schema';

/**
 * The app's database login has no DDL rights and cannot rewrite the audit log, while the app works
 * (docs/decisions/408-app-login-not-a-superuser.md). On PostgreSQL the runtime role is a login of
 * its own and the migrations run as the owner on DATABASE_MIGRATION_URL's connection; on PGlite
 * (one connection) the same grants are given and the connection SETs ROLE to it.
 */

const INSUFFICIENT_PRIVILEGE = '42501';
const pgTemplate = inject('pgTemplate');
const role = `tyres_app_${randomBytes(4).toString('hex')}`;
const clock = fixedClock(MONDAY_7AM_PERTH);
const config = testConfig();

let app: FastifyInstance;
/** The runtime role's connection(s): what the app runs on. */
let runtime: Db;
/** The owner's (test setup's) connection, for checks the runtime role may not make. */
let owner: Db;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  if (pgTemplate) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgTemplate.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate.template}`);
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${role}'`);
    await admin.query(`GRANT CONNECT ON DATABASE ${name} TO ${role}`);
    await admin.end();
    const ownerUrl = new URL(pgTemplate.url);
    ownerUrl.pathname = `/${name}`;
    const runtimeUrl = new URL(ownerUrl);
    runtimeUrl.username = role;
    runtimeUrl.password = role;
    const ownerDb = await openPostgres(ownerUrl.toString(), 2, () => undefined);
    // As the app starts: migrations on the owner's URL, then the pool on the runtime role's.
    const runtimeDb = await openPostgres(runtimeUrl.toString(), 5, () => undefined, {
      migrationUrl: ownerUrl.toString(),
    });
    await runtimeDb.migrate();
    owner = ownerDb.db;
    runtime = runtimeDb.db;
    cleanUp = async () => {
      await runtimeDb.close();
      await ownerDb.close();
      const c = new pg.Client({ connectionString: pgTemplate.url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.query(`DROP ROLE IF EXISTS ${role}`);
      await c.end();
    };
  } else {
    const database = await openTestDatabase();
    await database.db.execute(sql`create role ${sql.identifier(role)} nologin`);
    await grantRuntimeRole(database.db, role);
    owner = database.db;
    runtime = database.db;
    await database.db.execute(sql`set role ${sql.identifier(role)}`);
    cleanUp = () => database.dispose();
  }
  app = await buildApp({ config, db: runtime, clock });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await cleanUp?.();
});

async function refusal(statement: ReturnType<typeof sql>): Promise<string | undefined> {
  try {
    await runtime.execute(statement);
    return 'allowed';
  } catch (err) {
    return pgErrorCode(err);
  }
}

describe('the runtime role', () => {
  it('is who the app runs as, and it cannot alter the audit log', async () => {
    const who = await runtime.execute<{ role: string }>(sql`select current_user as role`);
    expect(who.rows[0]!.role).toBe(role);
    expect(await canAlterAuditLog(runtime)).toBe(false);
    if (owner !== runtime) expect(await canAlterAuditLog(owner)).toBe(true);
  });

  it('makes a booking and a staff change, with their audit rows', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody(),
      remoteAddress: freshClientAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = (res.json() as { jobId: string }).jobId;
    const [job] = await runtime.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
    expect(job).toBeDefined();
    const rows = await runtime
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subject, `job:${job!.id}`));
    expect(rows.length).toBeGreaterThan(0);

    const { cookie } = await signedInStaff({ db: runtime, clock, config }, { role: 'admin' });
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/dashboard/jobs/${job!.id}`,
      headers: { cookie },
      payload: { customerValue: '101.50' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await runtime
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(like(auditLog.subject, 'job:%'));
    expect(after.length).toBeGreaterThan(rows.length);
  });

  it('is refused switching off the audit trigger, UPDATE and DELETE of audit rows, and CREATE TABLE', async () => {
    expect(await refusal(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`)).toBe(
      INSUFFICIENT_PRIVILEGE,
    );
    expect(await refusal(sql`alter table audit_log disable trigger all`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await refusal(sql`update audit_log set note = 'rewritten'`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await refusal(sql`delete from audit_log`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await refusal(sql`truncate audit_log`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await refusal(sql`create table stolen (id int)`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await refusal(sql`drop table jobs`)).toBe(INSUFFICIENT_PRIVILEGE);
    // The trigger is still on, and the rows are as they were.
    const trigger = await runtime.execute<{ enabled: string }>(
      sql`select tgenabled as enabled from pg_trigger where tgname = 'audit_log_no_update_or_delete'`,
    );
    expect(trigger.rows[0]!.enabled).toBe('O');
    const rewritten = await runtime
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.note, 'rewritten'));
    expect(rewritten[0]!.n).toBe(0);
  });
});
