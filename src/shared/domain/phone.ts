/**
 * Australian mobile numbers in the one form an SMS provider takes, E.164 (`+614XXXXXXXX`)
 * (docs/decisions/362-sms-channel.md). Customers write them many ways: "0412 345 678",
 * "+61 412 345 678", "61412345678", "(0412) 345-678". Landlines, short codes and foreign numbers
 * are not mobiles: they get no text message.
 */
export function australianMobile(value: string | null | undefined): string | null {
  if (!value) return null;
  const written = value.trim();
  // Only what people put between digits: spaces, dashes, dots, brackets, and one leading +.
  if (!/^\+?[\d\s\-.()]+$/.test(written)) return null;
  const digits = written.replace(/[^\d]/g, '');
  const international = written.startsWith('+') || digits.startsWith('61');
  let national: string;
  if (international) {
    if (!digits.startsWith('61')) return null;
    // "+61 (0)4..." keeps the trunk 0 some people write after the country code.
    national = digits.slice(2).replace(/^0(?=4)/, '');
  } else {
    if (!digits.startsWith('0')) return null;
    national = digits.slice(1);
  }
  return /^4\d{8}$/.test(national) ? `+61${national}` : null;
}

export function isAustralianMobile(value: string | null | undefined): boolean {
  return australianMobile(value) !== null;
}

/** "+61412345678" as people read it: "0412 345 678". */
export function formatAustralianMobile(e164: string): string {
  const m = /^\+614(\d{2})(\d{3})(\d{3})$/.exec(e164);
  return m ? `04${m[1]} ${m[2]} ${m[3]}` : e164;
}
