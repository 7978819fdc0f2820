import { types } from '@electric-sql/pglite';

/** The messages between the app and the embedded database's thread (decision 239). */

/** How the thread opens PGlite: a directory (memory when absent), flushed to disk or not (decision 238). */
export type ThreadSetup = { dir?: string; flushToDisk: boolean };
/** PGlite's WebAssembly modules, compiled by the app for its threads (absent: PGlite compiles them). */
export type CompiledEngine = { pglite?: WebAssembly.Module; initdb?: WebAssembly.Module };
export type ThreadData = ThreadSetup & { engine: CompiledEngine };

type Rows = 'array' | 'object';
/**
 * `rawTypes`: further types to leave as text, whose parsers the app applies (functions cannot cross).
 * `tx` names a transaction the app numbered; `begin` on its first statement opens it, so a
 * transaction costs no crossing of its own before its first statement (decision 239).
 */
export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: Rows;
      paramTypes?: number[];
      rawTypes?: number[];
      tx?: number;
      begin?: boolean;
    }
  | { id: number; op: 'exec'; sql: string; rowMode?: Rows; rawTypes?: number[]; tx?: number; begin?: boolean }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'flushes' }
  | { id: number; op: 'close' };

/** An error as it crosses: what a DatabaseError carries (code, constraint, detail...) as plain fields. */
export type WireError = {
  name: string;
  message: string;
  stack?: string;
  database: boolean;
  fields: Record<string, string | number | boolean | null>;
};

export type ThreadMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: WireError }
  | { kind: 'reply'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: WireError }
  | { kind: 'notify'; listener: number; payload: string };

/**
 * Types the thread always returns as the database's text: the ones Drizzle keeps as text (dates,
 * timestamps, intervals and their arrays). Drizzle asks for them on every statement, and handing
 * PGlite a `parsers` option costs it ~0.1 ms a statement (it copies its 300-type parser table), so
 * the thread's PGlite keeps them as text for good and the app parses them as each caller asked:
 * with the caller's parsers, or as PGlite would by default (below).
 */
const ARRAY_ELEMENTS: Record<number, number> = {
  1115: types.TIMESTAMP,
  1185: types.TIMESTAMPTZ,
  1182: types.DATE,
  1187: types.INTERVAL,
  1231: types.NUMERIC,
};
export const TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  ...Object.keys(ARRAY_ELEMENTS).map(Number),
];

type Parser = (x: string, type: number) => unknown;
/** What PGlite itself returns for the text types when the caller names no parser of its own. */
export const DEFAULT_TEXT_PARSERS: Readonly<Record<number, Parser | undefined>> = Object.fromEntries(
  TEXT_TYPES.map((type): [number, Parser | undefined] => {
    const element = ARRAY_ELEMENTS[type];
    if (element === undefined) return [type, types.parsers[type]];
    const parseElement = types.parsers[element];
    return [type, (x: string) => types.arrayParser(x, parseElement!, type)];
  }),
);
