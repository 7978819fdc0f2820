/**
 * Builds the SEO landing page content for one suburb of the service area. Pure functions, no I/O:
 * the text is derived only from the curated suburb list (region, postcode, coordinates, the nearest
 * neighbouring suburbs, distance and direction from the Perth CBD) and from the business claims the
 * product makes (docs/product.md "The business"). Sentence templates are picked deterministically
 * from a hash of the suburb name so that pages for different suburbs do not read identically.
 */
import { describeBusinessHours, type BusinessHours } from '../../shared/domain/business-hours';
import { PLACEHOLDERS } from '../../shared/domain/business-placeholders';
import { formatPrice, type Cents } from '../../shared/domain/money';
import { suburbSlug, type Region, type ServiceSuburb } from '../../shared/reference/service-area';
import { corridorOf, DRIVING, type Compass, type Place } from './driving-context';

export type SuburbLandingPage = {
  suburb: string;
  slug: string;
  postcode: string;
  region: Region;
  metaTitle: string;
  metaDescription: string;
  content: string;
  isActive: boolean;
};

export type LandingBusiness = { name: string; phone: string; hours: BusinessHours; prepaidDiscount: Cents };

/** The business's words as a sentence uses them: the stored page holds placeholders, a visitor reads the settings. */
type Words = {
  name: string;
  phone: string;
  hoursLong: string;
  hoursShort: string;
  daysLong: string;
  opens: string;
  closes: string;
  discount: string;
};

function wordsOf(b: LandingBusiness): Words {
  const h = describeBusinessHours(b.hours);
  return {
    name: b.name,
    phone: b.phone,
    hoursLong: h.long,
    hoursShort: h.short,
    daysLong: h.daysLong,
    opens: h.opens,
    closes: h.closes,
    discount: formatPrice(b.prepaidDiscount),
  };
}

/** The same words as placeholders (docs/decisions/285-suburb-page-placeholders.md): the hours come from the slots, the days from the settings. */
function placeholderWords(b: LandingBusiness): Words {
  const h = describeBusinessHours(b.hours);
  return {
    name: PLACEHOLDERS.name,
    phone: PLACEHOLDERS.phone,
    hoursLong: `${PLACEHOLDERS.days}, ${h.opens} to ${h.closes}`,
    hoursShort: `${PLACEHOLDERS.daysShort} ${h.opens}-${h.closes}`,
    daysLong: PLACEHOLDERS.days,
    opens: h.opens,
    closes: h.closes,
    discount: PLACEHOLDERS.prepaidDiscount,
  };
}

/** Perth CBD reference point (Forrest Place / Wellington St area). */
export const PERTH_CBD = { lat: -31.9523, lng: 115.8613 } as const;

const META_TITLE_MAX = 60;
const META_DESCRIPTION_MAX = 160;

// ---------------------------------------------------------------------------------------------
// Geometry

