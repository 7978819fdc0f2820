import { z } from 'zod';
import { formatCents, MONEY_MESSAGE, parseMoney, type Cents } from '../domain/money';

export { parseMoney };
import { isIsoDay } from '../domain/perth-time';
import { isPlausiblePhone } from '../domain/contact-checks';

/**
 * The field rules every schema is built from (docs/product.md "API conventions"): money, days,
 * text, ids and whole numbers. One rule each, so a value means the same on every form and route.
 */

export const PHONE_MESSAGE = 'Valid phone number required';

/**
 * The one phone rule (decision 173): an Australian number as people write it, ten digits from 02,
 * 03, 04, 07 or 08 (or +61 for the 0), or another country's with its + code, spaces allowed;
 * anything else is refused with one message. Texts go to Australian mobiles only (phone.ts).
 * Every phone a person types (public and staff bookings, the manage link, the business profile)
 * is this field.
 */
export const phoneField = z
  .string({ message: PHONE_MESSAGE })
  .trim()
  .min(10, PHONE_MESSAGE)
  .max(20, PHONE_MESSAGE)
  .refine(isPlausiblePhone, PHONE_MESSAGE);

/** What a `numeric(10,2)` column holds: the ceiling of every amount, line, invoice, bill and expense. */
export const MONEY_MAX_CENTS: Cents = 9_999_999_999;
export const DATE_MESSAGE = 'Invalid date format';
/** Days outside these years are typing mistakes, not business dates (decision 256). */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;

type MoneyOptions = {
  /** Negative amounts allowed (an invoice line's discount). Default false. */
  signed?: boolean;
  /** Lowest amount in cents (default 0, or -MONEY_MAX_CENTS when signed). */
  min?: Cents;
  /** Highest amount in cents (default MONEY_MAX_CENTS). */
  max?: Cents;
  /** Message when below `min`; default the money message. */
  minMessage?: string;
  /** Message when above `max`; default names the cap. */
  maxMessage?: string;
  /** Message when the value is not money at all. */
  message?: string;
};

/** "$99,999,999.99" for messages. */
function dollars(c: Cents): string {
  const [whole, frac] = formatCents(Math.abs(c)).split('.');
  return `${c < 0 ? '-' : ''}$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/**
 * A money input (string or number) that travels on as a two-decimal string ("12.50"), within its
 * column's range. Every money field of every schema is one of these.
 */
export function money(options: MoneyOptions = {}) {
  const { signed = false, max = MONEY_MAX_CENTS, message = MONEY_MESSAGE } = options;
  const min = options.min ?? (signed ? -MONEY_MAX_CENTS : 0);
  return z.union([z.string(), z.number()], { message }).transform((v, ctx) => {
    const cents = parseMoney(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (cents < min) {
      ctx.addIssue({ code: 'custom', message: options.minMessage ?? message });
      return z.NEVER;
    }
    if (cents > max) {
      ctx.addIssue({ code: 'custom', message: options.maxMessage ?? `Must be at most ${dollars(max)}` });
      return z.NEVER;
    }
    return formatCents(cents);
  });
}

/** A real calendar day, yyyy-MM-dd, between 1900 and 2100: 2026-02-30 and year 0000 are refused here, not by the database. */
export function isBusinessDay(text: string): boolean {
  if (!isIsoDay(text)) return false;
  const year = Number(text.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** A required day (yyyy-MM-dd, trimmed). */
export const day = (requiredMessage: string = DATE_MESSAGE) =>
  z
    .string({ message: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isBusinessDay, { message: DATE_MESSAGE });

/** An optional day: absent stays absent (an edit leaves it alone), empty or null becomes null (cleared). */
export const optionalDay = () =>
  z
    .union([z.string(), z.null()], { message: DATE_MESSAGE })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || v === undefined || isBusinessDay(v), { message: DATE_MESSAGE });

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
export const stripControls = (v: string) => v.replace(CONTROLS, '');
export const stripControlsKeepLines = (v: string) => v.replace(/\r\n?/g, '\n').replace(CONTROLS_BUT_LINES, '');
export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** One line of text: control characters dropped, trimmed, at most `max` characters; `requiredMessage` makes it required. */
export const oneLineText = (label: string, max: number, requiredMessage?: string) => {
  const base = z
    .string(requiredMessage ? { message: requiredMessage } : undefined)
    .overwrite(stripControls)
    .trim();
  return (requiredMessage ? base.min(1, requiredMessage) : base).max(max, tooLong(label, max));
};

/** Notes: several lines kept, other control characters dropped, trimmed, at most `max` characters. */
export const notes = (max: number, label = 'Notes') =>
  z.string().overwrite(stripControlsKeepLines).trim().max(max, tooLong(label, max));

/** Absent stays absent, empty or null becomes null: for optional text an edit may clear. */
export const blankToNull = (v: string | null | undefined): string | null | undefined =>
  v === undefined ? undefined : v ? v : null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a text is a row id: a malformed id is "not found", never a database error. */
export const isUuid = (v: string): boolean => UUID.test(v);
export const uuid = (message = 'Not found') => z.string({ message }).refine(isUuid, { message });

/**
 * A whole number from a form or a query: decimal digits only (`"0x10"`, `"1e3"` and `" "` are not
 * numbers), within `min`..`max`. `message`, when given, is the one refusal for every case (a form
 * that already words it, e.g. "Quantity must be between 1 and 4").
 */
export const wholeNumber = (label: string, min: number, max: number, message?: string) => {
  const notWhole = message ?? `${label} must be a whole number`;
  // Text first: a form's resolver shows the first branch's issue, which for typed text must be this rule's.
  return z
    .union(
      [
        z
          .string()
          .trim()
          .regex(/^-?\d{1,9}$/, notWhole)
          .transform(Number),
        z.number(),
      ],
      { message: notWhole },
    )
    .pipe(
      z
        .number()
        .int(notWhole)
        .min(min, message ?? `${label} must be at least ${min}`)
        .max(max, message ?? `${label} must be at most ${max}`),
    );
};

/** A page number of a paged list (docs/product.md "API conventions"): 1 when absent. */
export const pageQuery = () => wholeNumber('Page', 1, 100_000).default(1);
/** Rows per page of a paged list: at most 100, 25 when absent. */
export const pageSizeQuery = () => wholeNumber('Page size', 1, 100).default(25);
