/** Types for check-migrations.mjs: the expand-only rule of migrations (docs/deploying.md, decision 398). */
export interface ContractingStep {
  rule: string;
  message: string;
  statement: string;
}
export interface MigrationVerdict {
  tag: string;
  problems: ContractingStep[];
  verdict: 'ok' | 'contract' | 'already-released' | 'refused';
  reason: string | undefined;
}
export const CONTRACT_MARKER: RegExp;
export const ALREADY_RELEASED: Record<string, string>;
export function statementsOf(sql: string): string[];
export function defaultsFromSnapshot(snapshot: unknown): Set<string>;
export function contractingSteps(sql: string, known?: { defaults?: Set<string> }): ContractingStep[];
export function judgeMigration(migration: { tag: string; sql: string; previousSnapshot?: unknown }): MigrationVerdict;
export function readJournal(journalPath: string): { idx: number; tag: string }[];
export function checkMigrations(opts: { dir: string; since?: string; only?: string[] }): MigrationVerdict[];
export function formatResults(results: MigrationVerdict[]): { text: string; refused: number };
