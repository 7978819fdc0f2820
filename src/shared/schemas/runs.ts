import { z } from 'zod';
import { JOB_STATUSES } from '../domain/job-status';
import { SERVICE_TYPES } from '../domain/services';
import { TIME_SLOTS } from '../domain/slots';
import { day } from './fields';

/** The technician whose run is asked for (an unknown or malformed id is a 404, not a 400). */
export const runParams = z.object({ id: z.string().max(64) });

/** `?date=yyyy-MM-dd`, a Perth day; absent means today in Perth. */
export const runQuery = z.object({ date: day().optional() });

/** One stop of a technician's day: what they need at the kerb, with nothing about money. */
export const runStop = z.object({
  jobId: z.string(),
  jobNumber: z.string(),
  timeSlot: z.enum(TIME_SLOTS),
  /** "8 am - 10 am". */
  window: z.string(),
  address: z.string(),
  suburb: z.string(),
  postcode: z.string(),
  /** The address as the map and the run sheet name it. */
  fullAddress: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  service: z.string(),
  tyreSize: z.string().nullable(),
  tyreQuantity: z.number().nullable(),
  tyreBrand: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
});
export type RunStop = z.infer<typeof runStop>;

/** A technician's day run (docs/product.md "Staff dashboard"; decision 315). */
export const dayRun = z.object({
  technician: z.object({ id: z.string(), username: z.string() }),
  date: z.string(),
  jobs: z.array(runStop),
  /** Google Maps directions through every stop in slot order; null on a day without stops. */
  directionsUrl: z.string().nullable(),
});
export type DayRun = z.infer<typeof dayRun>;
