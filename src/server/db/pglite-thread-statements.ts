import { messages, parse, type PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * How the database's thread runs a statement (decision 239): what PGlite's `query` does, in fewer
 * trips into PostgreSQL. PGlite's `query` makes six calls into the engine per statement (parse,
 * describe, bind, describe, execute, sync) and parses and plans it every time. Here a statement with
 * parameters is prepared once under a name, by its text, and later runs are one call: bind,
 * describe, execute, sync. Parameters are turned into text by the types PostgreSQL described, with
 * PGlite's own serializers, and results parsed with its own parser, so values are the same.
 *
 * A prepared statement keeps its plan across schema changes (PostgreSQL re-plans it), except when
 * its result columns change: then its run fails. So every statement is forgotten after any CREATE,
 * ALTER, DROP, GRANT, REVOKE, DO or CALL (this thread's PGlite has no other session), and one that
 * still fails that way (a schema changed by a function) is prepared again and rerun, or, inside a
 * transaction the failure has aborted, forgotten and its error passed on.
 */
const { serialize } = protocol;

/** Statements kept prepared; the least recently run is closed beyond this. */
const MAX_PREPARED = 1_000;
const SCHEMA_CHANGE = /^(CREATE|ALTER|DROP|GRANT|REVOKE|DO|CALL)\b/;
/** PostgreSQL's "cached plan must not change result type" (a feature_not_supported error). */
const planResultChanged = (err: unknown) =>
  err instanceof messages.DatabaseError &&
  err.code === '0A000' &&
  err.message.includes('cached plan must not change result type');

type Prepared = { name: string; types: number[] };
type Options = Pick<QueryOptions, 'rowMode' | 'paramTypes' | 'parsers'>;

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export type StatementRunner = {
  /** Runs one statement; the caller holds PGlite's locks, as PGlite's own `query` does. */
  run(sql: string, params: unknown[], options: Options, inTransaction: boolean): Promise<Results>;
  /** After `exec` (several statements at once): forgets every prepared statement if the schema changed. */
  noteCommands(results: Results[]): void;
};

export function statementRunner(pg: PGlite): StatementRunner {
  const prepared = new Map<string, Prepared>();
  const retired: string[] = [];
  let named = 0;

  const forgetAll = () => {
    for (const statement of prepared.values()) retired.push(statement.name);
    prepared.clear();
  };

  async function prepare(sql: string, key: string, options: Options): Promise<Prepared> {
    const name = `s${++named}`;
    const described = await pg.execProtocolStream(
      concat([
        serialize.parse({ name, text: sql, types: options.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    prepared.set(key, statement);
    if (prepared.size > MAX_PREPARED) {
      const [oldest, { name: evicted }] = prepared.entries().next().value as [string, Prepared];
      prepared.delete(oldest);
      retired.push(evicted);
    }
    return statement;
  }

  function serializeParams(params: unknown[], types: number[]): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pg.serializers[types[i]!];
      return serializer ? serializer(param) : String(param);
    });
  }

  async function closeRetired(): Promise<void> {
    if (retired.length === 0) return;
    const names = retired.splice(0);
    // Closing can fail only in an aborted transaction; the statements then stay until the end.
    await pg.execProtocolStream(
      concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]),
      { syncToFs: false, throwOnError: false },
    );
  }

  async function run(sql: string, params: unknown[], options: Options, inTransaction: boolean): Promise<Results> {
    try {
      return await runOnce(sql, params, options);
    } catch (err) {
      if (inTransaction || !planResultChanged(err)) throw err;
      return runOnce(sql, params, options);
    }
  }

  async function runOnce(sql: string, params: unknown[], options: Options): Promise<Results> {
    await closeRetired();
    const key = options.paramTypes?.length ? `${options.paramTypes.join(',')}:${sql}` : sql;
    let statement: Prepared | undefined;
    if (params.length > 0) {
      statement = prepared.get(key);
      if (statement) {
        // Most recently used last, so the oldest is first to go.
        prepared.delete(key);
        prepared.set(key, statement);
      }
    }
    let results: messages.BackendMessage[];
    try {
      statement ??= params.length > 0 ? await prepare(sql, key, options) : undefined;
      const steps = statement
        ? [serialize.bind({ statement: statement.name, values: serializeParams(params, statement.types) })]
        : [serialize.parse({ text: sql, types: options.paramTypes }), serialize.bind({ values: [] })];
      results = await pg.execProtocolStream(
        concat([...steps, serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      );
    } catch (err) {
      if (err instanceof messages.DatabaseError) {
        if (planResultChanged(err) && statement) {
          prepared.delete(key);
          retired.push(statement.name);
        }
        Object.assign(err, { query: sql, params, queryOptions: options });
      }
      throw err;
    }
    const [result] = parse.parseResults(results, pg.parsers, options);
    if (result!.command && SCHEMA_CHANGE.test(result!.command)) forgetAll();
    return result!;
  }

  return {
    run,
    noteCommands(results) {
      if (results.some((r) => r.command && SCHEMA_CHANGE.test(r.command))) forgetAll();
    },
  };
}
