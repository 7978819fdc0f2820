/**
 * The public site's routes, shared by the server (which loads each page's data and sets its status)
 * and the web app (which renders it), so the two never disagree about what a path is.
 */
export type PublicRoute =
  | { name: 'home' }
  | { name: 'about' }
  | { name: 'privacy' }
  | { name: 'terms' }
  | { name: 'checkout'; token: string }
  | { name: 'pay'; token: string }
  | { name: 'manage'; token: string }
  | { name: 'suburb'; slug: string }
  | { name: 'not-found' };

/** The static public pages, in sitemap order (suburb pages are added from the database). */
export const STATIC_PUBLIC_PATHS = ['/', '/about', '/privacy', '/terms'] as const;

/** The canonical path of a suburb landing page. */
export function suburbPath(slug: string): string {
  return `/suburb/${slug}`;
}

export function matchPublicPath(pathname: string): PublicRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '') return { name: 'home' };
  if (path === '/about') return { name: 'about' };
  if (path === '/privacy') return { name: 'privacy' };
  if (path === '/terms') return { name: 'terms' };
  let m = /^\/checkout\/([A-Za-z0-9_-]{10,200})$/.exec(path);
  if (m?.[1]) return { name: 'checkout', token: m[1] };
  // An invoice's pay page (decision 299).
  m = /^\/pay\/([A-Za-z0-9_-]{10,200})$/.exec(path);
  if (m?.[1]) return { name: 'pay', token: m[1] };
  // The customer's manage-my-booking page (docs/decisions/358-customers-manage-their-own-booking.md).
  m = /^\/booking\/([A-Za-z0-9_-]{10,200})$/.exec(path);
  if (m?.[1]) return { name: 'manage', token: m[1] };
  // Lenient about the legacy link form ("white-gum%20valley"); the server canonicalises the slug.
  m = /^\/suburb\/([a-z0-9%'-]{1,120})$/i.exec(path) ?? /^\/mobile-tyres-([a-z0-9%'-]{1,120})$/i.exec(path);
  if (m?.[1]) return { name: 'suburb', slug: m[1].toLowerCase() };
  return { name: 'not-found' };
}

/** Staff app when the host is the staff host, or ?domain=business, or the path is /dashboard or beneath (docs/product.md "Staff dashboard"). */
export function isStaffRequest(opts: { host?: string; staffHost?: string; pathname: string; search: string }): boolean {
  const host = opts.host?.split(':')[0]?.toLowerCase();
  if (opts.staffHost && host === opts.staffHost.split(':')[0]) return true;
  if (new URLSearchParams(opts.search).get('domain') === 'business') return true;
  return opts.pathname === '/dashboard' || opts.pathname.startsWith('/dashboard/') || opts.pathname === '/auth';
}
