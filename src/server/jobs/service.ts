import { and, asc, eq } from 'drizzle-orm';
import type { JobWithDetails } from '../../shared/schemas/jobs';
import type { AppDeps } from '../deps';
import { customers, jobPhotos, jobs, vehicles } from '../db/schema';
import type { SessionUser } from '../http/access';
import { forbidden, notFound } from '../http/errors';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const JOB_NOT_FOUND = 'Job not found';
export const NOT_YOUR_JOB = 'This job is not assigned to you.';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A technician sees only jobs assigned to them (docs/product.md "Roles and permissions"). */
function assertMayView(user: SessionUser, job: { assignedTechnicianId: string | null }): void {
  if (user.role !== 'admin' && job.assignedTechnicianId !== user.id) throw forbidden(NOT_YOUR_JOB);
}

/** A job with its customer, vehicle and photos, for the job detail. */
export async function getJobWithDetails(deps: Pick<AppDeps, 'db'>, user: SessionUser, jobId: string): Promise<JobWithDetails> {
  if (!UUID_RE.test(jobId)) throw notFound(JOB_NOT_FOUND);
  const [row] = await deps.db
    .select({ job: jobs, customer: { name: customers.name, phone: customers.phone, email: customers.email }, vehicle: vehicles })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .where(eq(jobs.id, jobId));
  if (!row) throw notFound(JOB_NOT_FOUND);
  assertMayView(user, row.job);
  const photos = await deps.db
    .select({ id: jobPhotos.id, type: jobPhotos.type, originalName: jobPhotos.originalName })
    .from(jobPhotos)
    .where(eq(jobPhotos.jobId, jobId))
    .orderBy(asc(jobPhotos.uploadedAt), asc(jobPhotos.id));
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
    vehicle: row.vehicle ? { make: row.vehicle.make, model: row.vehicle.model, year: row.vehicle.year, registration: row.vehicle.registration, color: row.vehicle.color } : null,
    photos,
  };
}

/** A job photo for signed-in staff only: photos are never served to the public (decision 133). */
export async function readJobPhoto(deps: Pick<AppDeps, 'db' | 'storage'>, user: SessionUser, jobId: string, photoId: string) {
  if (!UUID_RE.test(jobId) || !UUID_RE.test(photoId)) throw notFound('Photo not found');
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
