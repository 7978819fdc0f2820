import { nextBusinessDay } from '../../src/shared/domain/business-days';
import { perthDay } from '../../src/shared/domain/perth-time';

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
 * Today has four windows and one van, and three files need some of them: staff-slots takes the
 * latest two free ones, staff-day-run one and staff-offline one (its second job of today stacks in a
 * taken window with a second van for that moment). Nothing else may book today. The
 * offline day also keeps the next working day, whose last window belongs to staff-offline (the
 * wizard test and the settings test use its first two, staff-tyres its third).
 */
export const NEXT_WORKING_DAY_WINDOW = { day: nextBusinessDay(E2E_TODAY), slot: '2-4 PM' } as const;

/**
 * Browser test files in one worker share that worker's server and its bookings, so each books only
 * business days of its own: the blocks below, one after another from the day after E2E_TODAY, in
 * this order. This list is the one place a file's days are given out; a file that books fixed days
 * of its own would sooner or later meet another file's block (a closure counting a stranger's job).
 * The last block ends in mid-February 2027, inside the public 90-day booking horizon.
 */
const BLOCKS = {
  'booking-wizard': 11,
  'booking-admin': 10,
  'checkout-simulated': 8,
  'checkout-pay-later': 2,
  'staff-outbox': 10,
  'booking-wizard-phone': 3,
  'staff-closures': 2,
  'staff-jobs': 8,
  'staff-slots': 2,
  'manage-booking': 2,
  'book-again': 2,
} as const;
export type E2eFile = keyof typeof BLOCKS;

const businessDaysAfterToday: string[] = [];
const total = Object.values(BLOCKS).reduce((sum, n) => sum + n, 0);
for (let day = E2E_TODAY; businessDaysAfterToday.length < total; ) {
  day = nextBusinessDay(day);
  businessDaysAfterToday.push(day);
}

/** The file's own n-th business day (0-based, fewer than its block's size). */
export function bookingDaysOf(file: E2eFile): (n: number) => string {
  const files = Object.keys(BLOCKS) as E2eFile[];
  const first = files.slice(0, files.indexOf(file)).reduce((sum, f) => sum + BLOCKS[f], 0);
  return (n) => {
    if (!Number.isInteger(n) || n < 0 || n >= BLOCKS[file])
      throw new Error(`${file} has business days 0-${BLOCKS[file] - 1}, not ${n}`);
    return businessDaysAfterToday[first + n]!;
  };
}
