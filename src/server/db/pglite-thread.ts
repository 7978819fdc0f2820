import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';
import {
  type CompiledEngine,
  DEFAULT_TEXT_PARSERS,
  TEXT_TYPES,
  type ThreadData,
  type ThreadMessage,
  type ThreadRequest,
  type ThreadSetup,
  type WireError,
} from './pglite-thread-protocol';

type Parsers = NonNullable<QueryOptions['parsers']>;
type Call = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
/** What a failed statement's error carries besides the database's fields, as in-process PGlite sets them. */
type CallContext = { query: string; params?: unknown[]; options?: QueryOptions };
type Pending = { resolve(value: unknown): void; reject(err: Error): void; context?: CallContext };

/** A transaction's handle: what Drizzle's session calls (`query`), as PGlite's `tx` has it. */
export type ThreadTransaction = {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Results[]>;
  readonly closed: boolean;
};

/**
 * The compiled server (dist/server/main.js) has the worker compiled beside it
 * (dist/server/pglite-thread-worker.js, scripts/build.mjs); the source runs the .ts file
 * (docs/decisions/339-production-runs-the-compiled-server.md), or the worker the API tests
 * compiled once for all their threads (PGLITE_THREAD_WORKER, docs/decisions/436-api-tests-share-a-compiled-thread.md).
 */
const PRECOMPILED = process.env.PGLITE_THREAD_WORKER;
const COMPILED = import.meta.url.endsWith('.js') || Boolean(PRECOMPILED);
const WORKER_URL = (
  import.meta.url.endsWith('.js')
    ? new URL('./pglite-thread-worker.js', import.meta.url)
    : PRECOMPILED
      ? pathToFileURL(PRECOMPILED)
      : new URL('./pglite-thread-worker.ts', import.meta.url)
).href;

/**
 * The thread's bootstrap: it imports the TypeScript worker through tsx's API, whichever way this
 * process was started (`node --import tsx`, the `tsx` command, vitest). Node 20 does not apply a
 * loader given to a worker in `execArgv` to the worker's own entry, so the entry cannot be the .ts file.
 * The compiled worker is plain JavaScript: imported as it is.
 */
