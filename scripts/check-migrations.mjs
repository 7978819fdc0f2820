#!/usr/bin/env node
// Expand-only migrations (docs/deploying.md "Migrations: expand only", decision 398). A new release's
// first instance applies its migrations at start while the old release still serves from the other
// instances, and a rollback runs the old release over the migrated database: so a migration may add
// (tables, nullable columns, columns with a default, indexes, constraints) but must not take away
// what the old release reads or writes. Refused, unless the file carries `-- contract: <reason>`:
//   - DROP TABLE / VIEW / SEQUENCE / TYPE / SCHEMA, and ALTER TABLE ... DROP [COLUMN];
//   - any RENAME of a table, column, view, sequence or type (and SET SCHEMA);
//   - ALTER COLUMN ... SET NOT NULL on a column with no default;
//   - ADD COLUMN ... NOT NULL without a default (the old release's inserts leave it out).
//
//   node scripts/check-migrations.mjs                      every migration in drizzle/
//   node scripts/check-migrations.mjs --since <journal>    only those not in that (older) journal
//   node scripts/check-migrations.mjs [--dir D] <tag|file.sql> ...
// Exit 0: all allowed; 1: one or more refused; 2: wrong arguments.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The marker that allows a contracting step, with its reason: `-- contract: <why nothing running reads it>`. */
export const CONTRACT_MARKER = /^[ \t]*--[ \t]*contract:[ \t]*(\S.*?)[ \t]*$/im;

/**
 * Migrations released before this rule existed, by number: each ran over a database no older
 * release served from. Never add a number here for a new migration: mark it instead.
 */
export const ALREADY_RELEASED = {
  '0004': 'sets NOT NULL on jobs.contact_* after 0003 filled every row; released before the expand-only rule',
  '0017':
    'drops job_events, customer_invoice_events and setting_events after moving their rows to audit_log (decision 303); released before the expand-only rule',
};

const SERIAL_TYPES = new Set(['serial', 'serial2', 'serial4', 'serial8', 'smallserial', 'bigserial']);
const DROPPED_KINDS = new Set(['TABLE', 'VIEW', 'SEQUENCE', 'TYPE', 'SCHEMA']);
const ADD_NOT_A_COLUMN = new Set(['CONSTRAINT', 'PRIMARY', 'UNIQUE', 'CHECK', 'FOREIGN', 'EXCLUDE']);

/**
 * The statements of a SQL text with comments removed, string literals emptied and dollar-quoted
 * bodies (functions) replaced by `$$`: what a function body or a string says is never read as DDL.
 * @param {string} sql
 * @returns {string[]}
 */
export function statementsOf(sql) {
  const statements = [];
  let out = '';
  let i = 0;
  const flush = () => {
    if (out.trim()) statements.push(out.replace(/\s+/g, ' ').trim());
    out = '';
  };
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
      out += ' ';
    } else if (c === '/' && next === '*') {
      // Block comments nest in PostgreSQL.
      let depth = 1;
      i += 2;
      while (i < sql.length && depth > 0) {
        const pair = sql.slice(i, i + 2);
        if (pair === '/*' || pair === '*/') {
          depth += pair === '/*' ? 1 : -1;
          i += 2;
        } else i++;
      }
      out += ' ';
    } else if (c === "'") {
      // E'...' strings take backslash escapes; every string takes '' for a quote.
      const escapes = /[eE]$/.test(out) && !/[\w$]$/.test(out.slice(0, -1));
      i++;
      while (i < sql.length) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
      out += "''";
    } else if (c === '"') {
      const start = i;
      i++;
      while (i < sql.length) {
        if (sql[i] === '"' && sql[i + 1] === '"') i += 2;
        else if (sql[i] === '"') break;
        else i++;
      }
      i++;
      out += sql.slice(start, i);
    } else if (c === '$' && !/[\w$]$/.test(out)) {
      const tag = /^\$([A-Za-z_][\w]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        i = end === -1 ? sql.length : end + tag[0].length;
        out += '$$';
      } else {
        out += c;
        i++;
      }
    } else if (c === ';') {
      flush();
      i++;
    } else {
      out += c;
      i++;
    }
  }
  flush();
  return statements;
}

