/** Integer cents: no floating-point sums (decision 003). */
export type Cents = number;

const MONEY_RE = /^-?\d+(\.\d{1,2})?$/;
const PLAIN_NUMBER_RE = /^(-?)(\d+)(?:\.(\d+))?$/;
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

export function isMoneyString(s: string): boolean {
  return MONEY_RE.test(s);
}

/** Exact decimal-string to cents; `digits` may be longer than 2 only for number input (rounded half away from zero). */
function decimalToCents(sign: string, whole: string, digits: string): Cents {
  const frac = (digits + '000').slice(0, 3);
  let cents = Number(whole) * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) throw new NotMoneyError();
  return sign === '-' && cents !== 0 ? -cents : 0 + cents;
}

/** A decimal string with at most 2 places, or a number converted to 2 places (docs/product.md "API conventions"). */
export function toCents(value: string | number): Cents {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new NotMoneyError();
    // String(1.005) === '1.005', so rounding the decimal text avoids 1.005 * 100 === 100.49999...
    const m = PLAIN_NUMBER_RE.exec(String(value));
    if (m) return decimalToCents(m[1] ?? '', m[2] ?? '0', m[3] ?? '');
    const cents = Math.round(value * 100); // exponent notation: tiny or huge values
    if (!Number.isSafeInteger(cents)) throw new NotMoneyError();
    return cents === 0 ? 0 : cents;
  }
  if (typeof value !== 'string') throw new NotMoneyError();
  const s = value.trim();
  if (!isMoneyString(s)) throw new NotMoneyError();
  const m = PLAIN_NUMBER_RE.exec(s);
  if (!m) throw new NotMoneyError();
  return decimalToCents(m[1] ?? '', m[2] ?? '0', m[3] ?? '');
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

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((acc, v) => acc + v, 0);
}