function bootstrap(): string {
  if (COMPILED) return `import(${JSON.stringify(WORKER_URL)})`;
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(WORKER_URL)}, ${JSON.stringify(import.meta.url)}))`;
}

let compiled: Promise<CompiledEngine> | undefined;
/**
 * PGlite's WebAssembly, compiled once per process and handed to each thread (a compiled module
 * crosses threads without being compiled again), so each new thread skips that step. Without the
 * files where this PGlite keeps them, each thread compiles its own.
 */
function compiledEngine(): Promise<CompiledEngine> {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) =>
      fs.existsSync(path.join(dist, file))
        ? WebAssembly.compile(await fs.promises.readFile(path.join(dist, file)))
        : undefined;
    const [pglite, initdb] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pglite, initdb };
  })();
  return compiled;
}

function fromWire(wire: WireError, context?: CallContext): Error {
  const { length, name, ...fields } = wire.fields;
  const err: Error = wire.database
    ? new messages.DatabaseError(wire.message, Number(length ?? 0), (name ?? 'error') as messages.MessageName)
    : new Error(wire.message);
  Object.assign(err, fields);
  if (!wire.database) err.name = wire.name;
  if (wire.stack) err.stack = wire.stack;
  // In-process PGlite adds the statement, its parameters and options to a database error.
  if (wire.database && context && 'query' in fields)
    Object.assign(err, { query: context.query, params: context.params, queryOptions: context.options });
  return err;
}

const TEXT = new Set(TEXT_TYPES);
type Parser = (x: string, type: number) => unknown;

/** The types to ask the thread to leave as text beyond the text types: those the caller has parsers for. */
function rawTypesFor(parsers: Parsers | undefined): number[] | undefined {
  if (!parsers) return undefined;
  const raw = Object.keys(parsers)
    .map(Number)
    .filter((type) => !TEXT.has(type));
  return raw.length ? raw : undefined;
}

/**
 * Parses the columns the thread left as text, as in-process PGlite would have: with the caller's
 * parser for the type, else PGlite's own for the text types (dates become Date objects).
 */
function applyParsers(result: Results, parsers: Parsers | undefined, rowMode: QueryOptions['rowMode']): void {
  const columns: [key: string | number, type: number, parse: Parser][] = [];
  const named = new Set<string>();
  // In object mode a later column of the same name wins, as in PGlite's own rows.
  for (let i = result.fields.length - 1; i >= 0; i--) {
    const { name, dataTypeID } = result.fields[i]!;
    if (rowMode !== 'array') {
      if (named.has(name)) continue;
      named.add(name);
    }
    const parse = (parsers?.[dataTypeID] as Parser | undefined) ?? DEFAULT_TEXT_PARSERS[dataTypeID];
    if (parse) columns.push([rowMode === 'array' ? i : name, dataTypeID, parse]);
  }
  if (columns.length === 0) return;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const [key, type, parse] of columns) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, type);
    }
  }
}

function unsupported(options: QueryOptions | undefined): string | undefined {
  if (options?.serializers) return 'serializers';
  if (options?.blob) return 'blob';
  if (options?.onNotice) return 'onNotice';
  return undefined;
}

/**
 * PGlite on a worker thread of its own (decision 239), as a drop-in client for Drizzle's PGlite
 * session: `query`, `exec`, `transaction` (holding PGlite's transaction lock in the thread for the
 * transaction's whole life, so other statements wait as they do in-process), `listen` and `close`.
 * Results, errors (with code, constraint, detail...) and notifications cross as messages; a
 * notification raised by a statement arrives before that statement's result, as in-process.
 * A thread that dies fails every pending and later call with an error that says so.
 */
/** A statement's transaction: its number, and whether the statement opens it. */
type InTransaction = { id: number; begin: boolean };
const inTransaction = (tx: InTransaction | null) => (tx ? { tx: tx.id, ...(tx.begin ? { begin: true } : {}) } : {});

export class PgliteThread {
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  readonly #onStopped: (err: Error) => void;
  #nextId = 1;
  #ready = false;
  #closing = false;
  #stopped: Error | undefined;
  #readiness!: { resolve(): void; reject(err: Error): void };

  /** Starts a thread with PGlite's compiled WebAssembly and waits until its database is open. */
  static async open(setup: ThreadSetup, opts: { onStopped?: (err: Error) => void } = {}): Promise<PgliteThread> {
    const thread = new PgliteThread(setup, { ...opts, engine: await compiledEngine() });
    await thread.waitReady;
    return thread;
  }

  constructor(setup: ThreadSetup, opts: { onStopped?: (err: Error) => void; engine?: CompiledEngine } = {}) {
    this.#onStopped = opts.onStopped ?? ((err) => console.error(err.message));
    this.waitReady = new Promise<void>((resolve, reject) => (this.#readiness = { resolve, reject }));
    this.waitReady.catch(() => undefined);
    this.#worker = new Worker(bootstrap(), {
      eval: true,
      workerData: { ...setup, engine: opts.engine ?? {} } satisfies ThreadData,
    });
    this.#worker.on('message', (message: ThreadMessage) => this.#receive(message));
    this.#worker.on('error', (err) =>
      this.#stop(new Error(`The embedded database stopped: its thread failed (${err.message})`, { cause: err })),
    );
    this.#worker.on('exit', (code) =>
      this.#stop(
        this.#closing
          ? new Error('PGlite is closed')
          : new Error(`The embedded database stopped: its thread exited (code ${code})`),
      ),
    );
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(query, params, options, null);
  }

  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(query, options, null);
  }

  /**
   * A transaction is opened by its first statement, which carries `begin`: no crossing of its own
   * before it, as each crossing holds the one database (docs/decisions/396-fast-quote.md). One
   * that runs no statement opens nothing.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = this.#nextId++;
    let begun = false;
    let closed = false;
    const first = () => !begun && (begun = true);
    const closedError = () => Promise.reject(new Error('Transaction is closed'));
    const tx: ThreadTransaction = {
      query: <R>(query: string, params?: unknown[], options?: QueryOptions) =>
        closed ? closedError() : this.#query<R>(query, params, options, { id, begin: first() }),
      exec: (query: string, options?: QueryOptions) =>
        closed ? closedError() : this.#exec(query, options, { id, begin: first() }),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      closed = true;
      if (begun) await this.#request({ op: 'end', tx: id, commit: false });
      throw err;
    }
    closed = true;
    if (begun) await this.#request({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** Listens on a channel; the callback hears each NOTIFY payload. Returns the unlisten. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const id = this.#nextId++;
    this.#listeners.set(id, callback);
    try {
      await this.#request({ op: 'listen', channel }, undefined, id);
    } catch (err) {
      this.#listeners.delete(id);
      throw err;
    }
    return async () => {
      this.#listeners.delete(id);
      await this.#request({ op: 'unlisten', listener: id });
    };
  }

  /** Files the thread's flushing file system has flushed to disk (decision 238). */
  flushes(): Promise<number> {
    return this.#request<number>({ op: 'flushes' });
  }

  /** Closes PGlite in the thread once the statements before it are done, then ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.#request({ op: 'close' });
    } finally {
      this.#closing = true;
      await this.#worker.terminate();
    }
  }

  /** Ends the thread at once without closing PGlite, as a crash would; `close` is the orderly way. */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  async #query<T>(
    query: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx: InTransaction | null,
  ): Promise<Results<T>> {
    const refused = unsupported(options);
    if (refused) throw new Error(`PGlite on its own thread does not take the ${refused} option`);
    const parsers = options?.parsers;
    const result = await this.#request<Results<T>>(
      {
        op: 'query',
        sql: query,
        params,
        rowMode: options?.rowMode,
        paramTypes: options?.paramTypes,
        rawTypes: rawTypesFor(parsers),
        ...inTransaction(tx),
      },
      { query, params, options },
    );
    applyParsers(result as Results, parsers, options?.rowMode);
    return result;
  }

  async #exec(query: string, options: QueryOptions | undefined, tx: InTransaction | null): Promise<Results[]> {
    const refused = unsupported(options);
    if (refused) throw new Error(`PGlite on its own thread does not take the ${refused} option`);
    const parsers = options?.parsers;
    const results = await this.#request<Results[]>(
      { op: 'exec', sql: query, rowMode: options?.rowMode, rawTypes: rawTypesFor(parsers), ...inTransaction(tx) },
      { query, options },
    );
    for (const result of results) applyParsers(result, parsers, options?.rowMode);
    return results;
  }

  #request<T>(call: Call, context?: CallContext, id = this.#nextId++): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, context });
      // A thread with nothing to answer must not keep the process alive (in-process PGlite does not).
      if (this.#pending.size === 1) this.#worker.ref();
      try {
        this.#worker.postMessage({ ...call, id });
      } catch (err) {
        this.#settled(id);
        reject(err as Error);
      }
    });
  }

  #settled(id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (this.#pending.size === 0 && this.#ready) this.#worker.unref();
    return pending;
  }

  #receive(message: ThreadMessage): void {
    switch (message.kind) {
      case 'reply':
        return this.#settled(message.id)?.resolve(message.value);
      case 'error': {
        const pending = this.#settled(message.id);
        return pending?.reject(fromWire(message.error, pending.context));
      }
      case 'notify': {
        const callback = this.#listeners.get(message.listener);
        // Queued as in-process PGlite queues it: heard before the statement's own result is.
        if (callback) queueMicrotask(() => callback(message.payload));
        return;
      }
      case 'ready':
        this.#ready = true;
        if (this.#pending.size === 0) this.#worker.unref();
        return this.#readiness.resolve();
      case 'failed': {
        const err = fromWire(message.error);
        this.#readiness.reject(err);
        this.#closing = true;
        void this.#worker.terminate();
        return;
      }
    }
  }

  #stop(err: Error): void {
    if (this.#stopped) return;
    this.#stopped = err;
    this.#readiness.reject(err);
    if (!this.#closing) this.#onStopped(err);
    this.#listeners.clear();
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.reject(err);
    }
  }
}
