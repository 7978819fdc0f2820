/**
 * What the production-build benchmarks share (npm run bench:api, bench:quote, bench:sign-in): the
 * build they measure, the database each engine's run opens, and the one table of figures against
 * budgets they print (the command exits 1 when a budget is missed).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
// @ts-expect-error: a plain ES module shared with npm run cluster, typed by use below.
import { startPgServer } from '../../scripts/lib/pg-cluster.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** One line of the table: a figure, its budget, and whether it met it (none for a figure only reported). */
export type BudgetRow = { engine: string; what: string; figure: string; budget: string; met?: boolean };

/** The production build in WEB_DIST_DIR (default dist/), built first when there is none. */
export function ensureBuilt(): string {
  const dist = path.resolve(ROOT, process.env.WEB_DIST_DIR || 'dist');
  if (fs.existsSync(path.join(dist, 'server/main.js')) && fs.existsSync(path.join(dist, 'build-info.json')))
    return dist;
  console.log(`No production build in ${dist}: running npm run build first.`);
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  return dist;
}

/**
 * The database an engine's run opens, seeded by `seed` (which closes it): a PGlite data directory,
 * or a fresh PostgreSQL server run as in production (fsync on, as `npm run cluster` does). Without
 * `seed`, PGlite is left to the app's own new data directory.
 */
export async function benchDatabase(
  engine: 'pglite' | 'postgres',
  label: string,
  seed?: (database: Database) => Promise<void>,
): Promise<{ env: Record<string, string>; serverDataDir?: string; cleanup(): void }> {
  if (engine === 'pglite') {
    if (!seed) return { env: {}, cleanup: () => {} };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tyres-${label}-`));
    await seed(await openPglite(path.join(dataDir, 'db')));
    return { env: { DATA_DIR: dataDir }, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tyres-${label}-pg-`));
  const server = (await startPgServer({ dir })) as { url: string; dataDir: string; stop(): void };
  if (seed) await seed(await openPostgres(server.url));
  return {
    env: { DATABASE_URL: server.url },
    serverDataDir: server.dataDir,
    cleanup: () => {
      server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Prints the rows as one table and answers how many budgets were missed. */
export function printBudgetTable(rows: BudgetRow[]): number {
  const widths = {
    engine: 9,
    what: Math.max(...rows.map((r) => r.what.length)),
    figure: Math.max(...rows.map((r) => r.figure.length)),
    budget: Math.max(...rows.map((r) => r.budget.length)),
  };
  const line = (engine: string, what: string, figure: string, budget: string, verdict: string) =>
    `${engine.padEnd(widths.engine)} ${what.padEnd(widths.what)}  ${figure.padEnd(widths.figure)}  ${budget.padEnd(widths.budget)}  ${verdict}`;
  console.log(`\n${line('engine', 'what', 'figure', 'budget', 'verdict')}`);
  for (const r of rows)
    console.log(line(r.engine, r.what, r.figure, r.budget, r.met === undefined ? '' : r.met ? 'met' : 'NOT met'));
  const missed = rows.filter((r) => r.met === false).length;
  console.log(missed ? `\n${missed} budget(s) NOT met.` : '\nAll budgets met.');
  return missed;
}