const EARTH_RADIUS_KM = 6371;
const toRad = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b in degrees, 0 = north, clockwise. */
function bearingDeg(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const y = Math.sin(toRad(b.lng - a.lng)) * Math.cos(toRad(b.lat));
  const x =
    Math.cos(toRad(a.lat)) * Math.sin(toRad(b.lat)) -
    Math.sin(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.cos(toRad(b.lng - a.lng));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

const COMPASS: readonly Compass[] = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
];

function compassOf(bearing: number): Compass {
  return COMPASS[Math.round(bearing / 45) % 8] ?? 'north';
}

/** The `count` suburbs nearest to `suburb` by great-circle distance, excluding itself. */
export function nearbySuburbs(suburb: ServiceSuburb, all: readonly ServiceSuburb[], count = 5): ServiceSuburb[] {
  const self = suburbSlug(suburb.name);
  return all
    .filter((s) => suburbSlug(s.name) !== self)
    .map((s) => ({ s, d: distanceKm(suburb, s) }))
    .sort((x, y) => x.d - y.d || x.s.name.localeCompare(y.s.name))
    .slice(0, Math.max(0, count))
    .map((x) => x.s);
}

// ---------------------------------------------------------------------------------------------
// Deterministic variation

/** FNV-1a 32-bit hash, so template choice is stable across runs and machines. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function pick<T>(options: readonly T[], seed: string): T {
  const chosen = options[hash(seed) % options.length];
  if (chosen === undefined) throw new Error('pick() needs at least one option');
  return chosen;
}

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

// ---------------------------------------------------------------------------------------------
// Location facts

function distancePhrase(km: number, compass: Compass): string {
  if (km < 1.5) return 'right in the Perth CBD';
  if (km < 5) return `just ${compass} of the Perth CBD, only a few kilometres from the city centre`;
  const rounded = km < 30 ? Math.round(km) : Math.round(km / 5) * 5;
  return `about ${rounded} km ${compass} of the Perth CBD`;
}

function describe(suburb: ServiceSuburb, all: readonly ServiceSuburb[]): Place {
  const km = distanceKm(PERTH_CBD, suburb);
  const compass = compassOf(bearingDeg(PERTH_CBD, suburb));
  return {
    name: suburb.name,
    postcode: suburb.postcode,
    region: suburb.region,
    km,
    compass,
    distancePhrase: distancePhrase(km, compass),
    neighbours: nearbySuburbs(suburb, all, 5).map((s) => s.name),
  };
}

// ---------------------------------------------------------------------------------------------
// Paragraph templates

function intro(p: Place, b: Words): string {
  return pick(
    [
      `${b.name} brings mobile tyre fitting, puncture repair and battery service to ${p.name} ${p.postcode}. Our technicians come to your home or workplace with the tyres and equipment in the van, so there is no need to drive to a workshop on a flat or a failing battery.`,
      `Need new tyres, a puncture repaired or a new battery in ${p.name}? ${b.name} is a mobile service: we come to you anywhere in postcode ${p.postcode}, fit the tyres or battery on the spot and have you back on the road without a trip to the tyre shop.`,
      `Looking for a mobile tyre service in ${p.name} (${p.postcode})? ${b.name} fits new tyres, repairs punctures and replaces flat or failing batteries at your home, your work car park or wherever your car is parked.`,
      `${b.name} is the mobile tyre and battery service for ${p.name} ${p.postcode}. Tell us where the car is and we bring the workshop to you: new tyres, puncture repairs, battery testing and replacement.`,
    ],
    `intro:${p.name}`,
  );
}

function location(p: Place): string {
  const near = listNames(p.neighbours);
  const regionText =
    p.region === 'Perth Metro'
      ? 'our Perth Metro service area'
      : p.region === 'Peel Region'
        ? 'our Peel Region service area'
        : 'our Hills and Extended service area';
  return pick(
    [
      `${p.name} is ${p.distancePhrase}, in ${regionText}. Our technicians also cover nearby ${near}.`,
      `Sitting ${p.distancePhrase}, ${p.name} is part of ${regionText}. We cover the neighbouring suburbs too, including ${near}.`,
      `We cover ${p.name} and its neighbours ${near} as part of ${regionText}. ${capitalise(p.distancePhrase)}, ${p.name} is covered by our mobile vans.`,
    ],
    `location:${p.name}`,
  );
}

function howItWorks(p: Place, h: Words): string {
  return pick(
    [
      `Booking is simple: choose a date and a time slot online, tell us about the vehicle and the tyre size (or just upload a photo), and we confirm the job. We offer same or next day service ${h.hoursLong}, and your technician calls before arrival within a 2-hour window.`,
      `Pick a time slot online and we will be there the same or next business day, ${h.daysLong} between ${h.opens} and ${h.closes}. Your technician calls ahead before arriving within the 2-hour window, so you are not left waiting around at home in ${p.name}.`,
      `We work ${h.hoursLong}, with same or next day service in ${p.name}. Every booking comes with a 2-hour arrival window, and the technician phones you before they arrive.`,
    ],
    `how:${p.name}`,
  );
}

function trust(p: Place, w: Words): string {
  return pick(
    [
      `With more than 20 years of experience in tyres and batteries, our technicians stand behind their work with a 12-month warranty. Pay online when you book and you save ${w.discount}.`,
      `Every job carries a 12-month warranty, and our team brings 20+ years of experience to each visit in ${p.name}. Prepay online at the time of booking to save ${w.discount}.`,
      `Our technicians have over 20 years of experience and all work is backed by a 12-month warranty. Prefer to pay up front? Prepaid online bookings save ${w.discount}.`,
    ],
    `trust:${p.name}`,
  );
}

function callToAction(p: Place, b: Words): string {
  return pick(
    [
      `Book online now or call ${b.phone} to arrange mobile tyres or a battery in ${p.name}.`,
      `Ready to book? Choose a time slot online, or call ${b.phone} and we will help you find the right tyres for your car in ${p.name} ${p.postcode}.`,
      `Call ${b.phone} or use the Book Now button to arrange a visit to ${p.name}. Not sure of your tyre size? Upload a photo and we will handle the rest.`,
    ],
    `cta:${p.name}`,
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Meta tags

/** The title candidates in order of preference, for one set of words. */
function titleCandidates(s: ServiceSuburb, b: Words): string[] {
  return [
    `Mobile Tyres ${s.name} ${s.postcode} | ${b.name}`,
    `Mobile Tyres ${s.name} | ${b.name}`,
    `Mobile Tyres ${s.name} ${s.postcode} WA`,
    `Mobile Tyres ${s.name} ${s.postcode}`,
    `Mobile Tyres ${s.name}`,
  ];
}

/** The first title that fits as a visitor reads it (`shown`), kept in its stored form. */
function metaTitle(s: ServiceSuburb, shown: Words, stored: Words): string {
  const fits = titleCandidates(s, shown).findIndex((t) => t.length <= META_TITLE_MAX);
  const candidates = titleCandidates(s, stored);
  return candidates[fits === -1 ? candidates.length - 1 : fits]!;
}

/** The description grown with the extras that fit as a visitor reads it, kept in its stored form. */
function metaDescription(s: ServiceSuburb, shown: Words, stored: Words): string {
  const opening = (b: Words) =>
    `Mobile tyre fitting, puncture repair and battery service in ${s.name} WA ${s.postcode}. We come to you ${b.hoursShort}.`;
  let text = opening(shown);
  let kept = opening(stored);
  const extras = (b: Words) => [
    ' Book online today.',
    ' 12-month warranty.',
    ' Same or next day.',
    ` Save ${b.discount} prepaid.`,
  ];
  const storedExtras = extras(stored);
  extras(shown).forEach((extra, i) => {
    if (text.length + extra.length <= META_DESCRIPTION_MAX) {
      text += extra;
      kept += storedExtras[i]!;
    }
  });
  if (text.length > META_DESCRIPTION_MAX) {
    kept = `Mobile tyre fitting, puncture repair and battery service in ${s.name} ${s.postcode}. We come to you ${stored.hoursShort}.`;
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------

/**
 * A suburb's page as it is stored: the business's name, phone and opening days as placeholders
 * (docs/decisions/285-suburb-page-placeholders.md). `business` is what visitors will read today, so
 * the meta title and description are chosen to fit their limits once filled.
 */
export function buildLandingPage(
  suburb: ServiceSuburb,
  all: readonly ServiceSuburb[],
  business: LandingBusiness,
): SuburbLandingPage {
  const place = describe(suburb, all);
  const driving = pick(DRIVING[corridorOf(place, suburb)], `drive:${suburb.name}`)(place);
  const shown = wordsOf(business);
  const stored = placeholderWords(business);

  const opening = intro(place, stored);
  const where = location(place);
  const how = howItWorks(place, stored);
  const closing = `${trust(place, stored)} ${callToAction(place, stored)}`;
  // Alternate between a 5-paragraph and a 4-paragraph shape so pages do not share one layout.
  const paragraphs =
    hash(`shape:${suburb.name}`) % 2 === 0
      ? [opening, where, driving, how, closing]
      : [opening, `${where} ${driving}`, how, closing];

  return {
    suburb: suburb.name,
    slug: suburbSlug(suburb.name),
    postcode: suburb.postcode,
    region: suburb.region,
    metaTitle: metaTitle(suburb, shown, stored),
    metaDescription: metaDescription(suburb, shown, stored),
    content: paragraphs.join('\n\n'),
    isActive: true,
  };
}

/** Builds the landing page for every suburb in `all` (used by the seeder). */
export function buildAllLandingPages(all: readonly ServiceSuburb[], business: LandingBusiness): SuburbLandingPage[] {
  return all.map((s) => buildLandingPage(s, all, business));
}
