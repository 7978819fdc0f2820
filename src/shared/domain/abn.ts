/**
 * The Australian Business Number check (the ATO's published check-digit rule): take 1 from the
 * first digit, weight the 11 digits 10, 1, 3, 5, ..., 19, and the sum divides by 89.
 */
const WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The 11 digits of a written ABN (spaces allowed), or null when it is not 11 digits. */
function abnDigits(written: string): number[] | null {
  const compact = written.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(compact)) return null;
  return [...compact].map(Number);
}

export function isValidAbn(written: string): boolean {
  const digits = abnDigits(written);
  if (!digits) return false;
  const sum = digits.reduce((total, digit, i) => total + (i === 0 ? digit - 1 : digit) * WEIGHTS[i]!, 0);
  return sum % 89 === 0;
}

/**
 * The first start's placeholder ABN: pages and invoices print it until the owner types theirs; the
 * settings form shows it blank, as "not set yet", and never checks it as the owner's own.
 */
export const ABN_NOT_SET = '00 000 000 000';

/** Blank, or the placeholder's eleven zeros however spaced. */
export function isAbnNotSet(written: string): boolean {
  const compact = written.replace(/\s+/g, '');
  return compact === '' || compact === '00000000000';
}

/** "51824753556" as the ATO prints it: "51 824 753 556". */
export function formatAbn(written: string): string {
  const compact = written.replace(/\s+/g, '');
  return /^\d{11}$/.test(compact)
    ? `${compact.slice(0, 2)} ${compact.slice(2, 5)} ${compact.slice(5, 8)} ${compact.slice(8)}`
    : written.trim();
}
