import { and, asc, desc, eq, gte, ilike, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { perthToday } from '../../shared/domain/perth-time';
import { formatCents } from '../../shared/domain/money';
import type { JobDetail, JobListItem, JobListQuery } from '../../shared/schemas/jobs';
import type { CardPaymentToRefund, JobMoney } from '../../shared/schemas/onsite-payments';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { cardPayments, customerInvoices, jobPhotos, jobs, onsitePayments, users, vehicles } from '../db/schema';
import type { SessionUser } from '../http/access';
import { forbidden, notFound } from '../http/errors';
import { isUuid } from '../../shared/schemas/fields';
import { amountToInvoice } from '../invoices/job-lines';
import { moneyOf, owedOnInvoice } from '../invoices/owed';
import { listJobHistory } from './history';

export const JOB_NOT_FOUND = 'Job not found';
export const NOT_YOUR_JOB = 'This job is not assigned to you.';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A technician sees and acts on only the jobs assigned to them (docs/product.md "Roles and permissions"). */
export function assertMayView(user: SessionUser, job: { assignedTechnicianId: string | null }): void {
  if (user.role !== 'admin' && job.assignedTechnicianId !== user.id) throw forbidden(NOT_YOUR_JOB);
}

/** The columns every job read selects: the job, its contact, its vehicle and its technician. */
const jobColumns = {
  job: jobs,
  // Each job keeps the contact given with it (docs/product.md "Bookings").
  customer: { name: jobs.contactName, phone: jobs.contactPhone, email: jobs.contactEmail },
  vehicle: {
    make: vehicles.make,
    model: vehicles.model,
    year: vehicles.year,
    registration: vehicles.registration,
    color: vehicles.color,
  },
  technician: { id: users.id, username: users.username },
  hasInvoice: sql<boolean>`exists (select 1 from ${customerInvoices} where ${customerInvoices.jobId} = ${jobs.id} and ${customerInvoices.status} <> 'cancelled')`,
};

type JobRow = {
  job: typeof jobs.$inferSelect;
  customer: { name: string; phone: string; email: string };
  vehicle: { make: string; model: string; year: number; registration: string; color: string | null } | null;
  technician: { id: string; username: string } | null;
  hasInvoice: boolean;
};

function selectJobs(exec: Executor) {
  return exec
    .select(jobColumns)
    .from(jobs)
    .leftJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .leftJoin(users, eq(users.id, jobs.assignedTechnicianId));
}

function toJobFields(row: JobRow) {
  const j = row.job;
  return {
    id: j.id,
    jobNumber: j.jobNumber,
    customerId: j.customerId,
    vehicleId: j.vehicleId,
    assignedTechnicianId: j.assignedTechnicianId,
    serviceType: j.serviceType,
    status: j.status,
    scheduledDate: j.scheduledDate.toISOString(),
    scheduledDay: j.scheduledDay,
    timeSlot: j.timeSlot,
    address: j.address,
    suburb: j.suburb,
    postcode: j.postcode,
    tyreSize: j.tyreSize,
    tyreQuantity: j.tyreQuantity,
    tyreBrand: j.tyreBrand,
    notes: j.notes,
    customerValue: j.customerValue,
    originalCustomerValue: j.originalCustomerValue,
    purchaseCost: j.purchaseCost,
    purchaseInvoice: j.purchaseInvoice,
    paymentMethod: j.paymentMethod,
    paymentStatus: j.paymentStatus,
    paymentFlag: j.paymentFlag,
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
    inProgressAt: iso(j.inProgressAt),
    completedAt: iso(j.completedAt),
    invoicedAt: iso(j.invoicedAt),
    paidAt: iso(j.paidAt),
    cancelledAt: iso(j.cancelledAt),
    customer: row.customer,
    vehicle: row.vehicle,
    technician: row.technician,
    hasInvoice: row.hasInvoice,
  };
}

/** One job as staff see it, with photos and history; a technician only their own. */
export async function getJobDetail(
  deps: Pick<AppDeps, 'db' | 'clock' | 'settings'>,
  user: SessionUser,
  jobId: string,
): Promise<JobDetail> {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  const [row] = await selectJobs(deps.db).where(eq(jobs.id, jobId));
  if (!row) throw notFound(JOB_NOT_FOUND);
  assertMayView(user, row.job);
  const [photos, history, standing, money, cardPaymentsToRefund] = await Promise.all([
    deps.db
      .select({ id: jobPhotos.id, type: jobPhotos.type, originalName: jobPhotos.originalName, takenBy: users.username })
      .from(jobPhotos)
      .leftJoin(users, eq(users.id, jobPhotos.takenById))
      .where(eq(jobPhotos.jobId, jobId))
      .orderBy(asc(jobPhotos.uploadedAt), asc(jobPhotos.id)),
    listJobHistory(deps.db, jobId),
    standingOnsitePayments(deps.db, jobId),
    jobMoneyOf(deps.db, jobId),
    cardPaymentsKeptBack(deps.db, jobId),
  ]);
  // A job with no price yet is priced by staff first; its invoice would hold the call-out alone.
  const toInvoiceAmount =
    money === null &&
    row.job.customerValue !== null &&
    row.job.paymentStatus !== 'paid' &&
    ['in-progress', 'completed'].includes(row.job.status)
      ? await amountToInvoice(deps.db, row.job, deps.clock.now(), (await deps.settings.current()).fees)
      : null;
  return {
    ...toJobFields(row),
    photos,
    history,
    cancelReason: row.job.cancelReason,
    refundAmount: row.job.refundAmount,
    onsitePayment: standing.at(-1) ?? null,
    onsitePayments: standing,
    money,
    toInvoiceAmount,
    cardPaymentsToRefund,
  };
}

/** The payments taken on site that stand on the job, oldest first, with who took each (decisions 349, 406). */
async function standingOnsitePayments(db: Executor, jobId: string) {
  const rows = await db
    .select({
      id: onsitePayments.id,
      method: onsitePayments.method,
      amount: onsitePayments.amount,
      reference: onsitePayments.reference,
      takenAt: onsitePayments.takenAt,
      takenBy: users.username,
    })
    .from(onsitePayments)
    .leftJoin(users, eq(users.id, onsitePayments.takenById))
    .where(and(eq(onsitePayments.jobId, jobId), isNull(onsitePayments.reversedAt)))
    .orderBy(asc(onsitePayments.takenAt), asc(onsitePayments.id));
  return rows.map((p) => ({ ...p, takenAt: p.takenAt.toISOString() }));
}

/** Paid and owed on the job's live invoice (decision 406); null while it has none. */
async function jobMoneyOf(db: Executor, jobId: string): Promise<JobMoney | null> {
  const [invoice] = await db
    .select()
    .from(customerInvoices)
    .where(and(eq(customerInvoices.jobId, jobId), ne(customerInvoices.status, 'cancelled')));
  return invoice ? moneyOf(invoice, await owedOnInvoice(db, invoice)) : null;
}

/** Card payments kept back for staff to refund, newest first (decision 407). */
async function cardPaymentsKeptBack(db: Executor, jobId: string): Promise<CardPaymentToRefund[]> {
  const rows = await db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.jobId, jobId), eq(cardPayments.outcome, 'refund-due')))
    .orderBy(desc(cardPayments.receivedAt));
  return rows.map((p) => ({
    intentId: p.intentId,
    amount: p.amountCents !== null && p.currency?.toLowerCase() === 'aud' ? formatCents(p.amountCents) : null,
    currency: p.currency,
    reason: p.reason ?? '',
    receivedAt: p.receivedAt.toISOString(),
    refundedAt: p.refundedAt?.toISOString() ?? null,
  }));
}

