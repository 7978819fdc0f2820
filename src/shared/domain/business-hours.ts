import { DEFAULT_BUSINESS_DAYS } from './business-days';
import { SLOT_START_HOUR, TIME_SLOTS } from './slots';

/**
 * When the business works (docs/product.md "The business", "Time slots and business days"): the
 * days come from BUSINESS_DAYS (0 = Sunday), the hours from the time slots, so the hours every
 * page, email and the structured data show can never disagree with the slots on sale.
 */
export type BusinessHours = {
  /** Weekday numbers, 0 = Sunday ... 6 = Saturday. */
  days: number[];
  /** Perth hour the first slot starts. */
  opensHour: number;
  /** Perth hour the last slot ends. */
  closesHour: number;
};

/** Every slot is a 2-hour arrival window. */
const SLOT_LENGTH_HOURS = 2;
const FIRST_SLOT = TIME_SLOTS[0];
const LAST_SLOT = TIME_SLOTS[TIME_SLOTS.length - 1]!;

export function businessHoursOf(days: readonly number[]): BusinessHours {
  return {
    days: [...days],
    opensHour: SLOT_START_HOUR[FIRST_SLOT],
    closesHour: SLOT_START_HOUR[LAST_SLOT] + SLOT_LENGTH_HOURS,
  };
}

/** Monday to Friday, 8am to 4pm. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = businessHoursOf(DEFAULT_BUSINESS_DAYS);

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const SCHEMA_DAY_CODES = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
/** The week as customers read it: Monday first, Sunday last. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** The days in week order, grouped into runs of consecutive days (Mon-Wed, Fri). */
function dayRuns(days: readonly number[]): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  for (const day of WEEK_ORDER) {
    if (days.includes(day)) {
      run.push(day);
    } else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

function joinWithAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "8am", "12pm", "4pm" */
export function formatHour(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}${hour < 12 || hour === 24 ? 'am' : 'pm'}`;
}

/** "Mon-Fri", "Mon-Wed, Fri", "Mon, Wed, Fri" */
export function formatDaysShort(days: readonly number[]): string {
  const name = (d: number) => DAY_NAMES[d]!.slice(0, 3);
  return dayRuns(days)
    .map((run) => (run.length === 1 ? name(run[0]!) : `${name(run[0]!)}-${name(run[run.length - 1]!)}`))
    .join(', ');
}

/** "Monday to Friday", "Monday to Wednesday and Friday", "Monday, Wednesday and Friday" */
export function formatDaysLong(days: readonly number[]): string {
  const name = (d: number) => DAY_NAMES[d]!;
  return joinWithAnd(
    dayRuns(days).map((run) =>
      run.length === 1 ? name(run[0]!) : `${name(run[0]!)} to ${name(run[run.length - 1]!)}`,
    ),
  );
}

/** The parts the pages put into their own sentences, and the two usual forms. */
export function describeBusinessHours(hours: BusinessHours) {
  const opens = formatHour(hours.opensHour);
  const closes = formatHour(hours.closesHour);
  const daysShort = formatDaysShort(hours.days);
  const daysLong = formatDaysLong(hours.days);
  return {
    daysShort,
    daysLong,
    opens,
    closes,
    /** "Mon-Fri 8am-4pm" */
    short: `${daysShort} ${opens}-${closes}`,
    /** "Monday to Friday, 8am to 4pm" */
    long: `${daysLong}, ${opens} to ${closes}`,
  };
}

const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** schema.org's two ways of saying the same hours, for the LocalBusiness structured data. */
export function openingHoursJsonLd(hours: BusinessHours) {
  const runs = dayRuns(hours.days);
  const range = `${hhmm(hours.opensHour)}-${hhmm(hours.closesHour)}`;
  const codes = runs.map((run) =>
    run.length === 1
      ? SCHEMA_DAY_CODES[run[0]!]
      : `${SCHEMA_DAY_CODES[run[0]!]}-${SCHEMA_DAY_CODES[run[run.length - 1]!]}`,
  );
  return {
    openingHoursSpecification: runs.length
      ? [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: runs.flat().map((d) => DAY_NAMES[d]),
            opens: hhmm(hours.opensHour),
            closes: hhmm(hours.closesHour),
          },
        ]
      : [],
    openingHours: codes.length ? `${codes.join(',')} ${range}` : '',
  };
}
