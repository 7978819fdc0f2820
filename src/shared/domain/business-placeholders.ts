import { formatDaysLong, formatDaysShort } from './business-hours';
import { formatPrice, type Cents } from './money';

/**
 * Stored text never holds a copy of a setting (docs/decisions/280-owner-settings-in-the-database.md,
 * docs/decisions/285-suburb-page-placeholders.md): a suburb page keeps these words where it shows
 * the business's name, phone and opening days, and every page render fills them from the
 * settings as they are then. The dashboard's preview fills them the same way.
 */
export const PLACEHOLDERS = {
  name: '{business}',
  phone: '{phone}',
  days: '{days}',
  daysShort: '{days-short}',
  prepaidDiscount: '{prepaid-discount}',
} as const;

/** What the placeholders are filled from: the business profile's name, phone and opening days, and the prepayment discount. */
export type PlaceholderBusiness = {
  name: string;
  phone: string;
  businessDays: readonly number[];
  prepaidDiscount: Cents;
};

/** The text as a visitor reads it: every placeholder replaced by the current setting. */
export function fillPlaceholders(text: string, business: PlaceholderBusiness): string {
  // Days first: '{days-short}' is not '{days}' followed by text, but filling the longer one first keeps that obvious.
  return text
    .replaceAll(PLACEHOLDERS.daysShort, formatDaysShort(business.businessDays))
    .replaceAll(PLACEHOLDERS.days, formatDaysLong(business.businessDays))
    .replaceAll(PLACEHOLDERS.name, business.name)
    .replaceAll(PLACEHOLDERS.phone, business.phone)
    .replaceAll(PLACEHOLDERS.prepaidDiscount, formatPrice(business.prepaidDiscount));
}

/** A name or phone shorter than this is too likely to be an ordinary word of the text to be replaced blindly. */
const SHORTEST_REPLACED = 5;

/**
 * The text as it is stored: each literal copy of a known name, phone or opening-days phrase becomes
 * its placeholder. `known` lists every value the text may hold a copy of (the current settings and
 * the environment's first-start values). Running it twice changes nothing the second time.
 */
export function withPlaceholders(text: string, known: readonly PlaceholderBusiness[]): string {
  let out = text;
  const longestFirst = (values: string[]) =>
    [...new Set(values.map((v) => v.trim()).filter((v) => v.length >= SHORTEST_REPLACED))].sort(
      (a, b) => b.length - a.length,
    );
  for (const name of longestFirst(known.map((k) => k.name))) out = out.replaceAll(name, PLACEHOLDERS.name);
  for (const phone of longestFirst(known.map((k) => k.phone))) out = out.replaceAll(phone, PLACEHOLDERS.phone);
  // A discount only where the text offers it ("save $30", "Save $30 prepaid"): other amounts are ordinary text.
  for (const discount of new Set(known.map((k) => formatPrice(k.prepaidDiscount)))) {
    out = out.replace(
      new RegExp(`(?<=\\b[Ss]ave )${escapeRegExp(discount)}(?!\\d|\\.\\d)`, 'g'),
      PLACEHOLDERS.prepaidDiscount,
    );
  }
  // Opening days only where the generated sentences put them ("Monday to Friday, 8am", "Mon-Fri 8am-4pm"): a day's name alone is ordinary text.
  for (const k of known) {
    if (k.businessDays.length === 0) continue;
    const long = formatDaysLong(k.businessDays);
    const short = formatDaysShort(k.businessDays);
    out = out.replace(new RegExp(`${escapeRegExp(long)}(?=(, | between )\\d)`, 'g'), PLACEHOLDERS.days);
    out = out.replace(new RegExp(`${escapeRegExp(short)}(?= \\d)`, 'g'), PLACEHOLDERS.daysShort);
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Ends a sentence after a configured name: "Mobile Tyre & Battery Co." already carries its stop, so
 * adding one would print "Co.." (the default name of docs/product.md "The business").
 */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}
