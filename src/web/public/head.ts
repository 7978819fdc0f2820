import type { PublicRoute } from '../../shared/public-routes';
import type { PageData } from '../../shared/schemas/site';

export type Head = { title: string; description: string; keywords: string; path: string; jsonLd?: unknown; robots?: string };

/** Each public page's title, description, keywords and canonical path (SPEC section 2). */
export function headFor(route: PublicRoute, data: PageData): Head {
  const b = data.business;
  switch (route.name) {
    case 'home':
      return {
        title: `Mobile Tyres, Puncture Repair & Batteries Perth | ${b.name}`,
        description: `Mobile tyre fitting, puncture repair and battery service at your home or work across Perth and Peel. Same or next day, Mon-Fri 8am-4pm. Call ${b.phone}.`,
        keywords: 'mobile tyres Perth, mobile tyre fitting, puncture repair, mobile battery service, Peel, Mandurah',
        path: '/',
      };
    default:
      return {
        title: `Page Not Found | ${b.name}`,
        description: `The page you were looking for could not be found. Call ${b.phone} for mobile tyre help.`,
        keywords: 'mobile tyres Perth',
        path: '/',
        robots: 'noindex',
      };
  }
}

function esc(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function renderHead(head: Head, baseUrl: string, siteName: string): string {
  const url = `${baseUrl}${head.path === '/' ? '/' : head.path}`;
  const tags = [
    `<title>${esc(head.title)}</title>`,
    `<meta name="description" content="${esc(head.description)}">`,
    `<meta name="keywords" content="${esc(head.keywords)}">`,
    `<link rel="canonical" href="${esc(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${esc(siteName)}">`,
    `<meta property="og:title" content="${esc(head.title)}">`,
    `<meta property="og:description" content="${esc(head.description)}">`,
    `<meta property="og:url" content="${esc(url)}">`,
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
  return tags.join('\n    ');
}
