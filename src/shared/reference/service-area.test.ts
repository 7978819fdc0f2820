import { describe, expect, it } from 'vitest';
import {
  FEATURED_SUBURBS,
  REGIONS,
  SERVICE_AREA,
  findSuburbByName,
  findSuburbBySlug,
  suburbSlug,
  type Region,
} from './service-area';

describe('SERVICE_AREA', () => {
  it('lists at least 350 suburbs (the site claims 350+)', () => {
    expect(SERVICE_AREA.length).toBeGreaterThanOrEqual(350);
  });

  it('has unique names and unique slugs', () => {
    const names = SERVICE_AREA.map((s) => s.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const slugs = SERVICE_AREA.map((s) => suburbSlug(s.name));
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('uses 4-digit WA postcodes', () => {
    for (const s of SERVICE_AREA) {
      expect(s.postcode, s.name).toMatch(/^\d{4}$/);
      const n = Number(s.postcode);
      expect(n >= 6000 && n <= 6799, `${s.name} ${s.postcode}`).toBe(true);
    }
  });

  it('has coordinates inside the Perth / Peel / hills box', () => {
    for (const s of SERVICE_AREA) {
      expect(s.lat, s.name).toBeGreaterThan(-33.1);
      expect(s.lat, s.name).toBeLessThan(-31.3);
      expect(s.lng, s.name).toBeGreaterThan(115.5);
      expect(s.lng, s.name).toBeLessThan(116.8);
    }
  });

  it('assigns every suburb to a known region, each region well populated', () => {
    expect(REGIONS).toEqual(['Perth Metro', 'Peel Region', 'Hills and Extended']);
    for (const region of REGIONS) {
      expect(SERVICE_AREA.filter((s) => s.region === region).length, region).toBeGreaterThanOrEqual(30);
    }
    for (const s of SERVICE_AREA) expect(REGIONS).toContain(s.region);
  });

  it('is sorted by region then name', () => {
    const order = (r: Region) => REGIONS.indexOf(r);
    for (let i = 1; i < SERVICE_AREA.length; i++) {
      const a = SERVICE_AREA[i - 1]!;
      const b = SERVICE_AREA[i]!;
      const cmp = order(a.region) - order(b.region) || a.name.localeCompare(b.name);
      expect(cmp, `${a.name} before ${b.name}`).toBeLessThan(0);
    }
  });

  it('contains the key suburbs in the right regions', () => {
    const expected: [string, string, Region][] = [
      ['Perth', '6000', 'Perth Metro'],
      ['Joondalup', '6027', 'Perth Metro'],
      ['Fremantle', '6160', 'Perth Metro'],
      ['Two Rocks', '6037', 'Perth Metro'],
      ['Yanchep', '6035', 'Perth Metro'],
      ['Baldivis', '6171', 'Perth Metro'],
      ['Secret Harbour', '6173', 'Perth Metro'],
      ['Singleton', '6175', 'Perth Metro'],
      ['Mandurah', '6210', 'Peel Region'],
      ['Halls Head', '6210', 'Peel Region'],
      ['Dawesville', '6211', 'Peel Region'],
      ['Lakelands', '6180', 'Peel Region'],
      ['Pinjarra', '6208', 'Peel Region'],
      ['North Yunderup', '6208', 'Peel Region'],
      ['Waroona', '6215', 'Peel Region'],
      ['Byford', '6122', 'Peel Region'],
      ['Kalamunda', '6076', 'Hills and Extended'],
      ['Mundaring', '6073', 'Hills and Extended'],
      ['Roleystone', '6111', 'Hills and Extended'],
      ['Gidgegannup', '6083', 'Hills and Extended'],
      ['Bullsbrook', '6084', 'Hills and Extended'],
    ];
    for (const [name, postcode, region] of expected) {
      const s = findSuburbByName(name);
      expect(s, name).toBeDefined();
      expect(s?.postcode, name).toBe(postcode);
      expect(s?.region, name).toBe(region);
    }
  });
});

describe('FEATURED_SUBURBS', () => {
  it('has 14 per region, 42 in total, all flagged featured and in their own region', () => {
    let total = 0;
    for (const region of REGIONS) {
      const list = FEATURED_SUBURBS[region];
      expect(list.length, region).toBe(14);
      total += list.length;
      for (const s of list) {
        expect(s.region).toBe(region);
        expect(s.featured).toBe(true);
      }
    }
    expect(total).toBe(42);
    expect(SERVICE_AREA.filter((s) => s.featured).length).toBe(42);
  });

  it('features Mandurah and Joondalup', () => {
    expect(FEATURED_SUBURBS['Peel Region'].map((s) => s.name)).toContain('Mandurah');
    expect(FEATURED_SUBURBS['Perth Metro'].map((s) => s.name)).toContain('Joondalup');
  });
});

describe('suburbSlug', () => {
  it.each([
    ['Port Kennedy', 'port-kennedy'],
    ["O'Connor", 'oconnor'],
    ['O\u2019Connor', 'oconnor'],
    ['White Gum Valley', 'white-gum-valley'],
    ['Mandurah', 'mandurah'],
    ['Joondalup', 'joondalup'],
    ['St James', 'st-james'],
  ])('%s -> %s', (name, slug) => {
    expect(suburbSlug(name)).toBe(slug);
  });

  it('produces URL-safe slugs for every suburb', () => {
    for (const s of SERVICE_AREA) expect(suburbSlug(s.name)).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});

describe('lookups', () => {
  it('finds by slug, including the legacy first-space-only form, and never decodes the slug again', () => {
    expect(findSuburbBySlug('mandurah')?.name).toBe('Mandurah');
    expect(findSuburbBySlug('joondalup')?.name).toBe('Joondalup');
    expect(findSuburbBySlug('port-kennedy')?.postcode).toBe('6172');
    expect(findSuburbBySlug('oconnor')?.name).toBe("O'Connor");
    expect(findSuburbBySlug('white-gum valley')?.name).toBe('White Gum Valley');
    expect(findSuburbBySlug('white-gum%20valley')).toBeUndefined();
    expect(findSuburbBySlug('Halls-Head')?.name).toBe('Halls Head');
    expect(findSuburbBySlug('atlantis')).toBeUndefined();
    expect(findSuburbBySlug('%E0%A4%A')).toBeUndefined();
  });

  it('round-trips every suburb through its slug', () => {
    for (const s of SERVICE_AREA) expect(findSuburbBySlug(suburbSlug(s.name))).toBe(s);
  });

  it('finds by name case-insensitively, trimmed', () => {
    expect(findSuburbByName('  mandurah ')?.name).toBe('Mandurah');
    expect(findSuburbByName('HALLS HEAD')?.postcode).toBe('6210');
    expect(findSuburbByName('halls  head')?.name).toBe('Halls Head');
    expect(findSuburbByName("o'connor")?.postcode).toBe('6163');
    expect(findSuburbByName('Sydney')).toBeUndefined();
    // "Mt" is how most people write Mount: the suburb is the same.
    expect(findSuburbByName('Mt Lawley')?.name).toBe('Mount Lawley');
    expect(findSuburbByName('mt. lawley')?.postcode).toBe('6050');
    expect(findSuburbByName('')).toBeUndefined();
  });
});
