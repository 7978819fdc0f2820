import { addDays, perthDay, perthMoment, perthWallClock } from '../../shared/domain/perth-time';

/**
 * When an automated message may go out: between 8 am and 8 pm Perth time only; one due outside
 * that window waits for the next 8 am (docs/decisions/362-sms-channel.md). Used by SMS and email
 * alike. The confirmation of a booking just made is not automated and goes at once.
 */

/** First Perth hour automated messages may go (8 am). */
export const SEND_WINDOW_START_HOUR = 8;
/** Perth hour from which they wait for the next morning (8 pm). */
export const SEND_WINDOW_END_HOUR = 20;

/** Whether `now` is within 8 am (inclusive) to 8 pm (exclusive), Perth time. */
export function isWithinSendWindow(now: Date): boolean {
  const { hour } = perthWallClock(now);
  return hour >= SEND_WINDOW_START_HOUR && hour < SEND_WINDOW_END_HOUR;
}

/** `now` when within the window, otherwise the next 8 am Perth. */
export function nextSendTime(now: Date): Date {
  if (isWithinSendWindow(now)) return new Date(now.getTime());
  const today = perthDay(now);
  const opensToday = perthMoment(today, SEND_WINDOW_START_HOUR);
  // After 8 pm, this Perth day's 8 am has passed: the next one is tomorrow's.
  return opensToday > now ? opensToday : perthMoment(addDays(today, 1), SEND_WINDOW_START_HOUR);
}
