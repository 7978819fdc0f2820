import { z } from 'zod';
import { JOB_STATUSES } from '../domain/job-status';
import { compareDays } from '../domain/perth-time';
import { TIME_SLOTS } from '../domain/slots';
import { day, oneLineText, optionalDay, uuid } from './fields';

/**
 * The owner's closures ("away 23-27 Dec", docs/decisions/287-closures-in-the-business-calendar.md):
 * the form and the server read these schemas, so a refusal carries the words the form shows.
 */

export const CLOSURE_REASON_MAX = 120;
export const FIRST_DAY_REQUIRED = 'First day is required';
export const REASON_REQUIRED = 'Please give a reason for the closure';
export const LAST_BEFORE_FIRST = 'Last day cannot be before the first day';
export const CLOSURE_NOT_FOUND = 'Closure not found';

/** What to do with live jobs on the days being closed; absent means "ask me" (409 listing them). */
export const CLOSURE_JOB_CHOICES = ['keep', 'cancel'] as const;
export type ClosureJobChoice = (typeof CLOSURE_JOB_CHOICES)[number];

const lastNotBeforeFirst = (v: { firstDay: string; lastDay?: string | null }) =>
  !v.lastDay || compareDays(v.lastDay, v.firstDay) >= 0;
const lastIssue = { message: LAST_BEFORE_FIRST, path: ['lastDay'] };

const closureFields = z.object({
  firstDay: day(FIRST_DAY_REQUIRED),
  /** Empty or absent: the first day only. */
  lastDay: optionalDay(),
  reason: oneLineText('Reason', CLOSURE_REASON_MAX, REASON_REQUIRED),
});

/** The add form (the server checks the past and the horizon against its own Perth clock too). */
export const closureForm = closureFields.refine(lastNotBeforeFirst, lastIssue);

/** POST /api/dashboard/closures. */
export const createClosureRequest = closureFields
  .extend({ jobs: z.enum(CLOSURE_JOB_CHOICES, { message: "Jobs must be 'keep' or 'cancel'" }).optional() })
  .refine(lastNotBeforeFirst, lastIssue);
export type CreateClosureRequest = z.input<typeof createClosureRequest>;

export const closureListQuery = z.object({
  /** 'true' adds the closures that have ended, after the upcoming ones. */
  past: z.enum(['true', 'false'], { message: "Past must be 'true' or 'false'" }).optional(),
});

export const closureIdParams = z.object({ id: uuid(CLOSURE_NOT_FOUND) });

export const closure = z.object({
  id: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  reason: z.string(),
  /** "Away 23-27 Dec": how lists and the history name it. */
  label: z.string(),
  /** Live jobs still booked on these days (kept when the days were closed). */
  liveJobs: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Closure = z.infer<typeof closure>;

/** A live job on a day being closed, as the owner must see it before choosing. */
export const jobOnClosedDay = z.object({
  id: z.string(),
  jobNumber: z.string(),
  day: z.string(),
  slot: z.enum(TIME_SLOTS),
  customer: z.string(),
  status: z.enum(JOB_STATUSES),
});
export type JobOnClosedDay = z.infer<typeof jobOnClosedDay>;

/** 409 when the days hold live jobs and the request did not say what to do with them. */
export const closureJobsConflict = z.object({
  error: z.literal('CONFLICT'),
  message: z.string(),
  jobs: z.array(jobOnClosedDay),
});

export const closureCreated = z.object({
  closure,
  /** Job numbers kept on the closed days, or cancelled with the policy refund. */
  keptJobs: z.array(z.string()),
  cancelledJobs: z.array(z.string()),
});
export type ClosureCreated = z.infer<typeof closureCreated>;
