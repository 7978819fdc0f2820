import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ALREADY_RELEASED,
  checkMigrations,
  contractingSteps,
  judgeMigration,
  statementsOf,
} from '../../scripts/check-migrations.mjs';

/**
 * Migrations are expand only: the new release's first instance applies them while the old release
 * still serves, and a rollback runs the old release over them (docs/deploying.md "Migrations: expand
 * only", docs/decisions/398-install-and-releases.md). deploy/upgrade.sh runs the checker on the
 * migrations new in a release; here it runs on the real drizzle/ folder and on small SQL texts.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DRIZZLE = path.join(ROOT, 'drizzle');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-check-migrations-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the migrations in drizzle/', () => {
  it('are all expand only, but for the ones released before the rule, listed by number', () => {
    const results = checkMigrations({ dir: DRIZZLE });
    expect(results.map((r) => r.tag)).toContain('0017_vans_audit_security');
    expect(results.filter((r) => r.verdict === 'refused').map((r) => r.tag)).toEqual([]);
    const excepted = results.filter((r) => r.verdict === 'already-released').map((r) => r.tag.slice(0, 4));
    expect(excepted.sort()).toEqual(Object.keys(ALREADY_RELEASED).sort());
  });

  it('lists as exceptions only migrations that really take something away', () => {
    for (const number of Object.keys(ALREADY_RELEASED)) {
      const file = fs.readdirSync(DRIZZLE).find((f) => f.startsWith(`${number}_`) && f.endsWith('.sql'));
      expect(file, number).toBeDefined();
      const previous = path.join(DRIZZLE, 'meta', `${String(Number(number) - 1).padStart(4, '0')}_snapshot.json`);
      const verdict = judgeMigration({
        tag: `9${number.slice(1)}_not_excepted`,
        sql: fs.readFileSync(path.join(DRIZZLE, file!), 'utf8'),
        previousSnapshot: JSON.parse(fs.readFileSync(previous, 'utf8')),
      });
      expect(verdict.verdict, file).toBe('refused');
    }
  });

  it('finds 0004 refused on its own: its columns had no default in the schema before it', () => {
    const steps = contractingSteps(fs.readFileSync(path.join(DRIZZLE, '0004_job_contact_required.sql'), 'utf8'));
    expect(steps.map((s) => s.rule)).toEqual(['not-null', 'not-null', 'not-null']);
    expect(steps[0]!.message).toContain('"jobs"."contact_name"');
  });
});

describe('a migration that takes something away is refused', () => {
  it.each([
    ['DROP TABLE "job_notes";', 'drop-table'],
    ['drop table if exists public.job_notes cascade;', 'drop-table'],
    ['DROP VIEW "jobs_today";', 'drop-view'],
    ['DROP SEQUENCE "job_number_seq";', 'drop-sequence'],
    ['ALTER TABLE "jobs" DROP COLUMN "notes";', 'drop-column'],
    ['ALTER TABLE jobs DROP notes;', 'drop-column'],
    ['ALTER TABLE "jobs" ADD COLUMN "a" text, DROP COLUMN IF EXISTS "b";', 'drop-column'],
    ['ALTER TABLE "jobs" RENAME COLUMN "notes" TO "remarks";', 'rename-column'],
    ['ALTER TABLE "jobs" RENAME "notes" TO "remarks";', 'rename-column'],
    ['ALTER TABLE "jobs" RENAME TO "work_orders";', 'rename-table'],
    ['ALTER TABLE IF EXISTS ONLY "public"."jobs" RENAME TO "work_orders";', 'rename-table'],
    ['ALTER TABLE "jobs" SET SCHEMA "archive";', 'rename-table'],
    ["ALTER TYPE \"job_status\" RENAME VALUE 'new' TO 'open';", 'rename'],
    ['ALTER TABLE "jobs" ALTER COLUMN "notes" SET NOT NULL;', 'not-null'],
    ['ALTER TABLE "jobs" ALTER "notes" SET NOT NULL;', 'not-null'],
    ['ALTER TABLE "jobs" ADD COLUMN "van_id" uuid NOT NULL;', 'add-not-null'],
    ['ALTER TABLE "jobs" ADD COLUMN IF NOT EXISTS "van_id" uuid NOT NULL REFERENCES "vans"("id");', 'add-not-null'],
    ['-- a comment first\nALTER   TABLE\n  "jobs"\n  DROP   COLUMN "notes";--> statement-breakpoint', 'drop-column'],
  ])('%s', (sql, rule) => {
    const verdict = judgeMigration({ tag: '0999_fixture', sql });
    expect(verdict.verdict).toBe('refused');
    expect(verdict.problems.map((p) => p.rule)).toContain(rule);
  });

  it('says which migration, what it takes away and what to do', () => {
    const dir = fixtureFolder('report', ['CREATE TABLE "a" ("id" integer);', 'ALTER TABLE "a" DROP COLUMN "id";']);
    const cli = spawnSync(process.execPath, ['scripts/check-migrations.mjs', '--dir', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(cli.status).toBe(1);
    expect(cli.stdout).toContain('REFUSED  0001_fixture');
    expect(cli.stdout).toContain('drops column "a"."id"');
    expect(cli.stdout).toContain('-- contract: <reason>');
  });
});

describe('what a migration may do', () => {
  it.each([
    ['CREATE TABLE "vans" ("id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL, "name" text NOT NULL);'],
    ['ALTER TABLE "jobs" ADD COLUMN "notes" text;'],
    ['ALTER TABLE "jobs" ADD COLUMN "slot_place" integer DEFAULT 1 NOT NULL;'],
    ['ALTER TABLE "jobs" ADD COLUMN "seq" bigserial NOT NULL;'],
    [
      'ALTER TABLE "e" ADD COLUMN "seq" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "s" START WITH 1);',
    ],
    [
      'ALTER TABLE "jobs" ALTER COLUMN "notes" SET DEFAULT \'\';\nALTER TABLE "jobs" ALTER COLUMN "notes" SET NOT NULL;',
    ],
    ['ALTER TABLE "jobs" ALTER COLUMN "notes" DROP NOT NULL;'],
    ['ALTER TABLE "settings" DROP CONSTRAINT "settings_key_check";'],
    ['ALTER TABLE "settings" RENAME CONSTRAINT "a" TO "b";'],
    ['DROP INDEX "jobs_status_idx";'],
    ['DROP TRIGGER "jobs_cache" ON "jobs";'],
    [
      'CREATE TABLE "t" ("id" integer);\nALTER TABLE "t" ADD COLUMN "x" text NOT NULL;\nALTER TABLE "t" RENAME COLUMN "x" TO "y";',
    ],
    ['INSERT INTO "audit_log" ("note") VALUES (\'DROP TABLE jobs; ALTER TABLE jobs DROP COLUMN x\');'],
    [
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  DROP TABLE old_rows;\n  RETURN NULL;\nEND\n$$;',
    ],
    ['CREATE FUNCTION g() RETURNS void LANGUAGE sql AS $body$ ALTER TABLE jobs RENAME TO x $body$;'],
    ['/* DROP TABLE "jobs"; /* nested */ still a comment */ SELECT 1;'],
    ['-- ALTER TABLE "jobs" DROP COLUMN "notes";\nSELECT 1;'],
  ])('%s', (sql) => {
    expect(judgeMigration({ tag: '0999_fixture', sql })).toMatchObject({ verdict: 'ok', problems: [] });
  });

  it('SET NOT NULL on a column the schema before it gave a default', () => {
    const previousSnapshot = {
      tables: { 'public.jobs': { name: 'jobs', columns: { notes: { name: 'notes', type: 'text', default: "''" } } } },
    };
    const sql = 'ALTER TABLE "jobs" ALTER COLUMN "notes" SET NOT NULL;';
    expect(judgeMigration({ tag: '0999_fixture', sql, previousSnapshot }).verdict).toBe('ok');
    expect(judgeMigration({ tag: '0999_fixture', sql }).verdict).toBe('refused');
  });

  it('a contracting step in a migration marked `-- contract: <reason>`, and not with an empty reason', () => {
    const sql = 'ALTER TABLE "jobs" DROP COLUMN "notes";';
    const marked = judgeMigration({
      tag: '0999_fixture',
      sql: `-- contract: release 1.4 stopped reading jobs.notes; 1.5 removes it\n${sql}`,
    });
    expect(marked).toMatchObject({
      verdict: 'contract',
      reason: 'release 1.4 stopped reading jobs.notes; 1.5 removes it',
    });
    expect(marked.problems).toHaveLength(1);
    expect(judgeMigration({ tag: '0999_fixture', sql: `-- contract:\n${sql}` }).verdict).toBe('refused');
    expect(judgeMigration({ tag: '0999_fixture', sql: `-- contract: \n${sql}` }).verdict).toBe('refused');
  });

  it('reads statements past strings, identifiers and dollar quotes', () => {
    expect(statementsOf(`SELECT 'a;b', "c;d", E'e\\';f';\nSELECT $x$ g; $$ h $x$, $1;\n-- i;\nSELECT 2`)).toEqual([
      "SELECT '', \"c;d\", E''",
      'SELECT $$, $1',
      'SELECT 2',
    ]);
  });
});

