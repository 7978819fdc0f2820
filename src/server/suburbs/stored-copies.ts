import { eq } from 'drizzle-orm';
import { businessHoursOf } from '../../shared/domain/business-hours';
import { PLACEHOLDERS, withPlaceholders, type PlaceholderBusiness } from '../../shared/domain/business-placeholders';
import { findSuburbByName, SERVICE_AREA } from '../../shared/reference/service-area';
import type { Executor } from '../db/client';
import { suburbLandingPages } from '../db/schema';
import type { Settings } from '../settings/store';
import { buildLandingPage, type LandingBusiness } from './landing-content';

/**
 * No stored copy of a setting (docs/decisions/285-suburb-page-placeholders.md): pages written before
 * placeholders existed carry the business's name, phone and opening days as text. These functions
 * turn such copies back into placeholders; running them again changes nothing.
 */

/** The settings a page's placeholders stand for: the business profile's name, phone and days, and the prepayment discount. */
export function placeholderValuesOf(settings: Pick<Settings, 'business' | 'fees'>): PlaceholderBusiness {
  const { name, phone, businessDays } = settings.business;
  return { name, phone, businessDays, prepaidDiscount: settings.fees.prepaidDiscount };
}

/** The business as the page generator measures it (titles and descriptions must fit once filled). */
export function landingBusinessOf(values: PlaceholderBusiness): LandingBusiness {
  return {
    name: values.name,
    phone: values.phone,
    hours: businessHoursOf(values.businessDays),
    prepaidDiscount: values.prepaidDiscount,
  };
}

const TOKENS = Object.values(PLACEHOLDERS).sort((a, b) => b.length - a.length);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `text` is `template` with its placeholders filled by anything (an old phone number, a name
 * the environment once had): then the template is the text as it should be stored.
 */
export function fillsTemplate(text: string, template: string): boolean {
  if (!TOKENS.some((t) => template.includes(t))) return false;
  const pattern = escape(template).replace(new RegExp(TOKENS.map(escape).map(escape).join('|'), 'g'), '(.{1,120}?)');
  return new RegExp(`^${pattern}$`, 's').test(text);
}

type StoredWords = { metaTitle: string; metaDescription: string; content: string };

/**
 * A page's words as they should be stored: a generated page that holds any values where its
 * placeholders go is the generated page again; anything else (written by hand) has each copy of a
 * known value replaced.
 */
export function storedForm(
  suburb: string,
  words: StoredWords,
  business: PlaceholderBusiness,
  known: readonly PlaceholderBusiness[],
): StoredWords {
  const ref = findSuburbByName(suburb);
  const generated = ref ? buildLandingPage(ref, SERVICE_AREA, landingBusinessOf(business)) : undefined;
  const one = (field: keyof StoredWords) =>
    generated && fillsTemplate(words[field], generated[field])
      ? generated[field]
      : withPlaceholders(words[field], known);
  return { metaTitle: one('metaTitle'), metaDescription: one('metaDescription'), content: one('content') };
}

/** Rewrites every stored page that holds a copy of the business's name, phone, opening days or discount; the count it changed. */
export async function replaceStoredCopies(
  exec: Executor,
  business: PlaceholderBusiness,
  known: readonly PlaceholderBusiness[],
): Promise<number> {
  const rows = await exec
    .select({
      id: suburbLandingPages.id,
      suburb: suburbLandingPages.suburb,
      metaTitle: suburbLandingPages.metaTitle,
      metaDescription: suburbLandingPages.metaDescription,
      content: suburbLandingPages.content,
    })
    .from(suburbLandingPages);
  let changed = 0;
  for (const row of rows) {
    const next = storedForm(row.suburb, row, business, known);
    if (
      next.metaTitle === row.metaTitle &&
      next.metaDescription === row.metaDescription &&
      next.content === row.content
    )
      continue;
    await exec.update(suburbLandingPages).set(next).where(eq(suburbLandingPages.id, row.id));
    changed++;
  }
  return changed;
}