/** Tokens of one cleaned statement: quoted identifiers, words, numbers, punctuation. */
function tokensOf(statement) {
  return statement.match(/"(?:[^"]|"")*"|[A-Za-z_][\w$]*|\d+(?:\.\d+)?|::|[(),.]|[^\s\w"(),.]+/g) ?? [];
}

const isWord = (token, word) => token !== undefined && !token.startsWith('"') && token.toUpperCase() === word;
/** An identifier as PostgreSQL stores it: "Quoted" as written, bare in lower case. */
const nameOf = (token) =>
  token === undefined ? '' : token.startsWith('"') ? token.slice(1, -1).replace(/""/g, '"') : token.toLowerCase();

/** A possibly schema-qualified name at tokens[i]: { name, next } (the schema is dropped). */
function qualifiedName(tokens, i) {
  let name = nameOf(tokens[i]);
  let next = i + 1;
  while (tokens[next] === '.') {
    name = nameOf(tokens[next + 1]);
    next += 2;
  }
  return { name, next };
}

/** Splits tokens at commas outside parentheses. */
function splitTopLevel(tokens) {
  const parts = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (t === '(') depth++;
    if (t === ')') depth--;
    if (t === ',' && depth === 0) parts.push([]);
    else parts.at(-1).push(t);
  }
  return parts.filter((p) => p.length > 0);
}

/**
 * The column defaults known before a migration, from drizzle-kit's snapshot of the schema after the
 * previous one (drizzle/meta/NNNN_snapshot.json): `has(table, column)` is true when it has a default
 * (or is an identity or generated column).
 * @param {unknown} snapshot
 */
export function defaultsFromSnapshot(snapshot) {
  const withDefault = new Set();
  const tables = /** @type {{ tables?: Record<string, { name: string, columns?: Record<string, any> }> }} */ (
    snapshot ?? {}
  ).tables;
  for (const table of Object.values(tables ?? {})) {
    for (const column of Object.values(table.columns ?? {})) {
      if (column.default !== undefined || column.identity || column.generated || SERIAL_TYPES.has(column.type))
        withDefault.add(`${table.name}.${column.name}`);
    }
  }
  return withDefault;
}

/**
 * What a migration takes away from the release still serving.
 * @param {string} sql
 * @param {{ defaults?: Set<string> }} [known] columns that already have a default (`table.column`)
 * @returns {{ rule: string, message: string, statement: string }[]}
 */
