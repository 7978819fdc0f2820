import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite, type Transaction } from '@electric-sql/pglite';
import { flushCount, flushingPgliteOptions } from './pglite-durability';

/**
 * The embedded database's own thread (decision 239): PGlite, its protocol code and its file
 * system's flushes run here, so the app's event loop runs on the other core. pglite-thread.ts is
 * the app's side; this file only answers its messages.
 */

/** How the thread opens PGlite: a directory (memory when absent), flushed to disk or not (decision 238). */
export type ThreadSetup = { dir?: string; flushToDisk: boolean };

type Rows = 'array' | 'object';
export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; rowMode?: Rows; paramTypes?: number[]; rawTypes?: number[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; rowMode?: Rows; rawTypes?: number[]; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'flushes' }
  | { id: number; op: 'close' };

/** An error as it crosses: what a DatabaseError carries (code, constraint, detail...) as plain fields. */
export type WireError = { name: string; message: string; stack?: string; database: boolean; fields: Record<string, string | number | boolean | null> };

export type ThreadMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: WireError }
  | { kind: 'reply'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: WireError }
  | { kind: 'notify'; listener: number; payload: string };

function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), database: false, fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: err.name, message: err.message, stack: err.stack, database: err instanceof messages.DatabaseError, fields };
}

/** A rollback the app asked for; not an error to report back. */
const ROLLBACK = Symbol('rollback');

type OpenTransaction = { tx: Transaction; end(commit: boolean): void; endRequest?: number };

function serve(port: NonNullable<typeof parentPort>, setup: ThreadSetup) {
  const pg = setup.dir && setup.flushToDisk ? new PGlite(flushingPgliteOptions(setup.dir)) : new PGlite(setup.dir);
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<number, () => Promise<void>>();
  const post = (message: ThreadMessage) => port.postMessage(message);
  const reply = (id: number, value?: unknown) => post({ kind: 'reply', id, value });
  const fail = (id: number, err: unknown) => post({ kind: 'error', id, error: toWireError(err) });

  // Drizzle's parsers keep dates, timestamps and intervals as the database's text; functions cannot
  // cross threads, so the app names those types and gets the text, then applies its own parsers.
  const rawParsers = new Map<string, Record<number, (x: string) => string>>();
  const keepText = (types: number[] | undefined) => {
    if (!types?.length) return undefined;
    const key = types.join(',');
    let parsers = rawParsers.get(key);
    if (!parsers) rawParsers.set(key, (parsers = Object.fromEntries(types.map((t) => [t, (x: string) => x]))));
    return parsers;
  };
  const target = (tx: number | undefined) => {
    if (tx === undefined) return pg;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  function begin(id: number) {
    let began = false;
    pg.transaction(async (tx) => {
      const ended = new Promise<boolean>((resolve) => transactions.set(id, { tx, end: resolve }));
      began = true;
      reply(id, id);
      if (!(await ended)) throw ROLLBACK;
    }).then(
      () => settleEnd(id),
      (err: unknown) => (began ? settleEnd(id, err) : fail(id, err)),
    );
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
        const { sql, params, rowMode, paramTypes, rawTypes } = request;
        return reply(request.id, await target(request.tx).query(sql, params, { rowMode, paramTypes, parsers: keepText(rawTypes) }));
      }
      case 'exec':
        return reply(request.id, await target(request.tx).exec(request.sql, { rowMode: request.rowMode, parsers: keepText(request.rawTypes) }));
      case 'begin':
        return begin(request.id);
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('Transaction is closed');
        open.endRequest = request.id;
        return open.end(request.commit);
      }
      case 'listen': {
        const listener = request.id;
        unlisteners.set(listener, await pg.listen(request.channel, (payload) => post({ kind: 'notify', listener, payload })));
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
    () => post({ kind: 'ready' }),
    (err: unknown) => post({ kind: 'failed', error: toWireError(err) }),
  );
}

if (parentPort) serve(parentPort, workerData as ThreadSetup);
