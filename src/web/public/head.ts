import { describeBusinessHours, openingHoursJsonLd } from '../../shared/domain/business-hours';
import { formatPrice } from '../../shared/domain/money';
import { paymentAcceptedOf } from './payment-promises';
import { suburbPath, type PublicRoute } from '../../shared/public-routes';
import type { BusinessInfo, PageData } from '../../shared/schemas/site';
import type { SuburbPageData } from '../../shared/schemas/suburbs';

export type Head = {
  title: string;
  description: string;
  keywords: string;
  /** Canonical path; absent on pages that must not be indexed. */
  path?: string;
  jsonLd?: unknown;
  robots?: string;
  /** Extra tags (already HTML), e.g. the font preload. */
  extra?: string;
};

/** LocalBusiness (AutoRepair) structured data for the home page (docs/product.md "The business"). */
export function businessJsonLd(b: BusinessInfo) {
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoRepair',
    '@id': `${b.publicBaseUrl}/#business`,
    name: b.name,
    url: `${b.publicBaseUrl}/`,
    telephone: b.phone,
    email: b.email,
    description:
      'Mobile tyre fitting, puncture repair and battery service at your home, workplace or roadside across Perth, Peel and the Hills.',
    address: { '@type': 'PostalAddress', addressLocality: 'Perth', addressRegion: 'WA', addressCountry: 'AU' },
    ...openingHoursJsonLd(b.hours),
    areaServed: [
      { '@type': 'City', name: 'Perth' },
      { '@type': 'AdministrativeArea', name: 'Perth Metro' },
      { '@type': 'AdministrativeArea', name: 'Peel Region' },
      { '@type': 'AdministrativeArea', name: 'Perth Hills' },
    ],
    aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.8', reviewCount: '150', bestRating: '5' },
    // The lowest price is the owner's puncture repair fee (docs/decisions/280-owner-settings-in-the-database.md).
    priceRange: `${formatPrice(b.fees.punctureRepair)} - $1000`,
    currenciesAccepted: 'AUD',
    // Only the online ways the owner has on (docs/decisions/410-afterpay-zip-and-wallets.md).
    paymentAccepted: paymentAcceptedOf(b),
  };
}

/** Each public page's title, description, keywords and canonical path (docs/product.md "Public pages"). */
export function headFor(route: PublicRoute, data: PageData): Head {
  const b = data.business;
  switch (route.name) {
    case 'home':
      return {
        title: `Mobile Tyres, Puncture Repair & Batteries Perth | ${b.name}`,
        description: `Mobile tyre fitting, puncture repair and battery service at your home or work across Perth and Peel. Same or next day, ${describeBusinessHours(b.hours).short}. Call ${b.phone}.`,
        keywords:
          'mobile tyres Perth, mobile tyre fitting, puncture repair Perth, mobile battery service, roadside tyre help, Peel, Mandurah, Perth Hills',
        path: '/',
        jsonLd: businessJsonLd(b),
      };
    case 'about':
      return {
        title: `About Us | ${b.name}`,
        description: `${b.name}: 20+ years of tyre experience, 350+ suburbs across Perth and Peel, 12-month warranty. Mobile tyres, puncture repair and batteries.`,
        keywords: 'about mobile tyre service, Perth mobile tyre fitters, tyre technicians Perth, mobile battery Perth',
        path: '/about',
      };
    case 'privacy':
      return {
        title: `Privacy Policy | ${b.name}`,
        description: `How ${b.name} collects, uses, shares and keeps your personal information under the Australian Privacy Principles.`,
        keywords: 'privacy policy, Australian Privacy Principles, mobile tyre booking privacy',
        path: '/privacy',
      };
    case 'terms':
      return {
        title: `Terms of Service | ${b.name}`,
        description: `Booking terms for ${b.name}: quotes, payment, cancellations and refunds, warranty and the independent providers who do the work.`,
        keywords: 'terms of service, cancellation policy, mobile tyre booking terms, refund policy',
        path: '/terms',
      };
    case 'book':
      return {
        title: `Book a Mobile Service | ${b.name}`,
        description: `Book mobile tyre fitting, puncture repair or battery service at your home or work across Perth and Peel. Call ${b.phone}.`,
        keywords: 'book mobile tyres Perth, book puncture repair, book mobile battery service',
        path: '/book',
      };
    case 'checkout':
      return {
        title: `Checkout | ${b.name}`,
        description: 'Pay for your mobile tyre booking.',
        keywords: 'checkout',
        robots: 'noindex, nofollow',
      };
    case 'manage':
      return {
        title: `Your booking | ${b.name}`,
        description: 'See, move or cancel your booking.',
        keywords: 'booking',
        robots: 'noindex, nofollow',
      };
    case 'pay':
      return {
        title: `Your invoice | ${b.name}`,
        description: 'Your invoice and how to pay it.',
        keywords: 'invoice',
        robots: 'noindex, nofollow',
      };
    case 'suburb': {
      const page = data.page as SuburbPageData | undefined;
      if (page?.kind === 'suburb' && page.found) {
        const s = page.suburb;
        return {
          title: s.title,
          description: s.description,
          keywords: `mobile tyres ${s.suburb}, tyre fitting ${s.suburb}, puncture repair ${s.suburb}, mobile battery ${s.suburb}, ${s.suburb} ${s.postcode}, ${s.region}`,
          path: suburbPath(s.slug),
        };
      }
      return {
        title: `Service Area Not Found | ${b.name}`,
        description: `We could not find that suburb. ${b.name} covers 350+ suburbs across Perth, Peel and the Hills. Call ${b.phone}.`,
        keywords: 'mobile tyres Perth, service area',
        robots: 'noindex',
      };
    }
    default:
      return {
        title: `Page Not Found | ${b.name}`,
        description: `The page you were looking for could not be found. Call ${b.phone} for mobile tyre help.`,
        keywords: 'mobile tyres Perth',
        robots: 'noindex',
      };
  }
}

function esc(s: string) {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export function renderHead(head: Head, baseUrl: string, siteName: string): string {
  const url = head.path ? `${baseUrl}${head.path}` : undefined;
  const tags = [
    `<title>${esc(head.title)}</title>`,
    `<meta name="description" content="${esc(head.description)}">`,
    `<meta name="keywords" content="${esc(head.keywords)}">`,
    ...(url ? [`<link rel="canonical" href="${esc(url)}">`, `<meta property="og:url" content="${esc(url)}">`] : []),
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${esc(siteName)}">`,
    `<meta property="og:title" content="${esc(head.title)}">`,
    `<meta property="og:description" content="${esc(head.description)}">`,
    `<meta property="og:locale" content="en_AU">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${esc(head.title)}">`,
    `<meta name="twitter:description" content="${esc(head.description)}">`,
  ];
  if (head.robots) tags.push(`<meta name="robots" content="${esc(head.robots)}">`);
  if (head.jsonLd) {
    const json = JSON.stringify(head.jsonLd).replace(/</g, '\\u003c');
    tags.push(`<script type="application/ld+json">${json}</script>`);
  }
  if (head.extra) tags.push(head.extra);
  return tags.join('\n    ');
}
