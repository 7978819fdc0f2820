import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { importQuery, ImportChange, ImportResult } from '../../shared/schemas/tyre-prices';
import type { Tx } from '../db/client';
import { tyreStockPricing } from '../db/schema';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../http/access';
import { AppError, conflict, invalid } from '../http/errors';
import { recordSettingChanges, type SettingChange } from '../history/history';
import { parsePriceFile, PriceFileRefused, rowKey, type PriceFile, type PriceLine } from './price-csv';
import { fieldChanges, HISTORY_FIELDS, historyLines, rowLabel, type HistoryField, type PriceRow } from './price-list';

/**
 * The supplier CSV import (decision 282). The file is compared with the price list by size, brand
 * and model: each line adds a row, changes one (old -> new per field) or leaves it unchanged, so a
 * second import of the same file changes nothing. A dry run (the default) writes nothing; applying
 * writes everything in one transaction, or nothing at all when a line was refused and the owner did
 * not ask to skip refused lines (then 400 with the same answer). A line in the file puts its row
 * back on sale (active); "deactivate missing" takes off sale the rows of the file's brands it does not list.
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Options = z.output<typeof importQuery>;
type Planned =
  | { kind: 'added'; line: PriceLine }
  | { kind: 'changed'; line: PriceLine; row: PriceRow; changes: ReturnType<typeof fieldChanges> }
  | { kind: 'deactivated'; row: PriceRow; changes: ReturnType<typeof fieldChanges> };

export const importRefusedMessage = (refused: number) =>
  `${refused} ${refused === 1 ? 'line was' : 'lines were'} refused, so nothing was imported. Correct ${refused === 1 ? 'it' : 'them'} and import again, or import the other lines only (skip refused lines).`;

function readFile(bytes: Buffer): PriceFile {
  try {
    return parsePriceFile(bytes);
  } catch (err) {
    if (err instanceof PriceFileRefused) throw invalid(err.message, { file: err.message });
    throw err;
  }
}

/** What each line of the file would do to the price list as it stands in `tx`. */
async function plan(tx: Tx, file: PriceFile, options: Options): Promise<{ planned: Planned[]; unchanged: number }> {
  const rows = await tx.select().from(tyreStockPricing).for('update');
  const byKey = new Map(rows.map((r) => [rowKey(r.size, r.brand, r.model), r]));
  const planned: Planned[] = [];
  let unchanged = 0;
  for (const line of file.lines) {
    const row = byKey.get(rowKey(line.size, line.brand, line.model));
    if (!row) {
      planned.push({ kind: 'added', line });
      continue;
    }
    const changes = fieldChanges(row, {
      purchasePrice: line.purchasePrice,
      retailPrice: line.retailPrice,
      isActive: true,
      ...(line.stock !== undefined ? { stock: line.stock } : {}),
    });
    if (changes.length) planned.push({ kind: 'changed', line, row, changes });
    else unchanged++;
  }
  if (options.deactivateMissing) {
    for (const row of rows) {
      if (
        row.isActive &&
        file.brands.has(row.brand.toLowerCase()) &&
        !file.listed.has(rowKey(row.size, row.brand, row.model))
      ) {
        planned.push({ kind: 'deactivated', row, changes: fieldChanges(row, { isActive: false }) });
      }
    }
  }
  return { planned, unchanged };
}

const shown = (changes: ReturnType<typeof fieldChanges>) =>
  changes.map((c) => ({ field: HISTORY_FIELDS[c.field].label, from: c.from, to: c.to }));
const addedFields = (line: PriceLine) =>
  (['purchasePrice', 'retailPrice', ...(line.stock !== undefined ? (['stock'] as const) : [])] as HistoryField[]).map(
    (f) => ({ field: HISTORY_FIELDS[f].label, from: null, to: HISTORY_FIELDS[f].show(line[f as keyof PriceLine]) }),
  );

function describePlan(p: Planned): ImportChange {
  if (p.kind === 'added')
    return { line: p.line.line, kind: 'added', id: null, label: rowLabel(p.line), fields: addedFields(p.line) };
  return {
    line: p.kind === 'changed' ? p.line.line : null,
    kind: p.kind,
    id: p.row.id,
    label: rowLabel(p.row),
    fields: shown(p.changes),
  };
}

