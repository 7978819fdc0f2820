import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatCents, formatDollars, toCents } from '../../shared/domain/money';
import { TYRE_PART_KIND_LABELS } from '../../shared/domain/tyre-parts';
import { isUuid } from '../../shared/schemas/fields';
import {
  PART_NAME_TAKEN_MESSAGE,
  PART_UNKNOWN_MESSAGE,
  type JobPart,
  type jobPartRequest,
  type TyrePart,
  type tyrePartRequest,
  type tyrePartUpdateRequest,
} from '../../shared/schemas/tyre-parts';
import { appendAudit } from '../audit/log';
import { pgErrorCode, UNIQUE_VIOLATION, type Db, type Executor } from '../db/client';
import { customerInvoices, jobTyreParts, tyreParts } from '../db/schema';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../http/access';
import { conflict, invalid, notFound } from '../http/errors';
import { recordJobEvent } from '../jobs/history';
import { lockJobForTyreWork } from './job-lock';

// Valves and TPMS sensors (docs/decisions/432-valves-and-tpms-sensors.md): the owner prices them,
// staff add them to a job (a technician only on their own), and the job's invoice lists each.

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type PartRow = typeof tyreParts.$inferSelect;

export const PART_NOT_FOUND = 'Part not found.';

const toPart = (r: PartRow): TyrePart => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  retailPrice: r.retailPrice,
  purchasePrice: r.purchasePrice,
  isActive: r.isActive,
});

/** The parts, by kind and name; a technician is not told what they cost the owner. */
export async function listParts(db: Db, actor: SessionUser): Promise<TyrePart[]> {
  const rows = await db.select().from(tyreParts).orderBy(asc(tyreParts.kind), asc(tyreParts.name));
  return rows.map((r) => ({ ...toPart(r), purchasePrice: actor.role === 'admin' ? r.purchasePrice : null }));
}

const FIELD_LABELS = {
  name: 'Name',
  retailPrice: 'Retail price',
  purchasePrice: 'Purchase price',
  isActive: 'Active',
} as const;
const shown = (field: keyof typeof FIELD_LABELS, v: unknown) =>
  field === 'isActive' ? (v ? 'yes' : 'no') : field === 'name' ? String(v) : formatDollars(toCents(String(v)));

/** A name another part has is a 409 on `name`, also when a concurrent write got there first. */
async function refusingNameClash<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION)
      throw conflict(PART_NAME_TAKEN_MESSAGE, { fields: { name: PART_NAME_TAKEN_MESSAGE } });
    throw err;
  }
}

async function assertNameFree(exec: Executor, name: string, exceptId?: string) {
  const [clash] = await exec
    .select({ id: tyreParts.id })
    .from(tyreParts)
    .where(and(sql`lower(${tyreParts.name}) = lower(${name})`, exceptId ? ne(tyreParts.id, exceptId) : undefined));
  if (clash) throw conflict(PART_NAME_TAKEN_MESSAGE, { fields: { name: PART_NAME_TAKEN_MESSAGE } });
}

export async function addPart(
  deps: Deps,
  actor: SessionUser,
  body: z.output<typeof tyrePartRequest>,
): Promise<TyrePart> {
  const now = deps.clock.now();
  return refusingNameClash(() =>
    deps.db.transaction(async (tx) => {
      await assertNameFree(tx, body.name);
      const [row] = await tx
        .insert(tyreParts)
        .values({
          kind: body.kind,
          name: body.name,
          retailPrice: body.retailPrice,
          purchasePrice: body.purchasePrice ?? '0.00',
          isActive: body.isActive ?? true,
          updatedAt: now,
        })
        .returning();
      await appendAudit(tx, [
        {
          at: now,
          actorId: actor.id,
          kind: 'setting',
          subject: `tyre-part:${row!.id}`,
          label: `${TYRE_PART_KIND_LABELS[row!.kind]}: ${row!.name}`,
          action: 'created',
          note: `Purchase ${formatDollars(toCents(row!.purchasePrice))}, retail ${formatDollars(toCents(row!.retailPrice))}`,
        },
      ]);
      return toPart(row!);
    }),
  );
}

export async function updatePart(
  deps: Deps,
  actor: SessionUser,
  id: string,
  body: z.output<typeof tyrePartUpdateRequest>,
): Promise<TyrePart> {
  if (!isUuid(id)) throw notFound(PART_NOT_FOUND);
  const now = deps.clock.now();
  return refusingNameClash(() =>
    deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(tyreParts).where(eq(tyreParts.id, id)).for('update');
      if (!before) throw notFound(PART_NOT_FOUND);
      if (body.name !== undefined) await assertNameFree(tx, body.name, id);
      const values = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.retailPrice !== undefined ? { retailPrice: body.retailPrice } : {}),
        ...(body.purchasePrice !== undefined ? { purchasePrice: body.purchasePrice } : {}),
        ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
      };
      const [after] = await tx
        .update(tyreParts)
        .set({ ...values, updatedAt: now })
        .where(eq(tyreParts.id, id))
        .returning();
      const changed = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).filter(
        (k) => before[k] !== after![k],
      );
      await appendAudit(
        tx,
        changed.map((k) => ({
          at: now,
          actorId: actor.id,
          kind: 'setting',
          subject: `tyre-part:${id}`,
          label: `${TYRE_PART_KIND_LABELS[after!.kind]}: ${after!.name}`,
          action: k === 'isActive' ? (after!.isActive ? 'activated' : 'deactivated') : 'changed',
          field: FIELD_LABELS[k],
          from: shown(k, before[k]),
          to: shown(k, after![k]),
        })),
      );
      return toPart(after!);
    }),
  );
}

