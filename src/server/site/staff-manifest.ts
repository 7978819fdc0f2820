import type { FastifyInstance } from 'fastify';

/** The brand's charcoal (src/web/styles.css): the installed app's title bar and splash screen. */
const THEME_COLOUR = '#1f2328';
const SHORT_NAME_MAX = 12;

/** The label under a home-screen icon: the business name's first words that fit in 12 characters. */
export function shortNameOf(name: string): string {
  let short = '';
  for (const word of name.trim().split(/\s+/)) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    short = next;
  }
  return short || name.trim().slice(0, SHORT_NAME_MAX);
}

/**
 * The web app manifest of the staff dashboard (docs/decisions/188-installable-dashboard.md): named
 * after the configured business, opening at /dashboard in its own window. The scope is the whole
 * site so signing in (/auth) stays inside the installed app.
 */
export function buildStaffManifest(businessName: string) {
  return {
    id: '/dashboard',
    name: `${businessName} Dashboard`,
    short_name: shortNameOf(businessName),
    description: `Jobs, schedule and time slots for the ${businessName} team.`,
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: THEME_COLOUR,
    theme_color: THEME_COLOUR,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export const STAFF_MANIFEST_PATH = '/dashboard.webmanifest';

/** What the staff pages' head adds: the manifest and the home-screen icon, and the service worker's registration. */
export function staffInstallHead(businessName: string, escape: (s: string) => string): string {
  return [
    `<link rel="manifest" href="${STAFF_MANIFEST_PATH}">`,
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    `<meta name="apple-mobile-web-app-title" content="${escape(shortNameOf(businessName))}">`,
    '<script src="/sw-register.js" defer></script>',
  ].join('');
}

/** Serves the manifest; it follows the owner's business name, so it is built per request and revalidated. */
export function registerStaffManifest(app: FastifyInstance, businessName: () => Promise<string>): void {
  app.get(STAFF_MANIFEST_PATH, async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(buildStaffManifest(await businessName()))),
  );
}
