import { performance } from 'node:perf_hooks';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
// @ts-expect-error: a plain ES module shared with scripts/test-pg.mjs, typed by use below.
import { startPgCluster } from '../../scripts/lib/pg-cluster.mjs';

/**
 * What the benchmarks share: a fresh database on each engine (embedded PGlite, then a throwaway
 * PostgreSQL server from the machine's binaries), timing with percentiles, and a verdict against
 * budgets that sets the exit code.
 */
export type Engine = 'pglite' | 'postgres';

export async function withEngine<T>(engine: Engine, fn: (database: Database) => Promise<T>): Promise<T> {
  if (engine === 'pglite') {
    const database = await openPglite(undefined);
    await database.migrate();
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  }
  const cluster = (await startPgCluster()) as { url: string; stop(): void };
  try {
    const database = await openPostgres(cluster.url);
    await database.migrate();
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  } finally {
    cluster.stop();
  }
}

export type Measurement = { label: string; engine: string; p50: number; p95: number; n: number; budgetP50?: number };

/** Runs `fn` a few times to warm up, then `n` times, and returns the p50 and p95 in ms. */
export async function measure(
  label: string,
  engine: string,
  n: number,
  fn: () => Promise<unknown>,
  budgetP50?: number,
): Promise<Measurement> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { label, engine, p50: at(0.5), p95: at(0.95), n, budgetP50 };
}

/** Prints the table and returns how many budgets were missed. */
export function report(title: string, results: Measurement[]): number {
  console.log(`\n${title}`);
  console.log('engine    p50 ms   p95 ms   budget   what');
  let missed = 0;
  for (const r of results) {
    const over = r.budgetP50 !== undefined && r.p50 > r.budgetP50;
    if (over) missed++;
    const budget = r.budgetP50 === undefined ? '-' : `${over ? 'MISSED ' : ''}<=${r.budgetP50}`;
    console.log(
      `${r.engine.padEnd(9)} ${r.p50.toFixed(1).padStart(7)}  ${r.p95.toFixed(1).padStart(7)}   ${budget.padEnd(8)} ${r.label}`,
    );
  }
  console.log(missed ? `\n${missed} budget(s) missed.` : '\nAll budgets met.');
  return missed;
}