type JobPartRow = typeof jobTyreParts.$inferSelect;
const toJobPart = (r: JobPartRow): JobPart => ({
  id: r.id,
  partId: r.partId,
  kind: r.kind,
  name: r.name,
  quantity: r.quantity,
  unitPrice: r.unitPrice,
  totalPrice: formatCents(toCents(r.unitPrice) * r.quantity),
  addedAt: r.createdAt.toISOString(),
});

async function jobPartsOf(exec: Executor, jobId: string): Promise<JobPart[]> {
  const rows = await exec
    .select()
    .from(jobTyreParts)
    .where(eq(jobTyreParts.jobId, jobId))
    .orderBy(asc(jobTyreParts.createdAt), asc(jobTyreParts.id));
  return rows.map(toJobPart);
}

export async function listJobParts(deps: Deps, user: SessionUser, jobId: string): Promise<JobPart[]> {
  return deps.db.transaction(async (tx) => {
    await lockJobForTyreWork(tx, user, jobId);
    return jobPartsOf(tx, jobId);
  });
}

/**
 * The job whose parts change, locked: its parts change only while its invoice is not issued and
 * it is not paid or cancelled, as the invoice takes them (409 saying why otherwise).
 */
async function lockJobWithOpenParts(tx: Executor, user: SessionUser, jobId: string) {
  const job = await lockJobForTyreWork(tx, user, jobId);
  if (job.status === 'cancelled') throw conflict('A cancelled job takes no parts.');
  const [invoice] = await tx
    .select({ number: customerInvoices.invoiceNumber })
    .from(customerInvoices)
    .where(and(eq(customerInvoices.jobId, job.id), ne(customerInvoices.status, 'cancelled')))
    .limit(1);
  if (invoice)
    throw conflict(`${job.jobNumber} has invoice ${invoice.number}: parts are added or taken off before the invoice.`);
  if (job.paymentStatus === 'paid') throw conflict(`${job.jobNumber} is paid already, so its parts stay as they are.`);
  return job;
}

/**
 * Adds a quantity of one part of the price list to a job, priced as the list says now: a part not
 * on the list (or taken off it) is a 400 on `partId`, nothing written. The job's invoice takes it,
 * so a job whose invoice is issued or that was paid before it takes no more.
 */
export async function addJobPart(
  deps: Deps,
  user: SessionUser,
  jobId: string,
  body: z.output<typeof jobPartRequest>,
): Promise<JobPart[]> {
  if (!isUuid(body.partId)) throw invalid(PART_UNKNOWN_MESSAGE, { partId: PART_UNKNOWN_MESSAGE });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const job = await lockJobWithOpenParts(tx, user, jobId);
    const [part] = await tx
      .select()
      .from(tyreParts)
      .where(and(eq(tyreParts.id, body.partId), eq(tyreParts.isActive, true)));
    if (!part) throw invalid(PART_UNKNOWN_MESSAGE, { partId: PART_UNKNOWN_MESSAGE });
    await tx.insert(jobTyreParts).values({
      jobId: job.id,
      partId: part.id,
      kind: part.kind,
      name: part.name,
      quantity: body.quantity,
      unitPrice: part.retailPrice,
      unitCost: part.purchasePrice,
      addedById: user.id,
      createdAt: now,
    });
    await recordJobEvent(tx, {
      jobId: job.id,
      at: now,
      actorId: user.id,
      kind: 'note',
      note: `Parts: ${body.quantity} × ${part.name} (${formatDollars(toCents(part.retailPrice))} each)`,
    });
    return jobPartsOf(tx, job.id);
  });
}

export const JOB_PART_NOT_FOUND = 'That part is not on this job.';

/**
 * Takes one part's line off a job (a part added by mistake), while its parts may change
 * (lockJobWithOpenParts); the job's history says what came off. An unknown line is a 404.
 */
export async function removeJobPart(deps: Deps, user: SessionUser, jobId: string, lineId: string): Promise<JobPart[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const job = await lockJobWithOpenParts(tx, user, jobId);
    const [removed] = isUuid(lineId)
      ? await tx
          .delete(jobTyreParts)
          .where(and(eq(jobTyreParts.id, lineId), eq(jobTyreParts.jobId, job.id)))
          .returning()
      : [];
    if (!removed) throw notFound(JOB_PART_NOT_FOUND);
    await recordJobEvent(tx, {
      jobId: job.id,
      at: now,
      actorId: user.id,
      kind: 'note',
      note: `Parts taken off: ${removed.quantity} × ${removed.name}`,
    });
    return jobPartsOf(tx, job.id);
  });
}
