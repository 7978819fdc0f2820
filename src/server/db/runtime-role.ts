import { sql } from 'drizzle-orm';
import type { Db } from './db-types';

/**
 * Tables the app may add rows to and read, never change or remove: the runtime role gets INSERT and
 * SELECT on them only, so the audit log stays append-only against the app's own login
 * (docs/decisions/408-app-login-not-a-superuser.md).
 */
export const APPEND_ONLY_TABLES = ['audit_log'] as const;

/**
 * What the runtime role (DATABASE_URL's login) may do, given by the owner role after it has applied
 * the migrations: reading and writing rows in every table of the app's schema (and reading the
 * migrations' record, for readiness and backups), using the sequences; no DDL, no ownership, and on
 * the append-only tables INSERT and SELECT only. Default privileges hand the same rights on tables a
 * later migration makes; each start grants again, so an append-only table added later is narrowed.
 * Idempotent; run as the owner, in one transaction.
 */
export async function grantRuntimeRole(owner: Db, role: string): Promise<void> {
  const r = sql.identifier(role);
  await owner.transaction(async (tx) => {
    // PostgreSQL before 15 lets every role create tables in public; the owner takes that back.
    await tx.execute(sql`revoke create on schema public from public`);
    await tx.execute(sql`grant usage on schema public to ${r}`);
    await tx.execute(sql`revoke create on schema public from ${r}`);
    await tx.execute(sql`grant select, insert, update, delete on all tables in schema public to ${r}`);
    await tx.execute(sql`grant usage, select on all sequences in schema public to ${r}`);
    await tx.execute(
      sql`alter default privileges in schema public grant select, insert, update, delete on tables to ${r}`,
    );
    await tx.execute(sql`alter default privileges in schema public grant usage, select on sequences to ${r}`);
    for (const table of APPEND_ONLY_TABLES) {
      await tx.execute(sql`revoke update, delete, truncate, references, trigger on ${sql.identifier(table)} from ${r}`);
    }
    const drizzleSchema = await tx.execute<{ present: boolean }>(
      sql`select exists (select from pg_namespace where nspname = 'drizzle') as present`,
    );
    if (drizzleSchema.rows[0]?.present) {
      await tx.execute(sql`grant usage on schema drizzle to ${r}`);
      await tx.execute(sql`grant select on all tables in schema drizzle to ${r}`);
      await tx.execute(sql`grant select on all sequences in schema drizzle to ${r}`);
    }
  });
}

/**
 * Whether the connection's own role could switch off or rewrite the audit log: a superuser, or a
 * member of the role owning the table (which may ALTER it). Asked at start on PostgreSQL, to warn.
 */
export async function canAlterAuditLog(db: Db): Promise<boolean> {
  const r = await db.execute<{ can: boolean }>(sql`
    select r.rolsuper or pg_has_role(current_user, c.relowner, 'MEMBER') as can
    from pg_class c join pg_roles r on r.rolname = current_user
    where c.oid = to_regclass('public.audit_log')`);
  return Boolean(r.rows[0]?.can);
}
