import { z } from 'zod';
import { TIME_SLOTS } from '../domain/slots';
import { day, oneLineText } from './fields';

/**
 * A technician's roster (docs/decisions/310-technician-rosters-and-leave.md): the weekdays they
 * work, ISO numbered (1 = Monday .. 7 = Sunday), and their leave, first to last day inclusive.
 * The form and the server check it with these same schemas.
 */
export const WEEKDAY_NAMES: Readonly<Record<number, string>> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

export const NO_WORKING_DAY_MESSAGE = 'Choose at least one working day';
export const LEAVE_ORDER_MESSAGE = 'The last day of leave cannot be before the first';
export const LEAVE_REASON_MESSAGE = 'Give a reason for the leave';
const MAX_LEAVE_PERIODS = 100;

/** ISO weekday (1 = Monday .. 7 = Sunday) to the business-days numbering (0 = Sunday .. 6 = Saturday). */
export const isoToBusinessDay = (iso: number): number => iso % 7;
/** The business-days numbering (0 = Sunday) to ISO (7 = Sunday). */
export const businessDayToIso = (weekday: number): number => (weekday === 0 ? 7 : weekday);

/** "Sunday is not a day the business opens", the one refusal of a working day on a closed weekday. */
export const closedWorkingDayMessage = (iso: number) =>
  `${WEEKDAY_NAMES[iso] ?? 'That day'} is not a day the business opens`;

const WEEKDAY_MESSAGE = 'A working day must be a weekday number from 1 (Monday) to 7 (Sunday)';
const weekday = z
  .number({ message: WEEKDAY_MESSAGE })
  .int(WEEKDAY_MESSAGE)
  .min(1, WEEKDAY_MESSAGE)
  .max(7, WEEKDAY_MESSAGE);

const leavePeriod = z
  .object({
    from: day('Choose the first day of leave'),
    to: day('Choose the last day of leave'),
    reason: oneLineText('Reason', 120, LEAVE_REASON_MESSAGE),
  })
  .refine((l) => l.to >= l.from, { path: ['to'], message: LEAVE_ORDER_MESSAGE });
export type LeavePeriod = z.output<typeof leavePeriod>;

export const rosterRequest = z.object({
  workingDays: z
    .array(weekday, { message: NO_WORKING_DAY_MESSAGE })
    .min(1, NO_WORKING_DAY_MESSAGE)
    .max(7, 'A week has seven days')
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  leave: z
    .array(leavePeriod, { message: 'Leave must be a list of periods' })
    .max(MAX_LEAVE_PERIODS, `At most ${MAX_LEAVE_PERIODS} leave periods`),
});

export const technicianIdParams = z.object({ id: z.string().max(64) });

/** A live job of the technician that falls on their leave or a day they do not work. */
const jobToReassign = z.object({
  id: z.string(),
  jobNumber: z.string(),
  day: z.string(),
  slot: z.enum(TIME_SLOTS),
  why: z.enum(['leave', 'day-off']),
});
export type JobToReassign = z.infer<typeof jobToReassign>;

export const roster = z.object({
  technicianId: z.string(),
  username: z.string(),
  workingDays: z.array(z.number().int()),
  leave: z.array(z.object({ id: z.string(), from: z.string(), to: z.string(), reason: z.string() })),
  /** The weekdays the business opens, ISO numbered: the only days a technician can be rostered on. */
  openDays: z.array(z.number().int()),
  jobsToReassign: z.array(jobToReassign),
});
export type Roster = z.infer<typeof roster>;