describe('deploy/upgrade.sh checks only what is new', () => {
  it('judges the migrations not in the running release’s journal (--since)', () => {
    const old = fixtureFolder('old', ['CREATE TABLE "a" ("id" integer, "b" text);']);
    const dir = fixtureFolder('new', [
      'CREATE TABLE "a" ("id" integer, "b" text);',
      'ALTER TABLE "a" ADD COLUMN "c" text;',
      'ALTER TABLE "a" DROP COLUMN "b";',
    ]);
    const since = path.join(old, 'meta', '_journal.json');
    const results = checkMigrations({ dir, since });
    expect(results.map((r) => [r.tag, r.verdict])).toEqual([
      ['0001_fixture', 'ok'],
      ['0002_fixture', 'refused'],
    ]);
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['scripts/check-migrations.mjs', ...args], { cwd: ROOT, encoding: 'utf8' });
    expect(cli(['--dir', dir, '--since', since]).status).toBe(1);
    expect(cli(['--dir', old, '--since', since])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('No new migrations'),
    });
    expect(cli(['--bogus']).status).toBe(2);
  });
});

/** A drizzle folder of numbered migrations (0000_fixture.sql, ...) with its journal. */
function fixtureFolder(name: string, migrations: string[]): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  const entries = migrations.map((sql, idx) => {
    const tag = `${String(idx).padStart(4, '0')}_fixture`;
    fs.writeFileSync(path.join(dir, `${tag}.sql`), sql);
    return { idx, version: '7', when: 1_700_000_000_000 + idx, tag, breakpoints: true };
  });
  fs.writeFileSync(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  return dir;
}
