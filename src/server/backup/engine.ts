import type { FileKind } from './manifest';
import type { MigrationLevel } from './tables';

/** What an engine's dump step reports; the manifest is built from it. */
export type DumpResult = {
  serverVersion: string;
  dumpTool: string;
  tables: Record<string, number>;
  migrations: MigrationLevel;
  /** Stored files that rows name at the moment of the dump. */
  namedFiles: Record<FileKind, string[]>;
};

/** A restore target that passed its checks and is held (PGlite: its DATA_DIR lock) until close. */
export type RestoreTarget = {
  /** Rows per table on the target now ({} when there is no database yet). */
  currentTables: Record<string, number>;
  /** Replaces the whole database with the dump (wiping what was there); returns rows per table after. */
  load(): Promise<Record<string, number>>;
  /** Brings a restored older schema up to this app's migrations; returns how many ran. */
  migrate(): Promise<number>;
  close(): Promise<void>;
};
