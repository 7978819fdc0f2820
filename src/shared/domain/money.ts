/** Integer cents: no floating-point sums (decision 003). */
export type Cents = number;

/** The one message for money that is not a decimal amount (docs/product.md "API conventions"). */
export const MONEY_MESSAGE = 'Must be a valid decimal amount';

/**
 * An input that is not money. It carries a 400 status, so one that escapes a service (a converter
 * called on a request's value the schema let through) answers 400 with the money message, not 500.
 */
export class NotMoneyError extends Error {
  readonly statusCode = 400;
  constructor() {
    super(MONEY_MESSAGE);
  }
}

const MONEY_TEXT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Exact cents of a money input, or null when it is not money: a decimal string with at most two
 * places (trimmed), or a finite number rounded half away from zero to two places. `1.005` as text,
 * `1e21`, `NaN`, blank text and anything beyond a safe integer of cents are not money.
 */
export function parseMoney(value: unknown): Cents | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // The shortest decimal text, rounded, not value * 100 (1.005 * 100 is 100.49999...). Only numbers
    // too small to be a cent (1e-7) or too large to be money (1e21) print with an exponent.
    const text = String(value);
    if (/e/i.test(text)) return Math.abs(value) < 0.005 ? 0 : null;
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (!m) return null;
    const digits = ((m[3] ?? '') + '000').slice(0, 3);
    let cents = Number(m[2]) * 100 + Number(digits.slice(0, 2));
    if (Number(digits[2]) >= 5) cents += 1;
    if (!Number.isSafeInteger(cents)) return null;
    return m[1] === '-' && cents !== 0 ? -cents : cents;
  }
  if (typeof value !== 'string') return null;
  const m = MONEY_TEXT.exec(value.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number(((m[3] ?? '') + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] === '-' && cents !== 0 ? -cents : cents;
}

/** A decimal string with at most 2 places, or a number converted to 2 places (docs/product.md "API conventions"). */
export function toCents(value: string | number): Cents {
  const cents = parseMoney(value);
  if (cents === null) throw new NotMoneyError();
  return cents;
}

function split(c: Cents): { sign: string; whole: string; frac: string } {
  if (!Number.isSafeInteger(c)) throw new Error(`Not an integer cents amount: ${c}`);
  const abs = Math.abs(c);
  return {
    sign: c < 0 ? '-' : '',
    whole: String(Math.floor(abs / 100)),
    frac: String(abs % 100).padStart(2, '0'),
  };
}

/** API decimal string: "129.80", "-5.00". */
export function formatCents(c: Cents): string {
  const { sign, whole, frac } = split(c);
  return `${sign}${whole}.${frac}`;
}

/** Display string: "$1,234.50", "-$5.00". */
export function formatDollars(c: Cents): string {
  const { sign, whole, frac } = split(c);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${grouped}.${frac}`;
}

/** A price as a headline states it: "$30", "$40", "$30.50" (whole dollars without cents). */
export function formatPrice(c: Cents): string {
  const shown = formatDollars(c);
  return shown.endsWith('.00') ? shown.slice(0, -3) : shown;
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((acc, v) => acc + v, 0);
}
