import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TyreSettings, tyreSettingsRequest } from '../../shared/schemas/tyres';
import { appendAudit } from '../audit/log';
import type { Db, Executor } from '../db/client';
import { tyreSettings } from '../db/schema';
import type { SessionUser } from '../http/access';

/** Before the owner changes anything: a 12-month warranty, claims without labour, three days to order. */
export const DEFAULT_TYRE_SETTINGS: TyreSettings = {
  warrantyMonths: 12,
  claimLabourFree: true,
  orderLeadDays: 3,
  disposalLevy: '0.00',
  defaultMinimum: 2,
};

/** The owner's tyre settings (docs/decisions/414-tyre-records.md): the one row, or the defaults. */
export async function readTyreSettings(exec: Executor): Promise<TyreSettings> {
  const [row] = await exec.select().from(tyreSettings).where(eq(tyreSettings.id, 1));
  if (!row) return DEFAULT_TYRE_SETTINGS;
  return {
    warrantyMonths: row.warrantyMonths,
    claimLabourFree: row.claimLabourFree,
    orderLeadDays: row.orderLeadDays,
    disposalLevy: row.disposalLevy,
    defaultMinimum: row.defaultMinimum,
  };
}

const LABELS: Record<keyof TyreSettings, string> = {
  warrantyMonths: 'Warranty (months)',
  claimLabourFree: 'Warranty claims free of labour',
  orderLeadDays: 'Order lead time (days)',
  disposalLevy: 'Disposal levy per tyre',
  defaultMinimum: 'Reorder below',
};

/** Stores the owner's change; each changed field is a line in the audit log. */
export async function updateTyreSettings(
  db: Db,
  actor: SessionUser,
  now: Date,
  input: z.output<typeof tyreSettingsRequest>,
): Promise<TyreSettings> {
  return db.transaction(async (tx) => {
    const before = await readTyreSettings(tx);
    const values = { ...input, updatedAt: now, updatedBy: actor.id };
    await tx
      .insert(tyreSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: tyreSettings.id, set: values });
    const after = await readTyreSettings(tx);
    const changed = (Object.keys(LABELS) as (keyof TyreSettings)[]).filter((k) => before[k] !== after[k]);
    await appendAudit(
      tx,
      changed.map((k) => ({
        at: now,
        actorId: actor.id,
        kind: 'setting',
        subject: 'tyres',
        label: 'Tyres',
        action: 'changed',
        field: LABELS[k],
        from: String(before[k]),
        to: String(after[k]),
      })),
    );
    return after;
  });
}
