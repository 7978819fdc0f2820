import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DEPOT } from '../../shared/domain/fitted-tyres';
import type { ReorderLine, StockLine, stockMovementRequest, stockRulesRequest } from '../../shared/schemas/tyres';
import { appendAudit } from '../audit/log';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { tyreReorderRules, tyreStock, tyreStockMovements } from '../db/schema';
import type { SessionUser } from '../http/access';
import { forbidden, invalid } from '../http/errors';
import { readTyreSettings } from './tyre-settings';

// Stock on each van and in the depot (docs/decisions/414-tyre-records.md): every change is a
// movement row and an audit log line; nothing goes below zero or below what is promised to jobs.

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export const placeName = (location: string) => (location === DEPOT ? 'the depot' : `van ${location.slice(4)}`);
export const COUNT_IS_OWNERS = "Stock takes are the owner's.";

/** Tyres held at each place, depot first, then the vans, by size and brand. */
export async function listStock(exec: Executor, location?: string): Promise<StockLine[]> {
  return exec
    .select({
      location: tyreStock.location,
      size: tyreStock.size,
      brand: tyreStock.brand,
      quantity: tyreStock.quantity,
      reserved: tyreStock.reserved,
    })
    .from(tyreStock)
    .where(location ? eq(tyreStock.location, location) : undefined)
    .orderBy(asc(tyreStock.location), asc(tyreStock.size), asc(tyreStock.brand));
}

/** The brand as stock already spells it ("michelin" is Michelin's row), else as given. */
async function stockBrand(tx: Executor, size: string, brand: string): Promise<string> {
  const [row] = await tx
    .select({ brand: tyreStock.brand })
    .from(tyreStock)
    .where(and(eq(tyreStock.size, size), sql`lower(${tyreStock.brand}) = lower(${brand})`))
    .limit(1);
  return row?.brand ?? brand;
}

async function add(tx: Executor, location: string, size: string, brand: string, n: number, now: Date) {
  await tx
    .insert(tyreStock)
    .values({ location, size, brand, quantity: n, updatedAt: now })
    .onConflictDoUpdate({
      target: [tyreStock.location, tyreStock.size, tyreStock.brand],
      set: { quantity: sql`${tyreStock.quantity} + ${n}`, updatedAt: now },
    });
}

/** Takes `n` free tyres (held minus promised) or none: the conditional update decides a race. */
async function take(tx: Executor, location: string, size: string, brand: string, n: number, now: Date) {
  const rows = await tx
    .update(tyreStock)
    .set({ quantity: sql`${tyreStock.quantity} - ${n}`, updatedAt: now })
    .where(
      and(
        eq(tyreStock.location, location),
        eq(tyreStock.size, size),
        eq(tyreStock.brand, brand),
        sql`${tyreStock.quantity} - ${tyreStock.reserved} >= ${n}`,
      ),
    )
    .returning({ id: tyreStock.id });
  if (rows.length === 0) {
    const message = `Only ${await freeAt(tx, location, size, brand)} ${size} ${brand} free at ${placeName(location)}`;
    throw invalid(message, { quantity: message });
  }
}

async function freeAt(tx: Executor, location: string, size: string, brand: string): Promise<number> {
  const [row] = await tx
    .select({ free: sql<number>`(${tyreStock.quantity} - ${tyreStock.reserved})::int` })
    .from(tyreStock)
    .where(and(eq(tyreStock.location, location), eq(tyreStock.size, size), eq(tyreStock.brand, brand)));
  return Number(row?.free ?? 0);
}

/**
 * A load (depot to van), a return (van to depot) or a stock take of one place. A technician loads
 * and returns; a stock take is the owner's, and its difference is kept in the audit log.
 */
