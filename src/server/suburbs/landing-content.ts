/**
 * Builds the SEO landing page content for one suburb of the service area. Pure functions, no I/O:
 * the text is derived only from the curated suburb list (region, postcode, coordinates, the nearest
 * neighbouring suburbs, distance and direction from the Perth CBD) and from the business claims the
 * product makes (docs/product.md "The business"). Sentence templates are picked deterministically
 * from a hash of the suburb name so that pages for different suburbs do not read identically.
 */
import { describeBusinessHours, type BusinessHours } from '../../shared/domain/business-hours';
import { PLACEHOLDERS } from '../../shared/domain/business-placeholders';
import { suburbSlug, type Region, type ServiceSuburb } from '../../shared/reference/service-area';

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

export type LandingBusiness = { name: string; phone: string; hours: BusinessHours };

/** The business's words as a sentence uses them: the stored page holds placeholders, a visitor reads the settings. */
type Words = { name: string; phone: string; hoursLong: string; hoursShort: string; daysLong: string; opens: string; closes: string };

function wordsOf(b: LandingBusiness): Words {
  const h = describeBusinessHours(b.hours);
  return { name: b.name, phone: b.phone, hoursLong: h.long, hoursShort: h.short, daysLong: h.daysLong, opens: h.opens, closes: h.closes };
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
    Math.cos(toRad(a.lat)) * Math.sin(toRad(b.lat)) - Math.sin(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.cos(toRad(b.lng - a.lng));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

type Compass = 'north' | 'north-east' | 'east' | 'south-east' | 'south' | 'south-west' | 'west' | 'north-west';
const COMPASS: readonly Compass[] = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];

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

type Place = {
  name: string;
  postcode: string;
  region: Region;
  km: number;
  compass: Compass;
  /** e.g. "about 24 km south of the Perth CBD" */
  distancePhrase: string;
  neighbours: string[];
};

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
// Driving context: chosen by region, distance and direction from the CBD. Only well-known major
// roads are named; nothing here claims anything about a particular street.

type Corridor =
  | 'inner'
  | 'western'
  | 'north-coast'
  | 'north'
  | 'north-east'
  | 'east'
  | 'south-east'
  | 'fremantle'
  | 'south'
  | 'rockingham'
  | 'peel-coast'
  | 'peel-inland'
  | 'peel-north'
  | 'hills-east'
  | 'hills-kalamunda'
  | 'hills-south'
  | 'hills-north'
  | 'hills-valley'
  | 'hills-rural-east'
  | 'avon';

function corridorOf(p: Place, s: ServiceSuburb): Corridor {
  if (p.region === 'Peel Region') {
    if (s.lat > -32.45) return 'peel-north';
    if (s.lng < 115.8) return 'peel-coast';
    return 'peel-inland';
  }
  if (p.region === 'Hills and Extended') {
    if (p.km > 55 && s.lng > 116.35) return 'avon';
    if (s.lat > -31.85 && s.lng < 116.12) return p.km > 25 ? 'hills-north' : 'hills-valley';
    if (s.lat > -31.85) return 'hills-rural-east';
    if (s.lat < -32.06) return 'hills-south';
    if (s.lat < -31.94 && s.lng < 116.22) return 'hills-kalamunda';
    return 'hills-east';
  }
  if (p.km < 6) return 'inner';
  if (p.km < 20 && s.lat > -32.0 && s.lat < -31.925 && s.lng < 115.82) return 'western';
  switch (p.compass) {
    case 'west':
      return 'western';
    case 'north-west':
      return s.lng < 115.79 ? 'north-coast' : 'north';
    case 'north':
      return s.lng < 115.76 ? 'north-coast' : 'north';
    case 'north-east':
      return 'north-east';
    case 'east':
      return 'east';
    case 'south-east':
      return 'south-east';
    case 'south-west':
      if (p.km < 25 && s.lng < 115.82) return 'fremantle';
      return p.km > 32 ? 'rockingham' : 'south';
    case 'south':
      return p.km > 32 ? 'rockingham' : 'south';
  }
}

const DRIVING: Record<Corridor, readonly ((p: Place) => string)[]> = {
  inner: [
    (p) =>
      `Inner-city driving in ${p.name} means short trips, kerbside parking and plenty of stop-start traffic, which is where slow punctures and tired batteries tend to show up. We work at your home, your building's car park or your workplace, so you do not have to sit in peak-hour traffic to reach a tyre shop.`,
    (p) =>
      `Being so close to the city, most of our ${p.name} jobs are done in driveways, apartment car parks and office car parks. Short stop-start trips are hard on batteries, so it is worth asking the technician for a battery check while the tyres are being fitted.`,
  ],
  western: [
    (p) =>
      `Around ${p.name} most driving is on Stirling Highway, West Coast Highway and the local streets between them. If a tyre goes flat at home or at work, a mobile fitter saves you limping along those roads to a workshop.`,
    (p) =>
      `${p.name} drivers spend a lot of time on Stirling Highway and the coastal roads. A kerbed sidewall, a nail in the tread or a battery that will not turn over can all be sorted where the car is parked, without a trip to a workshop.`,
  ],
  'north-coast': [
    (p) =>
      `Drivers in ${p.name} typically head for the city on the Mitchell Freeway or along Marmion Avenue and the coastal roads. Freeway speeds are unforgiving on worn or under-inflated tyres, so it pays to replace a tyre as soon as it reaches the wear markers.`,
    (p) =>
      `Between the Mitchell Freeway and the coast roads, ${p.name} cars clock up plenty of highway kilometres. If a tyre is worn to the markers or has a nail in it, we can fit a replacement at your home or workplace instead of you driving it to a shop.`,
  ],
  north: [
    (p) =>
      `From ${p.name} the usual routes are the Mitchell Freeway, Wanneroo Road and Reid Highway. Long freeway runs show up worn and uneven tyres quickly, so it is worth asking the technician to look over the rest of the set when a tyre is fitted or repaired.`,
    (p) =>
      `${p.name} sits within easy reach of the Mitchell Freeway and Wanneroo Road, so our vans get to the northern suburbs without fuss. We can do the job on your home driveway or in your work car park, whichever suits your day.`,
  ],
  'north-east': [
    (p) =>
      `In ${p.name} most trips run along Tonkin Highway, Reid Highway or Great Northern Highway. Those are fast, busy roads, so a slow leak or a weak battery is best sorted at home before it leaves you stuck on the shoulder.`,
    (p) =>
      `${p.name} is well connected by Tonkin Highway and Reid Highway, which is also how our technicians reach you. We fit tyres and replace batteries on your driveway, so there is no need to take time off to sit in a waiting room.`,
  ],
  east: [
    (p) =>
      `${p.name} is close to Great Eastern Highway, Roe Highway and Tonkin Highway, with plenty of heavy vehicles and industrial traffic nearby. Debris on busy freight routes can cause punctures, and a tread puncture can often be repaired on the spot.`,
    (p) =>
      `Between Great Eastern Highway, Roe Highway and Tonkin Highway, drivers in ${p.name} share the road with a lot of freight traffic. If you pick up a screw or a nail, we come to you and repair or replace the tyre where the car is parked.`,
  ],
  'south-east': [
    (p) =>
      `For ${p.name} the main routes are Albany Highway, Tonkin Highway and Roe Highway. Stop-start traffic on the arterial roads wears tyres unevenly, so it is worth having the whole set checked when one tyre needs replacing.`,
    (p) =>
      `${p.name} drivers rely on Albany Highway and Tonkin Highway to get around the south-east corridor. Whether you are at home or at work, we bring the tyres and the battery to you.`,
  ],
  fremantle: [
    (p) =>
      `Around ${p.name} most driving is on Stirling Highway, Leach Highway and the busy roads in and out of Fremantle. If a tyre picks up a screw or a nail, a mobile repair saves you a trip across town.`,
    (p) =>
      `${p.name} is in the south-west of our Perth Metro area, close to Leach Highway and Stirling Highway. If a tyre is damaged or a battery will not start the car, our van comes to your home or workplace.`,
  ],
  south: [
    (p) =>
      `From ${p.name} the Kwinana Freeway, Roe Highway and Leach Highway are the usual routes. High freeway speeds make worn or under-inflated tyres risky, so replace tyres before they reach the wear markers.`,
    (p) =>
      `${p.name} drivers spend plenty of time on the Kwinana Freeway, and our technicians use the same corridor to reach you. We fit new tyres, repair punctures and replace batteries on your driveway or in your work car park.`,
  ],
  rockingham: [
    (p) =>
      `In ${p.name} the Kwinana Freeway and Mandurah Road carry most of the traffic to the city and down to Mandurah. Those long, fast runs are hard on old tyres, and we would rather replace a worn tyre at your home than see you stranded on the freeway.`,
    (p) =>
      `${p.name} is on the Kwinana Freeway corridor, with Mandurah Road and the coastal roads close by. Long trips in either direction are no place for a weak battery or a worn tyre, and we can replace both at your home.`,
  ],
  'peel-coast': [
    (p) =>
      `Around ${p.name} most driving is on Mandurah Road, Old Coast Road and the Kwinana Freeway and Forrest Highway link to Perth. Long highway runs and sandy coastal driveways both take a toll on tyres, and we can fit replacements on the spot.`,
    (p) =>
      `${p.name} sits on the coastal side of Peel, where the Kwinana Freeway and Forrest Highway connect Mandurah to Perth and the South West. If you are about to head up the freeway on a worn or leaking tyre, we can sort it at your place first.`,
  ],
  'peel-inland': [
    (p) =>
      `${p.name} is in the inland part of Peel, where Pinjarra Road, Forrest Highway and South Western Highway link the towns and farms. Country roads and farm tracks are hard on tyres, so a mobile fitter who comes to the property saves a long drive into town.`,
    (p) =>
      `Drivers in ${p.name} use South Western Highway, Pinjarra Road and Forrest Highway to get to Mandurah and Perth. Our vans cover these longer runs, so you do not have to drive on a damaged tyre to find a workshop.`,
  ],
  'peel-north': [
    (p) =>
      `${p.name} is in the northern part of Peel, served by South Western Highway and Tonkin Highway. Semi-rural properties, long driveways and gravel roads are common out here, and our technicians come to the property rather than asking you to drive on a flat.`,
    (p) =>
      `From ${p.name} most trips to Perth run along Tonkin Highway or South Western Highway. Acreage driveways and gravel roads wear tyres faster, so it is worth having the full set looked at when one needs replacing.`,
  ],
  'hills-east': [
    (p) =>
      `${p.name} is up in the Perth Hills, where Great Eastern Highway, the winding hills roads and gravel driveways all put extra load on tyres. If the car, ute or caravan has a flat at home, we come to you rather than you driving down the hill on it.`,
    (p) =>
      `Hills driving around ${p.name} means steep grades, tight bends on sealed roads and plenty of gravel. Sidewall damage and slow leaks can happen easily on these roads, and we repair or replace tyres right on your property.`,
  ],
  'hills-kalamunda': [
    (p) =>
      `${p.name} sits on the Darling Scarp, where the climb up Kalamunda Road, Welshpool Road or the local hills roads puts extra strain on tyres and brakes. We come to your home, sloping driveway or not, to do the job.`,
    (p) =>
      `Steep hills roads and gravel driveways are everyday driving in ${p.name}. If a tyre is cut on a rock or slowly losing air, we fit or repair it at your place, and you can book a battery check at the same time.`,
  ],
  'hills-south': [
    (p) =>
      `${p.name} is in the southern Perth Hills, reached by Albany Highway and Brookton Highway and plenty of winding roads in between. Hills properties often have long or gravel driveways, and we come to you so you do not have to drive down to the suburbs on a damaged tyre.`,
    (p) =>
      `Drivers in ${p.name} deal with steep, winding hills roads and gravel on a daily basis, which is hard on tyre sidewalls. We fit and repair tyres and replace batteries on your property, whether it is the family car, the farm ute or the caravan before a trip.`,
  ],
  'hills-north': [
    (p) =>
      `${p.name} is on the northern rural fringe of Perth, reached by Great Northern Highway and Tonkin Highway. Rural properties, gravel roads and towing are all part of life out here, and our vans come to the property for tyres, punctures and batteries.`,
    (p) =>
      `Out around ${p.name} distances are longer and roads are rougher, which is hard on tyres and on batteries that sit unused. We come to your property, whether it is the family car, the ute or the caravan that needs attention.`,
  ],
  'hills-valley': [
    (p) =>
      `${p.name} is in the Swan Valley, where Great Northern Highway, West Swan Road and the valley roads link wineries, farms and homes. Farm gateways and gravel driveways can be tough on tyres, and we fit or repair them right where the vehicle is.`,
    (p) =>
      `Around ${p.name} you are never far from Great Northern Highway or Reid Highway. Rural blocks and gravel tracks in the valley are hard on tyres, so our technicians come to the property to repair or replace them.`,
  ],
  'hills-rural-east': [
    (p) =>
      `${p.name} is in the rural hills east of Perth, reached by Toodyay Road or Great Eastern Highway. Acreage driveways, gravel roads and towing are part of everyday driving here, and our vans come to the property for tyres, punctures and batteries.`,
    (p) =>
      `Around ${p.name} properties are larger and the roads rougher, with Toodyay Road and Great Eastern Highway the main links to Perth. Rather than driving down the hill on a damaged tyre, have it repaired or replaced at home.`,
  ],
  avon: [
    (p) =>
      `${p.name} is on the outer edge of our extended service area, well beyond the Perth Hills. Long country drives on Great Eastern Highway or Toodyay Road make sound tyres and a healthy battery essential, so book a time slot online and we will come to you.`,
    (p) =>
      `${p.name} is a longer drive from Perth, so a mobile service saves you a long trip to a workshop. Country roads, gravel and long highway runs are hard on tyres and batteries, and we bring the replacement to your property.`,
  ],
};

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

function trust(p: Place): string {
  return pick(
    [
      `With more than 20 years of experience in tyres and batteries, our technicians stand behind their work with a 12-month warranty. Pay online when you book and you save $30.`,
      `Every job carries a 12-month warranty, and our team brings 20+ years of experience to each visit in ${p.name}. Prepay online at the time of booking to save $30.`,
      `Our technicians have over 20 years of experience and all work is backed by a 12-month warranty. Prefer to pay up front? Prepaid online bookings save $30.`,
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
  return [`Mobile Tyres ${s.name} ${s.postcode} | ${b.name}`, `Mobile Tyres ${s.name} | ${b.name}`, `Mobile Tyres ${s.name} ${s.postcode} WA`, `Mobile Tyres ${s.name} ${s.postcode}`, `Mobile Tyres ${s.name}`];
}

/** The first title that fits as a visitor reads it (`shown`), kept in its stored form. */
function metaTitle(s: ServiceSuburb, shown: Words, stored: Words): string {
  const fits = titleCandidates(s, shown).findIndex((t) => t.length <= META_TITLE_MAX);
  const candidates = titleCandidates(s, stored);
  return candidates[fits === -1 ? candidates.length - 1 : fits]!;
}

/** The description grown with the extras that fit as a visitor reads it, kept in its stored form. */
function metaDescription(s: ServiceSuburb, shown: Words, stored: Words): string {
  const opening = (b: Words) => `Mobile tyre fitting, puncture repair and battery service in ${s.name} WA ${s.postcode}. We come to you ${b.hoursShort}.`;
  let text = opening(shown);
  let kept = opening(stored);
  for (const extra of [' Book online today.', ' 12-month warranty.', ' Same or next day.', ' Save $30 prepaid.']) {
    if (text.length + extra.length <= META_DESCRIPTION_MAX) {
      text += extra;
      kept += extra;
    }
  }
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
export function buildLandingPage(suburb: ServiceSuburb, all: readonly ServiceSuburb[], business: LandingBusiness): SuburbLandingPage {
  const place = describe(suburb, all);
  const driving = pick(DRIVING[corridorOf(place, suburb)], `drive:${suburb.name}`)(place);
  const shown = wordsOf(business);
  const stored = placeholderWords(business);

  const opening = intro(place, stored);
  const where = location(place);
  const how = howItWorks(place, stored);
  const closing = `${trust(place)} ${callToAction(place, stored)}`;
  // Alternate between a 5-paragraph and a 4-paragraph shape so pages do not share one layout.
  const paragraphs =
    hash(`shape:${suburb.name}`) % 2 === 0 ? [opening, where, driving, how, closing] : [opening, `${where} ${driving}`, how, closing];

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
