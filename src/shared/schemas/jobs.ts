import { z } from 'zod';
import { JOB_STATUSES } from '../domain/job-status';
import { PAYMENT_METHODS, PAYMENT_STATUSES, SERVICE_TYPES } from '../domain/services';
import { TIME_SLOTS } from '../domain/slots';

/** A job with its customer, vehicle and photos: GET /api/dashboard/jobs/{id}. */
export const jobWithDetails = z.object({
  id: z.string(),
  jobNumber: z.string(),
  customerId: z.string(),
  vehicleId: z.string().nullable(),
  assignedTechnicianId: z.string().nullable(),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(JOB_STATUSES),
  scheduledDate: z.string(),
  scheduledDay: z.string(),
  timeSlot: z.enum(TIME_SLOTS),
  address: z.string(),
  suburb: z.string(),
  postcode: z.string(),
  tyreSize: z.string().nullable(),
  tyreQuantity: z.number().nullable(),
  tyreBrand: z.string().nullable(),
  notes: z.string().nullable(),
  customerValue: z.string().nullable(),
  originalCustomerValue: z.string().nullable(),
  purchaseCost: z.string().nullable(),
  purchaseInvoice: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentFlag: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  inProgressAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  invoicedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  vehicle: z.object({ make: z.string(), model: z.string(), year: z.number(), registration: z.string(), color: z.string().nullable() }).nullable(),
  photos: z.array(z.object({ id: z.string(), type: z.string(), originalName: z.string() })),
});
export type JobWithDetails = z.infer<typeof jobWithDetails>;
