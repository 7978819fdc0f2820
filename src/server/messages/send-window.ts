/**
 * When an automated message may go out: between 8 am and 8 pm Perth time only; one due outside
 * that window waits for the next 8 am (docs/decisions/362-sms-channel.md). Used by SMS and email
 * alike. The confirmation of a booking just made is not automated and goes at once.
 */

// Perth is UTC+8 all year (no daylight saving), so plain UTC arithmetic is exact in any process TZ.
const PERTH_OFFSET_MS = 8 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** First Perth hour automated messages may go (8 am). */
export const SEND_WINDOW_START_HOUR = 8;
/** Perth hour from which they wait for the next morning (8 pm). */
export const SEND_WINDOW_END_HOUR = 20;

/** Whether `now` is within 8 am (inclusive) to 8 pm (exclusive), Perth time. */
export function isWithinSendWindow(now: Date): boolean {
  const perthMsIntoDay = (((now.getTime() + PERTH_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  return perthMsIntoDay >= SEND_WINDOW_START_HOUR * HOUR_MS && perthMsIntoDay < SEND_WINDOW_END_HOUR * HOUR_MS;
}

/** `now` when within the window, otherwise the next 8 am Perth. */
export function nextSendTime(now: Date): Date {
  if (isWithinSendWindow(now)) return new Date(now.getTime());
  const perth = now.getTime() + PERTH_OFFSET_MS;
  const perthMidnight = perth - (((perth % DAY_MS) + DAY_MS) % DAY_MS);
  let opensAt = perthMidnight + SEND_WINDOW_START_HOUR * HOUR_MS;
  // After 8 pm, this Perth day's 8 am has passed: the next one is tomorrow's.
  if (opensAt <= perth) opensAt += DAY_MS;
  return new Date(opensAt - PERTH_OFFSET_MS);
}
