import { describe, expect, it } from 'vitest';
import { businessHoursOf, DEFAULT_BUSINESS_HOURS } from '../../shared/domain/business-hours';
import { SERVICE_AREA, findSuburbByName, suburbSlug, type ServiceSuburb } from '../../shared/reference/service-area';
import { fillPlaceholders } from '../../shared/domain/business-placeholders';
import {
  buildAllLandingPages,
  buildLandingPage,
  distanceKm,
  nearbySuburbs,
  type LandingBusiness,
  type SuburbLandingPage,
} from './landing-content';

const business = {
  name: 'Mobile Tyre Co',
  phone: '0400 123 456',
  hours: DEFAULT_BUSINESS_HOURS,
  prepaidDiscount: 3000,
};

/** A stored page as a visitor reads it, with the business it was measured for. */
function shown(page: SuburbLandingPage, b: LandingBusiness = business): SuburbLandingPage {
  const fill = (text: string) =>
    fillPlaceholders(text, {
      name: b.name,
      phone: b.phone,
      businessDays: b.hours.days,
      prepaidDiscount: b.prepaidDiscount,
    });
  return {
    ...page,
    metaTitle: fill(page.metaTitle),
    metaDescription: fill(page.metaDescription),
    content: fill(page.content),
  };
}

function suburb(name: string): ServiceSuburb {
  const s = findSuburbByName(name);
  if (!s) throw new Error(`missing suburb ${name}`);
  return s;
}

/** Content with the suburb's own name and postcode blanked out. */
function skeleton(text: string, s: ServiceSuburb): string {
  return text.split(s.name).join('#').split(s.postcode).join('#');
}

describe('nearbySuburbs', () => {
  it('excludes the suburb itself and returns the nearest ones in order', () => {
    for (const name of ['Mandurah', 'Joondalup', 'Perth', 'Kalamunda', 'Two Rocks', 'Waroona']) {
      const s = suburb(name);
      const near = nearbySuburbs(s, SERVICE_AREA);
      expect(near).toHaveLength(5);
      expect(near.map((n) => n.name)).not.toContain(name);
      const dists = near.map((n) => distanceKm(s, n));
      expect([...dists].sort((a, b) => a - b)).toEqual(dists);
      // Nothing outside the list is closer than the furthest one returned.
      const furthest = dists[dists.length - 1]!;
      for (const other of SERVICE_AREA) {
        if (other === s || near.includes(other)) continue;
        expect(distanceKm(s, other), `${other.name} vs ${name}`).toBeGreaterThanOrEqual(furthest);
      }
    }
  });

  it('honours count and works on a small list', () => {
    const s = suburb('Halls Head');
    expect(nearbySuburbs(s, SERVICE_AREA, 3)).toHaveLength(3);
    expect(nearbySuburbs(s, [s])).toEqual([]);
    expect(nearbySuburbs(s, [s, suburb('Perth'), suburb('Mandurah')], 5).map((n) => n.name)).toEqual([
      'Mandurah',
      'Perth',
    ]);
  });

  it('puts Mandurah suburbs next to Mandurah', () => {
    const names = nearbySuburbs(suburb('Mandurah'), SERVICE_AREA).map((n) => n.name);
    expect(
      names.some((n) =>
        ['Halls Head', 'Dudley Park', 'Silver Sands', 'Mandurah', 'Coodanup', 'Erskine', 'Greenfields'].includes(n),
      ),
    ).toBe(true);
  });
});