/** Escapes LIKE's wildcards so a search for "50%" means the text. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search box: job number, customer name, phone (digits, whatever the spacing), registration, suburb. */
function searchCondition(search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const pattern = likeText(text);
  const digits = text.replace(/\D/g, '');
  return or(
    ilike(jobs.jobNumber, pattern),
    ilike(jobs.contactName, pattern),
    ilike(vehicles.registration, likeText(text.replace(/\s+/g, ''))),
    ilike(jobs.suburb, pattern),
    ...(digits.length >= 3 ? [sql`regexp_replace(${jobs.contactPhone}, '\\D', '', 'g') like ${likeText(digits)}`] : []),
  );
}

/**
 * The jobs list: most recent visit first (or, with `when`, today onwards soonest first / the past
 * latest first), filtered and paged (docs/product.md "Staff dashboard").
 * Without a status filter cancelled jobs are left out; a technician gets only their own jobs.
 */
export async function listJobs(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: SessionUser,
  query: JobListQuery & { page: number; pageSize: number },
): Promise<{ items: JobListItem[]; total: number }> {
  // Staff land on today's work, then what is coming; the past is asked for (decision 342).
  const today = query.when ? perthToday(deps.clock.now()) : undefined;
  const conditions: (SQL | undefined)[] = [
    query.when === 'upcoming'
      ? gte(jobs.scheduledDay, today!)
      : query.when === 'past'
        ? lt(jobs.scheduledDay, today!)
        : undefined,
    !query.status || query.status === 'all' ? ne(jobs.status, 'cancelled') : eq(jobs.status, query.status),
    query.from ? gte(jobs.scheduledDay, query.from) : undefined,
    query.to ? lte(jobs.scheduledDay, query.to) : undefined,
    query.search ? searchCondition(query.search) : undefined,
  ];
  if (user.role !== 'admin') conditions.push(eq(jobs.assignedTechnicianId, user.id));
  else if (query.technicianId)
    conditions.push(isUuid(query.technicianId) ? eq(jobs.assignedTechnicianId, query.technicianId) : sql`false`);

  const rows = await deps.db
    .select({
      ...jobColumns,
      photoCount: sql<number>`(select count(*)::int from ${jobPhotos} where ${jobPhotos.jobId} = ${jobs.id})`,
      total: sql<number>`count(*) over ()`,
    })
    .from(jobs)
    .leftJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .leftJoin(users, eq(users.id, jobs.assignedTechnicianId))
    .where(and(...conditions))
    .orderBy(
      ...(query.when === 'upcoming'
        ? [asc(jobs.scheduledDate), asc(jobs.jobNumber)]
        : [desc(jobs.scheduledDate), desc(jobs.jobNumber)]),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const total = rows.length ? Number(rows[0]!.total) : query.page > 1 ? await countJobs(deps.db, conditions) : 0;
  return { items: rows.map((r) => ({ ...toJobFields(r), photoCount: Number(r.photoCount) })), total };
}

/** The total when the page asked for is past the end (no row carries the window count). */
async function countJobs(db: Executor, conditions: (SQL | undefined)[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .leftJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

/** A job photo for signed-in staff only (docs/product.md "Bookings": photos are never served to the public). */
export async function readJobPhoto(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: SessionUser,
  jobId: string,
  photoId: string,
) {
  if (!isUuid(jobId) || !isUuid(photoId)) throw notFound('Photo not found');
  const [row] = await deps.db
    .select({ photo: jobPhotos, assignedTechnicianId: jobs.assignedTechnicianId })
    .from(jobPhotos)
    .innerJoin(jobs, eq(jobs.id, jobPhotos.jobId))
    .where(and(eq(jobPhotos.id, photoId), eq(jobPhotos.jobId, jobId)));
  if (!row) throw notFound('Photo not found');
  assertMayView(user, row);
  const data = await deps.storage.read(row.photo.filename).catch(() => {
    throw notFound('Photo not found');
  });
  return { data, mimeType: row.photo.mimeType, originalName: row.photo.originalName };
}