export function contractingSteps(sql, known = {}) {
  const defaults = new Set(known.defaults ?? []);
  const newTables = new Set();
  const problems = [];
  for (const statement of statementsOf(sql)) {
    const t = tokensOf(statement);
    const problem = (rule, message) =>
      problems.push({ rule, message, statement: statement.length > 160 ? `${statement.slice(0, 157)}...` : statement });

    if (isWord(t[0], 'CREATE')) {
      let i = 1;
      while (['UNLOGGED', 'TEMP', 'TEMPORARY'].some((w) => isWord(t[i], w))) i++;
      if (isWord(t[i], 'TABLE')) {
        i++;
        if (isWord(t[i], 'IF')) i += 3;
        newTables.add(qualifiedName(t, i).name);
      }
      continue;
    }

    if (isWord(t[0], 'DROP')) {
      const kind = isWord(t[1], 'MATERIALIZED') ? 'VIEW' : (t[1] ?? '').toUpperCase();
      if (!DROPPED_KINDS.has(kind)) continue;
      let i = isWord(t[1], 'MATERIALIZED') ? 3 : 2;
      if (isWord(t[i], 'IF')) i += 2;
      for (const part of splitTopLevel(t.slice(i))) {
        const { name } = qualifiedName(part, 0);
        if (kind === 'TABLE' && newTables.has(name)) continue;
        problem(
          `drop-${kind.toLowerCase()}`,
          `drops ${kind.toLowerCase()} "${name}", which the release still serving may read`,
        );
      }
      continue;
    }

    if (!isWord(t[0], 'ALTER')) continue;
    const kind = (t[1] ?? '').toUpperCase();
    if (kind !== 'TABLE') {
      // ALTER VIEW / SEQUENCE / TYPE ... RENAME (TO, VALUE, ATTRIBUTE) or SET SCHEMA.
      if (!['VIEW', 'SEQUENCE', 'TYPE', 'MATERIALIZED'].includes(kind)) continue;
      const at = t.findIndex(
        (tok, i) => i > 1 && (isWord(tok, 'RENAME') || (isWord(tok, 'SET') && isWord(t[i + 1], 'SCHEMA'))),
      );
      if (at !== -1)
        problem(
          'rename',
          `renames ${kind.toLowerCase()} "${qualifiedName(t, 2).name}": the release still serving uses the old name`,
        );
      continue;
    }
    let i = 2;
    if (isWord(t[i], 'IF')) i += 2;
    if (isWord(t[i], 'ONLY')) i++;
    const { name: table, next } = qualifiedName(t, i);
    const isNew = newTables.has(table);
    for (const action of splitTopLevel(t.slice(next))) {
      const [a0, a1] = action;
      if (isWord(a0, 'RENAME')) {
        if (isWord(a1, 'CONSTRAINT')) continue;
        if (isWord(a1, 'TO')) {
          if (!isNew)
            problem(
              'rename-table',
              `renames table "${table}" to "${nameOf(action[2])}": the release still serving uses the old name`,
            );
          continue;
        }
        const from = nameOf(isWord(a1, 'COLUMN') ? action[2] : a1);
        const to = nameOf(action[action.findIndex((tok) => isWord(tok, 'TO')) + 1]);
        if (!isNew)
          problem(
            'rename-column',
            `renames column "${table}"."${from}" to "${to}": the release still serving uses the old name`,
          );
      } else if (isWord(a0, 'SET') && isWord(a1, 'SCHEMA')) {
        if (!isNew)
          problem(
            'rename-table',
            `moves table "${table}" to another schema: the release still serving looks for it where it was`,
          );
      } else if (isWord(a0, 'DROP') && !isWord(a1, 'CONSTRAINT')) {
        let j = isWord(a1, 'COLUMN') ? 2 : 1;
        if (isWord(action[j], 'IF')) j += 2;
        if (!isNew)
          problem(
            'drop-column',
            `drops column "${table}"."${nameOf(action[j])}", which the release still serving may read`,
          );
      } else if (isWord(a0, 'ALTER')) {
        const j = isWord(a1, 'COLUMN') ? 2 : 1;
        const column = nameOf(action[j]);
        const rest = action.slice(j + 1);
        const key = `${table}.${column}`;
        if (isWord(rest[0], 'SET') && isWord(rest[1], 'DEFAULT')) defaults.add(key);
        else if (isWord(rest[0], 'DROP') && isWord(rest[1], 'DEFAULT')) defaults.delete(key);
        else if (isWord(rest[0], 'ADD') && isWord(rest[1], 'GENERATED')) defaults.add(key);
        else if (isWord(rest[0], 'SET') && isWord(rest[1], 'NOT') && isWord(rest[2], 'NULL')) {
          if (!isNew && !defaults.has(key))
            problem(
              'not-null',
              `sets NOT NULL on "${table}"."${column}", which has no default: the release still serving may leave it empty`,
            );
        }
      } else if (isWord(a0, 'ADD') && !ADD_NOT_A_COLUMN.has((a1 ?? '').toUpperCase())) {
        let j = isWord(a1, 'COLUMN') ? 2 : 1;
        if (isWord(action[j], 'IF')) j += 3;
        const column = nameOf(action[j]);
        const type = nameOf(action[j + 1]);
        const rest = action.slice(j + 2);
        const hasDefault =
          SERIAL_TYPES.has(type) || rest.some((tok) => isWord(tok, 'DEFAULT') || isWord(tok, 'GENERATED'));
        if (hasDefault) defaults.add(`${table}.${column}`);
        const notNull = rest.some((tok, k) => isWord(tok, 'NOT') && isWord(rest[k + 1], 'NULL'));
        const primaryKey = rest.some((tok, k) => isWord(tok, 'PRIMARY') && isWord(rest[k + 1], 'KEY'));
        if ((notNull || primaryKey) && !hasDefault && !isNew)
          problem(
            'add-not-null',
            `adds "${table}"."${column}" NOT NULL without a default: the release still serving inserts rows without it`,
          );
      }
    }
  }
  return problems;
}

/**
 * One migration file judged: allowed when it takes nothing away, or carries the contract marker,
 * or is one of ALREADY_RELEASED.
 * @param {{ tag: string, sql: string, previousSnapshot?: unknown }} migration
 */
