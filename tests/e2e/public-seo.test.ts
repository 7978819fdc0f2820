import { describe, expect, it } from 'vitest';
import { findSuburbBySlug } from '../../src/shared/reference/service-area';
import { e2eServer } from '../helpers/browser';

const base = e2eServer().baseUrl;

/** The first HTML response, as a crawler sees it: no JavaScript runs. */
async function raw(path: string) {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, html: await res.text(), headers: res.headers };
}

function attr(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

const PAGES = [
  {
    path: '/',
    h1: 'Mobile tyres, puncture repair and batteries.',
    title: 'Mobile Tyres, Puncture Repair &amp; Batteries Perth',
    canonical: '/',
  },
  { path: '/about', h1: 'About Mobile Tyre &amp; Battery Co.', title: 'About Us', canonical: '/about' },
  { path: '/privacy', h1: 'Privacy Policy', title: 'Privacy Policy', canonical: '/privacy' },
  { path: '/terms', h1: 'Terms of Service', title: 'Terms of Service', canonical: '/terms' },
  {
    path: '/suburb/mandurah',
    h1: 'Mobile Tyres Mandurah',
    title: 'Mobile Tyres Mandurah 6210',
    canonical: '/suburb/mandurah',
  },
  {
    path: '/mobile-tyres-joondalup',
    h1: 'Mobile Tyres Joondalup',
    title: 'Mobile Tyres Joondalup 6027',
    canonical: '/suburb/joondalup',
  },
];

describe('server-rendered HTML (no JavaScript)', () => {
  it.each(PAGES)('$path carries its heading, title, description, keywords, social tags and canonical', async (p) => {
    const { status, html } = await raw(p.path);
    expect(status).toBe(200);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${p.h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const title = attr(html, /<title>([^<]+)<\/title>/);
    expect(title).toContain(p.title);
    const description = attr(html, /<meta name="description" content="([^"]+)"/);
    expect(description?.length).toBeGreaterThan(50);
    expect(attr(html, /<meta name="keywords" content="([^"]+)"/)).toBeTruthy();
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${base}${p.canonical}`);
    expect(attr(html, /<meta property="og:title" content="([^"]+)"/)).toBe(title);
    expect(attr(html, /<meta property="og:description" content="([^"]+)"/)).toBe(description);
    expect(attr(html, /<meta property="og:url" content="([^"]+)"/)).toBe(`${base}${p.canonical}`);
    expect(attr(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary');
    expect(attr(html, /<meta name="twitter:title" content="([^"]+)"/)).toBe(title);
    expect(html).not.toContain('name="robots"');
  });

  it('each page has its own title and description', async () => {
    const heads = await Promise.all(PAGES.map(async (p) => (await raw(p.path)).html));
    const titles = heads.map((h) => attr(h, /<title>([^<]+)<\/title>/));
    const descriptions = heads.map((h) => attr(h, /<meta name="description" content="([^"]+)"/));
    expect(new Set(titles).size).toBe(PAGES.length);
    expect(new Set(descriptions).size).toBe(PAGES.length);
  });

  it('the suburb page HTML contains its landing text and postcode before any script runs', async () => {
    const { html } = await raw('/suburb/mandurah');
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain('6210');
    expect(main).toContain('Peel Region');
    expect((main.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(3);
  });

  it('the home page embeds AutoRepair structured data that parses', async () => {
    const { html } = await raw('/');
    const json = attr(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
    expect(json).toBeTruthy();
    const data = JSON.parse(json!) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AutoRepair',
      name: 'Mobile Tyre & Battery Co.',
      telephone: '08 5550 1234',
      email: 'bookings@example.com',
      address: { addressLocality: 'Perth', addressRegion: 'WA', addressCountry: 'AU' },
      openingHours: 'Mo-Fr 08:00-16:00',
      aggregateRating: { ratingValue: '4.8', reviewCount: '150' },
    });
    expect(data.priceRange).toBeTruthy();
    expect(String(data.paymentAccepted)).toContain('EFTPOS');
    expect(Array.isArray(data.areaServed)).toBe(true);
  });

  it('an unknown suburb and an unknown path answer 404 with their fallback text and are not indexed', async () => {
    const suburb = await raw('/suburb/atlantis');
    expect(suburb.status).toBe(404);
    expect(suburb.html).toContain('Service Area Not Found</h1>');
    expect(suburb.html).toContain('Check Service Availability');
    expect(suburb.html).toContain('<meta name="robots" content="noindex">');
    const other = await raw('/no-such-page');
    expect(other.status).toBe(404);
    expect(other.html).toContain('Page Not Found</h1>');
    expect(other.html).toContain('Back to Home');
    expect(other.html).toContain('<meta name="robots" content="noindex">');
  });

  it('the staff dashboard is never indexed', async () => {
    const { headers, html } = await raw('/dashboard');
    expect(headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});

describe('sitemap and robots', () => {
  it('the sitemap lists the public pages and at least 350 suburb pages of real served suburbs', async () => {
    const { status, html: xml } = await raw('/sitemap.xml');
    expect(status).toBe(200);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const p of ['/', '/about', '/privacy', '/terms']) expect(locs).toContain(`${base}${p}`);
    const suburbs = locs.filter((l) => l.startsWith(`${base}/suburb/`)).map((l) => l.slice(`${base}/suburb/`.length));
    expect(suburbs.length).toBeGreaterThanOrEqual(350);
    for (const slug of suburbs) expect(findSuburbBySlug(slug)?.postcode, slug).toMatch(/^6\d{3}$/);
  });

  it('robots.txt allows the public site, disallows staff, auth, checkout and API paths and names the sitemap', async () => {
    const { status, html: text } = await raw('/robots.txt');
    expect(status).toBe(200);
    const lines = text.split('\n');
    expect(lines).toContain('Allow: /');
    for (const p of ['/dashboard', '/auth', '/checkout', '/api']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});
