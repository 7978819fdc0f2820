import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite, type Transaction } from '@electric-sql/pglite';
import { flushCount, flushingPgliteOptions } from './pglite-durability';
import { statementRunner } from './pglite-thread-statements';
import {
  TEXT_TYPES,
  type ThreadMessage,
  type ThreadData,
  type ThreadRequest,
  type WireError,
} from './pglite-thread-protocol';

/**
 * The embedded database's own thread (decision 239): PGlite, its protocol code and its file
 * system's flushes run here, so the app's event loop runs on the other core. pglite-thread.ts is
 * the app's side; this file only answers its messages (pglite-thread-protocol.ts).
 */

function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), database: false, fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return {
    name: err.name,
    message: err.message,
    stack: err.stack,
    database: err instanceof messages.DatabaseError,
    fields,
  };
}

/** A rollback the app asked for; not an error to report back. */
const ROLLBACK = Symbol('rollback');

type OpenTransaction = { tx: Transaction; end(commit: boolean): void; endRequest?: number };

function serve(port: NonNullable<typeof parentPort>, { dir, flushToDisk, engine }: ThreadData) {
  const compiled = { pgliteWasmModule: engine.pglite, initdbWasmModule: engine.initdb };
  const pg = new PGlite(
    dir && flushToDisk ? { ...flushingPgliteOptions(dir), ...compiled } : { dataDir: dir, ...compiled },
  );
  const statements = statementRunner(pg);
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<number, () => Promise<void>>();
  const post = (message: ThreadMessage) => port.postMessage(message);
  const reply = (id: number, value?: unknown) => post({ kind: 'reply', id, value });
  const fail = (id: number, err: unknown) => post({ kind: 'error', id, error: toWireError(err) });

  // Parsers are functions and cannot cross threads: the text types always come back as text, and
  // any other type a caller has a parser for is named in `rawTypes`; the app applies the parsers.
  const keep = (x: string) => x;
  const rawParsers = new Map<string, Record<number, (x: string) => string>>();
  const keepText = (types: number[] | undefined) => {
    if (!types?.length) return undefined;
    const key = types.join(',');
    let parsers = rawParsers.get(key);
    if (!parsers) rawParsers.set(key, (parsers = Object.fromEntries(types.map((t) => [t, keep]))));
    return parsers;
  };
  const target = (tx: number | undefined) => {
    if (tx === undefined) return pg;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  const opening = new Map<number, Promise<void>>();
  /** Opens the transaction the app numbered `id`, once PGlite's transaction lock is free. */
  function begin(id: number): Promise<void> {
    const opened = new Promise<void>((resolve, reject) => {
      let began = false;
      pg.transaction(async (tx) => {
        const ended = new Promise<boolean>((end) => transactions.set(id, { tx, end }));
        began = true;
        resolve();
        if (!(await ended)) throw ROLLBACK;
      }).then(
        () => settleEnd(id),
        (err: unknown) => (began ? settleEnd(id, err) : reject(err)),
      );
    });
    opening.set(id, opened);
    opened.then(
      () => opening.delete(id),
      () => opening.delete(id),
    );
    return opened;
  }
  /**
   * A transaction's statement waits for it to be open: its first statement opens it (`begin`), one
   * sent meanwhile waits for that. Called before anything is awaited, so messages keep their order.
   */
  function opened(request: { tx?: number; begin?: boolean }): Promise<void> | undefined {
    if (request.tx === undefined) return undefined;
    return request.begin ? begin(request.tx) : opening.get(request.tx);
  }
  function settleEnd(tx: number, err?: unknown) {
    const endRequest = transactions.get(tx)?.endRequest;
    transactions.delete(tx);
    if (endRequest === undefined) return;
    if (err === undefined || err === ROLLBACK) reply(endRequest);
    else fail(endRequest, err);
  }

  async function handle(request: ThreadRequest): Promise<void> {
    switch (request.op) {
      case 'query': {
        const open = opened(request);
        const { sql, rowMode, paramTypes, rawTypes, tx } = request;
        const run = () =>
          statements.run(
            sql,
            request.params ?? [],
            { rowMode, paramTypes, parsers: keepText(rawTypes) },
            tx !== undefined,
          );
        await pg._checkReady();
        if (tx !== undefined) {
          await open;
          // Inside the transaction, which holds the transaction lock: the query lock only, as PGlite's tx.query.
          target(tx);
          return reply(request.id, await pg.runExclusive(run));
        }
        const result = await pg._runExclusiveTransaction(() =>
          pg.runExclusive(async () => {
            const ran = await run();
            await pg.syncToFs();
            return ran;
          }),
        );
        return reply(request.id, result);
      }
      case 'exec': {
        await opened(request);
        const results = await target(request.tx).exec(request.sql, {
          rowMode: request.rowMode,
          parsers: keepText(request.rawTypes),
        });
        statements.noteCommands(results);
        return reply(request.id, results);
      }
      case 'end': {
        await opening.get(request.tx)?.catch(() => undefined);
        const open = transactions.get(request.tx);
        // A transaction whose opening failed has nothing to roll back; its first statement had the error.
        if (!open && !request.commit) return reply(request.id);
        if (!open) throw new Error('Transaction is closed');
        open.endRequest = request.id;
        return open.end(request.commit);
      }
      case 'listen': {
        const listener = request.id;
        unlisteners.set(
          listener,
          await pg.listen(request.channel, (payload) => post({ kind: 'notify', listener, payload })),
        );
        return reply(request.id);
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.listener);
        unlisteners.delete(request.listener);
        await unlisten?.();
        return reply(request.id);
      }
      case 'flushes':
        return reply(request.id, flushCount());
      case 'close':
        await pg.close();
        return reply(request.id);
    }
  }

  port.on('message', (request: ThreadRequest) => {
    handle(request).catch((err: unknown) => fail(request.id, err));
  });
  pg.waitReady.then(
    () => {
      for (const type of TEXT_TYPES) pg.parsers[type] = keep;
      post({ kind: 'ready' });
    },
    (err: unknown) => post({ kind: 'failed', error: toWireError(err) }),
  );
}

if (parentPort) serve(parentPort, workerData as ThreadData);