export function judgeMigration({ tag, sql, previousSnapshot }) {
  const problems = contractingSteps(sql, { defaults: defaultsFromSnapshot(previousSnapshot) });
  const marker = CONTRACT_MARKER.exec(sql)?.[1];
  const released = ALREADY_RELEASED[tag.slice(0, 4)];
  const verdict =
    problems.length === 0 ? 'ok' : marker ? 'contract' : released !== undefined ? 'already-released' : 'refused';
  return {
    tag,
    problems,
    verdict,
    reason: verdict === 'contract' ? marker : verdict === 'already-released' ? released : undefined,
  };
}

/** The journal's migrations, in order: `{ idx, tag }`. */
export function readJournal(journalPath) {
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
  return journal.entries.map((/** @type {{ idx: number, tag: string }} */ e) => ({ idx: e.idx, tag: e.tag }));
}

/**
 * Judges the migrations of a drizzle folder: all of them, those named, or those not in `since` (the
 * journal of the release still serving).
 * @param {{ dir: string, since?: string, only?: string[] }} opts
 */
export function checkMigrations({ dir, since, only }) {
  const entries = readJournal(path.join(dir, 'meta', '_journal.json'));
  const released = since ? new Set(readJournal(since).map((e) => e.tag)) : new Set();
  const wanted = only?.map((name) => path.basename(name).replace(/\.sql$/, ''));
  const selected = entries.filter((e) => !released.has(e.tag) && (!wanted || wanted.includes(e.tag)));
  const unknown = (wanted ?? []).filter((w) => !entries.some((e) => e.tag === w));
  if (unknown.length > 0) throw new Error(`not in ${dir}/meta/_journal.json: ${unknown.join(', ')}`);
  return selected.map(({ idx, tag }) => {
    const snapshotPath = path.join(dir, 'meta', `${String(idx - 1).padStart(4, '0')}_snapshot.json`);
    return judgeMigration({
      tag,
      sql: fs.readFileSync(path.join(dir, `${tag}.sql`), 'utf8'),
      previousSnapshot:
        idx > 0 && fs.existsSync(snapshotPath) ? JSON.parse(fs.readFileSync(snapshotPath, 'utf8')) : undefined,
    });
  });
}

/** The report a person reads; `refused` is how many migrations were refused. */
export function formatResults(results) {
  const lines = [];
  for (const r of results) {
    if (r.verdict === 'ok') lines.push(`ok       ${r.tag}`);
    else if (r.verdict === 'refused') {
      lines.push(`REFUSED  ${r.tag}`);
      for (const p of r.problems) lines.push(`  - ${p.message}\n      ${p.statement}`);
    } else
      lines.push(
        `allowed  ${r.tag} (${r.verdict === 'contract' ? `contract: ${r.reason}` : `already released: ${r.reason}`})`,
      );
  }
  const refused = results.filter((r) => r.verdict === 'refused').length;
  if (refused > 0)
    lines.push(
      '',
      `${refused} migration(s) would break the release still serving while the new one starts (docs/deploying.md "Migrations: expand only").`,
      'Add in this release and stop using the old table or column; remove it in a later release, whose migration',
      'says why nothing running reads it any more with a line `-- contract: <reason>`. For NOT NULL, give the column a default.',
    );
  return { text: lines.join('\n'), refused };
}

function main(argv) {
  let dir = 'drizzle';
  let since;
  const only = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dir' || arg === '--since') {
      const value = argv[++i];
      if (!value) return usage(`${arg} needs a value`);
      if (arg === '--dir') dir = value;
      else since = value;
    } else if (arg === '--help' || arg === '-h') return usage();
    else if (arg.startsWith('-')) return usage(`unknown option ${arg}`);
    else only.push(arg);
  }
  let results;
  try {
    results = checkMigrations({ dir, since, only: only.length > 0 ? only : undefined });
  } catch (err) {
    console.error(`check-migrations: ${/** @type {Error} */ (err).message}`);
    return 2;
  }
  if (results.length === 0) {
    console.log(since ? `No new migrations since ${since}.` : `No migrations in ${dir}.`);
    return 0;
  }
  const { text, refused } = formatResults(results);
  console.log(text);
  return refused > 0 ? 1 : 0;
}

function usage(problem) {
  if (problem) console.error(`check-migrations: ${problem}`);
  console.error(
    'usage: node scripts/check-migrations.mjs [--dir drizzle] [--since <old _journal.json>] [<tag|file.sql> ...]',
  );
  return problem ? 2 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
