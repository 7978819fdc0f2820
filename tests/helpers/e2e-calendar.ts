import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { perthDay } from '../../src/shared/domain/slots';

/**
 * The browser-test server's clock starts here (TEST_CLOCK_START) and runs on in real time:
 * Monday 23 November 2026, 07:00 in Perth, an hour before the first slot of a business day. No
 * browser test depends on the real date (decision 181).
 */
export const E2E_CLOCK_START = '2026-11-22T23:00:00.000Z';
export const E2E_TODAY = perthDay(new Date(E2E_CLOCK_START));

/** "Now" on the test server, given when it was launched (real ms). */
export function e2eNow(launchedAtMs: number, realNowMs = Date.now()): Date {
  return new Date(Date.parse(E2E_CLOCK_START) + (realNowMs - launchedAtMs));
}

/**
 * Browser test files in one worker share that worker's server and its bookings, so each books only on business days
 * of its own: file N gets the N-th block of DAYS_PER_FILE business days after E2E_TODAY. Five
 * blocks of 10 end in February 2027, inside the 90-day public booking horizon.
 */
const FILES = ['booking-wizard', 'booking-admin', 'checkout-simulated', 'staff-outbox', 'booking-wizard-phone'] as const;
export type E2eFile = (typeof FILES)[number];
const DAYS_PER_FILE = 10;

const businessDaysAfterToday: string[] = [];
for (let day = E2E_TODAY; businessDaysAfterToday.length < FILES.length * DAYS_PER_FILE; ) {
  day = nextBusinessDay(day);
  businessDaysAfterToday.push(day);
}

/** The file's own n-th business day (0-based, at most DAYS_PER_FILE - 1). */
export function bookingDaysOf(file: E2eFile): (n: number) => string {
  const first = FILES.indexOf(file) * DAYS_PER_FILE;
  return (n) => {
    if (!Number.isInteger(n) || n < 0 || n >= DAYS_PER_FILE) throw new Error(`${file} has business days 0-${DAYS_PER_FILE - 1}, not ${n}`);
    return businessDaysAfterToday[first + n]!;
  };
}