describe('buildLandingPage', () => {
  const stored = buildAllLandingPages(SERVICE_AREA, business);
  const pages = stored.map((p) => shown(p));

  it('stores placeholders, never a copy of the business name, phone or opening days', () => {
    for (const p of stored) {
      for (const copy of [business.name, business.phone, 'Monday to Friday', 'Mon-Fri', '$30']) {
        expect(`${p.metaTitle} ${p.metaDescription} ${p.content}`, p.suburb).not.toContain(copy);
      }
      expect(p.content).toContain('{phone}');
      expect(p.content).toContain('{business}');
    }
  });

  it('builds a page for every suburb', () => {
    expect(pages).toHaveLength(SERVICE_AREA.length);
    pages.forEach((page, i) => {
      const s = SERVICE_AREA[i]!;
      expect(page.suburb).toBe(s.name);
      expect(page.slug).toBe(suburbSlug(s.name));
      expect(page.postcode).toBe(s.postcode);
      expect(page.region).toBe(s.region);
      expect(page.isActive).toBe(true);
    });
    expect(new Set(pages.map((p) => p.slug)).size).toBe(pages.length);
  });

  it('keeps meta titles within 60 characters and names the suburb', () => {
    for (const p of pages) {
      expect(p.metaTitle.length, p.metaTitle).toBeLessThanOrEqual(60);
      expect(p.metaTitle).toContain(`Mobile Tyres ${p.suburb}`);
    }
    const mandurah = pages.find((p) => p.slug === 'mandurah')!;
    expect(mandurah.metaTitle).toBe('Mobile Tyres Mandurah 6210 | Mobile Tyre Co');
  });

  it('falls back to a shorter title when the business name is long', () => {
    const longName = {
      name: 'Perth and Peel Mobile Tyres and Batteries',
      phone: '08 9000 0000',
      hours: DEFAULT_BUSINESS_HOURS,
      prepaidDiscount: 3000,
    };
    const long = shown(buildLandingPage(suburb('Kwinana Town Centre'), SERVICE_AREA, longName), longName);
    expect(long.metaTitle.length).toBeLessThanOrEqual(60);
    expect(long.metaTitle).toContain('Kwinana Town Centre');
  });

  it('writes meta descriptions of 120-160 characters with the key facts', () => {
    for (const p of pages) {
      const d = p.metaDescription;
      expect(d.length, d).toBeGreaterThanOrEqual(120);
      expect(d.length, d).toBeLessThanOrEqual(160);
      expect(d).toContain(p.suburb);
      expect(d).toContain(p.postcode);
      expect(d).toMatch(/mobile tyre fitting/i);
      expect(d).toMatch(/puncture repair/i);
      expect(d).toMatch(/battery/i);
      expect(d).toContain('Mon-Fri 8am-4pm');
    }
  });

  it('states the configured business days in the text and the description', () => {
    const monToSat = { ...business, hours: businessHoursOf([1, 2, 3, 4, 5, 6]) };
    const page = shown(buildLandingPage(suburb('Mandurah'), SERVICE_AREA, monToSat), monToSat);
    expect(page.metaDescription).toContain('We come to you Mon-Sat 8am-4pm.');
    expect(page.content).toMatch(/Monday to Saturday(,| between) 8am (to|and) 4pm/);
    expect(page.content).not.toContain('Monday to Friday');
  });

  it('writes 3-5 plain-text paragraphs that are specific to the suburb', () => {
    for (const p of pages) {
      const s = SERVICE_AREA.find((x) => x.name === p.suburb)!;
      const paragraphs = p.content.split('\n\n');
      expect(paragraphs.length, p.suburb).toBeGreaterThanOrEqual(3);
      expect(paragraphs.length, p.suburb).toBeLessThanOrEqual(5);
      for (const para of paragraphs) expect(para.trim().length).toBeGreaterThan(40);
      expect(p.content).not.toMatch(/[<>]|undefined|NaN|\$\{/);
      expect(p.content).toContain(p.suburb);
      expect(p.content).toContain(p.postcode);
      expect(p.content).toContain(business.phone);
      expect(p.content).toMatch(/Perth CBD/);
      for (const n of nearbySuburbs(s, SERVICE_AREA, 4))
        expect(p.content, `${p.suburb} mentions ${n.name}`).toContain(n.name);
    }
  });

  it('uses only the business claims the site makes', () => {
    const all = pages.map((p) => p.content).join('\n');
    expect(all).toContain('12-month warranty');
    expect(all).toContain('$30');
    expect(all).toMatch(/same or next (business )?day/i);
    expect(all).toMatch(/2-hour/);
    expect(all).toMatch(/20\+? years|more than 20 years|over 20 years/);
    expect(all).not.toMatch(/\b\d(\.\d)? stars?\b|review/i);
  });

  it('mentions the distance and direction from the CBD', () => {
    const rockingham = buildLandingPage(suburb('Rockingham'), SERVICE_AREA, business);
    expect(rockingham.content).toMatch(/about (3[0-9]|4[0-9]) km south(-west)? of the Perth CBD/i);
    const joondalup = buildLandingPage(suburb('Joondalup'), SERVICE_AREA, business);
    expect(joondalup.content).toMatch(/about 2\d km north(-west)? of the Perth CBD/i);
    const perth = buildLandingPage(suburb('Perth'), SERVICE_AREA, business);
    expect(perth.content).toContain('right in the Perth CBD');
  });

  it('chooses roads that fit the direction and region', () => {
    const page = (name: string) => buildLandingPage(suburb(name), SERVICE_AREA, business).content;
    expect(page('Joondalup')).toMatch(/Mitchell Freeway/);
    expect(page('Baldivis')).toMatch(/Kwinana Freeway/);
    expect(page('Halls Head')).toMatch(/Forrest Highway|Mandurah Road|Old Coast Road/);
    expect(page('Mundaring')).toMatch(/Perth Hills|hills/i);
    expect(page('Kalamunda')).toMatch(/hills|Darling Scarp/i);
  });

  it('produces pages that differ beyond the suburb name', () => {
    const a = buildLandingPage(suburb('Mandurah'), SERVICE_AREA, business);
    const b = buildLandingPage(suburb('Joondalup'), SERVICE_AREA, business);
    expect(skeleton(a.content, suburb('Mandurah'))).not.toBe(skeleton(b.content, suburb('Joondalup')));

    // Across the whole list, skeletons are overwhelmingly distinct.
    const skeletons = new Set(pages.map((p) => skeleton(p.content, SERVICE_AREA.find((x) => x.name === p.suburb)!)));
    expect(skeletons.size).toBeGreaterThan(pages.length * 0.95);

    // Even two neighbouring suburbs in the same region should not share all opening sentences.
    const openings = new Set(
      pages.map((p) => skeleton(p.content.split('\n\n')[0]!, SERVICE_AREA.find((x) => x.name === p.suburb)!)),
    );
    expect(openings.size).toBeGreaterThanOrEqual(3);
  });

  it('is deterministic', () => {
    const s = suburb('Falcon');
    expect(buildLandingPage(s, SERVICE_AREA, business)).toEqual(buildLandingPage(s, SERVICE_AREA, business));
    expect(stored.find((p) => p.suburb === 'Falcon')).toEqual(buildLandingPage(s, SERVICE_AREA, business));
  });
});