export async function moveStock(
  deps: Deps,
  actor: SessionUser,
  input: z.output<typeof stockMovementRequest>,
): Promise<StockLine[]> {
  if (input.kind === 'count' && actor.role !== 'admin') throw forbidden(COUNT_IS_OWNERS);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const brand = await stockBrand(tx, input.size, input.brand);
    const { location, size, kind, quantity } = input;
    const label = `${size} ${brand}`;
    const audit = (where: string, action: string, from: number, to: number, note: string) => ({
      at: now,
      actorId: actor.id,
      kind: 'stock',
      subject: `stock:${where}`,
      label: `${label} at ${placeName(where)}`,
      action,
      field: 'Quantity',
      from: String(from),
      to: String(to),
      note,
    });
    const held = async (where: string) => {
      const [row] = await tx
        .select({ quantity: tyreStock.quantity, reserved: tyreStock.reserved })
        .from(tyreStock)
        .where(and(eq(tyreStock.location, where), eq(tyreStock.size, size), eq(tyreStock.brand, brand)))
        .for('update');
      return row ?? { quantity: 0, reserved: 0 };
    };
    if (kind === 'count') {
      const before = await held(location);
      if (quantity < before.reserved) {
        const message = `${before.reserved} of these are promised to booked jobs: the count cannot be below that`;
        throw invalid(message, { quantity: message });
      }
      const difference = quantity - before.quantity;
      await tx
        .insert(tyreStock)
        .values({ location, size, brand, quantity, updatedAt: now })
        .onConflictDoUpdate({
          target: [tyreStock.location, tyreStock.size, tyreStock.brand],
          set: { quantity, updatedAt: now },
        });
      await tx.insert(tyreStockMovements).values({
        at: now,
        kind,
        location,
        size,
        brand,
        change: difference,
        counted: quantity,
        actorId: actor.id,
      });
      await appendAudit(tx, [
        audit(
          location,
          'counted',
          before.quantity,
          quantity,
          `Stock take: counted ${quantity}, difference ${difference > 0 ? '+' : ''}${difference}`,
        ),
      ]);
    } else {
      const [from, to] = kind === 'load' ? [DEPOT, location] : [location, DEPOT];
      const [fromBefore, toBefore] = [(await held(from)).quantity, (await held(to)).quantity];
      await take(tx, from, size, brand, quantity, now);
      await add(tx, to, size, brand, quantity, now);
      await tx.insert(tyreStockMovements).values([
        { at: now, kind, location: from, size, brand, change: -quantity, actorId: actor.id },
        { at: now, kind, location: to, size, brand, change: quantity, actorId: actor.id },
      ]);
      const note = `${kind === 'load' ? 'Loaded' : 'Returned'} ${quantity} from ${placeName(from)} to ${placeName(to)}`;
      await appendAudit(tx, [
        audit(from, kind, fromBefore, fromBefore - quantity, note),
        audit(to, kind, toBefore, toBefore + quantity, note),
      ]);
    }
    return listStock(tx);
  });
}

/** The owner's reorder minimum and supplier per size and brand; each change in the audit log. */
export async function setReorderRules(
  deps: Deps,
  actor: SessionUser,
  input: z.output<typeof stockRulesRequest>,
): Promise<StockLine[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    for (const rule of input.rules) {
      const brand = await stockBrand(tx, rule.size, rule.brand);
      const values = { size: rule.size, brand, supplier: rule.supplier ?? null, minimum: rule.minimum, updatedAt: now };
      await tx
        .insert(tyreReorderRules)
        .values(values)
        .onConflictDoUpdate({ target: [tyreReorderRules.size, tyreReorderRules.brand], set: values });
    }
    await appendAudit(
      tx,
      input.rules.map((r) => ({
        at: now,
        actorId: actor.id,
        kind: 'setting',
        subject: 'tyres',
        label: `Reorder ${r.size} ${r.brand}`,
        action: 'changed',
        field: 'Minimum',
        to: `${r.minimum}${r.supplier ? ` from ${r.supplier}` : ''}`,
      })),
    );
    return listStock(tx);
  });
}

/** Sizes and brands below their minimum across the vans and the depot, by supplier then size. */
export async function reorderList(exec: Executor): Promise<ReorderLine[]> {
  const { defaultMinimum } = await readTyreSettings(exec);
  const held = await exec
    .select({
      size: tyreStock.size,
      brand: tyreStock.brand,
      onHand: sql<number>`sum(${tyreStock.quantity})::int`,
    })
    .from(tyreStock)
    .groupBy(tyreStock.size, tyreStock.brand);
  const rules = await exec.select().from(tyreReorderRules);
  const key = (l: { size: string; brand: string }) => `${l.size}|${l.brand.toLowerCase()}`;
  const lines = new Map<string, ReorderLine>();
  for (const h of held)
    lines.set(key(h), { ...h, onHand: Number(h.onHand), supplier: null, minimum: defaultMinimum, toOrder: 0 });
  for (const r of rules) {
    const line = lines.get(key(r)) ?? {
      size: r.size,
      brand: r.brand,
      onHand: 0,
      supplier: null,
      minimum: 0,
      toOrder: 0,
    };
    lines.set(key(r), { ...line, supplier: r.supplier, minimum: r.minimum });
  }
  return [...lines.values()]
    .map((l) => ({ ...l, toOrder: Math.max(0, l.minimum - l.onHand) }))
    .filter((l) => l.toOrder > 0)
    .sort(
      (a, b) =>
        (a.supplier ?? '~').localeCompare(b.supplier ?? '~') ||
        a.size.localeCompare(b.size) ||
        a.brand.localeCompare(b.brand),
    );
}

export async function reorderFile(exec: Executor, format: 'json' | 'csv' | undefined) {
  const lines = await reorderList(exec);
  if (format === 'csv')
    return {
      data: Buffer.from(
        stringify(
          lines.map((l) => [l.supplier ?? '', l.size, l.brand, l.onHand, l.minimum, l.toOrder]),
          { header: true, columns: ['Supplier', 'Size', 'Brand', 'On hand', 'Minimum', 'To order'] },
        ),
      ),
      contentType: 'text/csv; charset=utf-8',
      filename: 'tyres-to-order.csv',
      disposition: 'attachment' as const,
    };
  return {
    data: Buffer.from(JSON.stringify(lines)),
    contentType: 'application/json; charset=utf-8',
    filename: 'tyres-to-order.json',
  };
}
