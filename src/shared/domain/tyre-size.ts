// 3-digit width, 2-digit profile, optional R/ZR, 2-digit rim; spaces, "/" and case are loose.
const SIZE_RE = /^(\d{3})\s*[/\s-]?\s*(\d{2})\s*(?:Z?R)?\s*(\d{2})$/;

/** Sizes are looked up normalised as `205/55R16`, spaces and case ignored (docs/product.md "Prices and fees"). */
export function normaliseTyreSize(input: string): string | null {
  const m = SIZE_RE.exec(input.trim().toUpperCase());
  if (!m) return null;
  return `${m[1]}/${m[2]}R${m[3]}`;
}

/** Tyre size inputs take at most 3/2/2 digits: width, profile, rim (docs/product.md "Limits"). */
export const TYRE_SIZE_DIGITS = { tyreWidth: 3, aspectRatio: 2, rimSize: 2 } as const;
export type TyreSizePart = keyof typeof TYRE_SIZE_DIGITS;

export function formatTyreSize(width: string, profile: string, rim: string): string | null {
  const w = width.trim();
  const p = profile.trim();
  const r = rim.trim();
  if (!/^\d{1,3}$/.test(w) || !/^\d{1,2}$/.test(p) || !/^\d{1,2}$/.test(r)) return null;
  return `${w}/${p}R${r}`;
}
