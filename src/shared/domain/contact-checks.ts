/**
 * Plausibility checks for the contact details a customer gives the public booking (decision 173).
 * The product's messages stay (docs/product.md "Messages the UI shows"); these only stop nonsense
 * such as a phone of letters or a one-letter name.
 */

/**
 * An Australian phone number as people write it: digits and spaces, optionally starting with +61
 * instead of the leading 0. Mobiles (04), and landlines with an area code (02, 03, 07, 08), ten
 * digits in all: "0412 345 678", "08 5550 1234", "+61 412 345 678".
 */
export function isPlausibleAustralianPhone(value: string): boolean {
  const written = value.trim();
  if (!/^(\+61)?[\d ]+$/.test(written)) return false;
  const digits = written.replace(/ /g, '');
  const national = digits.startsWith('+61') ? `0${digits.slice(3)}` : digits;
  return /^0[23478]\d{8}$/.test(national);
}

/**
 * A number of another country, written with + and its country code as people give it to a business
 * abroad ("+64 21 123 4567"): 8 to 15 digits in all (E.164), a country code not starting with 0, and
 * not Australia's, whose numbers follow the rule above. Visitors in a hire car get a flat tyre too.
 */
export function isPlausibleOverseasPhone(value: string): boolean {
  const written = value.trim();
  if (!/^\+[1-9][\d ]+$/.test(written) || written.startsWith('+61')) return false;
  return /^\d{8,15}$/.test(written.slice(1).replace(/ /g, ''));
}

/** The one phone rule: an Australian number, or another country's written with its + code (decision 173). */
export function isPlausiblePhone(value: string): boolean {
  return isPlausibleAustralianPhone(value) || isPlausibleOverseasPhone(value);
}

/** A name has at least two letters, in any alphabet ("Jo", "Zoë", "李明"); "J" or "1." does not. */
export function hasTwoLetters(name: string): boolean {
  return (name.match(/\p{L}/gu) ?? []).length >= 2;
}
