import { z } from 'zod';
import { MESSAGE_LABELS } from '../domain/settings';
import { wholeNumber } from './fields';

/**
 * Settings, "Messages to customers" (docs/decisions/365-messages-to-customers-setting.md): when the
 * automated reminders and review requests go, and which kinds go at all. The dashboard's form and
 * the server read this one schema, so a refusal carries the words the form shows.
 */
/** Automated messages go between 8 am and 8 pm Perth (docs/decisions/366-automated-messages-once-and-in-hours.md), so the set time must be inside them. */
export const REMINDER_TIME_MESSAGE = 'Reminder time must be between 08:00 and 19:59 (24-hour time, Perth)';
export const REVIEW_DELAY_MAX_HOURS = 72;
export const REVIEW_DELAY_MESSAGE = `Hours after payment must be a whole number from 1 to ${REVIEW_DELAY_MAX_HOURS}`;

const reminderTime = z
  .string({ message: REMINDER_TIME_MESSAGE })
  .trim()
  .regex(/^(0[89]|1\d):[0-5]\d$/, REMINDER_TIME_MESSAGE);

export const messagesForm = z.object({
  remindersOn: z.boolean({ message: `${MESSAGE_LABELS.remindersOn} must be yes or no` }),
  reminderTime,
  reviewRequestsOn: z.boolean({ message: `${MESSAGE_LABELS.reviewRequestsOn} must be yes or no` }),
  reviewDelayHours: wholeNumber(MESSAGE_LABELS.reviewDelayHours, 1, REVIEW_DELAY_MAX_HOURS, REVIEW_DELAY_MESSAGE),
  returnVisitsOn: z.boolean({ message: `${MESSAGE_LABELS.returnVisitsOn} must be yes or no` }),
} satisfies Record<keyof typeof MESSAGE_LABELS, z.ZodType>);
export type MessagesForm = z.input<typeof messagesForm>;

export const messagesView = z.object({
  remindersOn: z.boolean(),
  reminderTime: z.string(),
  reviewRequestsOn: z.boolean(),
  reviewDelayHours: z.number().int(),
  returnVisitsOn: z.boolean(),
});
export type MessagesView = z.infer<typeof messagesView>;