/** Writes the plan in the caller's transaction, with a history line per changed field and one summary line. */
async function apply(
  tx: Tx,
  planned: Planned[],
  meta: { at: Date; actorId: string; filename: string; summary: ImportResult['summary'] },
): Promise<void> {
  const history: SettingChange[] = [];
  const source = (line: number | null) =>
    line === null ? `not in supplier file ${meta.filename}` : `supplier file ${meta.filename}, line ${line}`;
  const added = planned.filter((p) => p.kind === 'added');
  // Inserted in chunks: one statement per line would be slow for a 20,000-line file.
  for (let i = 0; i < added.length; i += 500) {
    const chunk = added.slice(i, i + 500);
    const rows = await tx
      .insert(tyreStockPricing)
      .values(
        chunk.map(({ line }) => ({
          size: line.size,
          brand: line.brand,
          model: line.model,
          purchasePrice: line.purchasePrice,
          retailPrice: line.retailPrice,
          stock: line.stock ?? null,
          isActive: true,
          updatedAt: meta.at,
        })),
      )
      .returning();
    rows.forEach((row, j) => {
      const line = chunk[j]!.line;
      history.push({
        subject: `tyre-price:${row.id}`,
        label: rowLabel(row),
        at: meta.at,
        actorId: meta.actorId,
        kind: 'created',
        note: `${addedFields(line)
          .map((f) => `${f.field} ${f.to}`)
          .join(', ')} (${source(line.line)})`,
      });
    });
  }
  for (const p of planned) {
    if (p.kind === 'added') continue;
    const values = Object.fromEntries(
      p.changes.map((c) => [
        c.field,
        p.kind === 'deactivated' ? false : c.field === 'isActive' ? true : (p.line[c.field as keyof PriceLine] ?? null),
      ]),
    );
    await tx
      .update(tyreStockPricing)
      .set({ ...values, updatedAt: meta.at })
      .where(eq(tyreStockPricing.id, p.row.id));
    history.push(
      ...historyLines(p.row, p.changes, {
        at: meta.at,
        actorId: meta.actorId,
        kind: p.kind === 'deactivated' ? 'deactivated' : 'imported',
        note: source(p.kind === 'changed' ? p.line.line : null),
      }),
    );
  }
  const { added: a, changed, unchanged, refused } = meta.summary;
  history.unshift({
    subject: 'tyre-price:import',
    label: `Supplier file ${meta.filename}`,
    at: meta.at,
    actorId: meta.actorId,
    kind: 'imported',
    note: `${a} added, ${changed} changed, ${unchanged} unchanged, ${refused} refused`,
  });
  for (let i = 0; i < history.length; i += 1000) await recordSettingChanges(tx, history.slice(i, i + 1000));
}

/** Reads, compares and (unless a dry run) applies a supplier file; a refusal of the whole answer is a 400 with the same body. */
export async function importPriceFile(
  deps: Deps,
  actor: SessionUser,
  upload: { bytes: Buffer; filename: string },
  options: Options,
): Promise<ImportResult> {
  const file = readFile(upload.bytes);
  const at = deps.clock.now();
  try {
    return await compareAndApply(deps, actor, file, upload.filename, options, at);
  } catch (err) {
    // Another import or edit added the same row meanwhile: the whole file was rolled back.
    const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw conflict(IMPORT_RACED);
    throw err;
  }
}

export const IMPORT_RACED =
  'The price list changed while this file was being imported, so nothing was imported. Import it again.';

async function compareAndApply(
  deps: Deps,
  actor: SessionUser,
  file: PriceFile,
  filename: string,
  options: Options,
  at: Date,
): Promise<ImportResult> {
  return deps.db.transaction(async (tx) => {
    const { planned, unchanged } = await plan(tx, file, options);
    const summary = {
      added: planned.filter((p) => p.kind === 'added').length,
      changed: planned.filter((p) => p.kind !== 'added').length,
      unchanged,
      refused: file.refusedLines,
    };
    const result: ImportResult = {
      applied: false,
      summary,
      changes: planned.map(describePlan),
      errors: file.errors,
      brands: [...file.brands.values()],
    };
    if (options.dryRun) return result;
    if (file.refusedLines > 0 && !options.skipRefused)
      throw new AppError('VALIDATION', importRefusedMessage(file.refusedLines), { ...result });
    if (planned.length === 0) return result;
    await apply(tx, planned, { at, actorId: actor.id, filename, summary });
    return { ...result, applied: true };
  });
}
