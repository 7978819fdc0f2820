/**
 * The staff dashboard's service worker (docs/decisions/345-offline-day-queue.md, which replaces the
 * caching-nothing worker of decision 188), built by vite-plugin-pwa with Workbox. Scope /dashboard,
 * registered from staff pages only, so the public site never has one.
 * - The build's scripts and styles are precached; the staff page (the same shell for every staff
 *   path, kept without the user's data it was sent with) is kept network-first, so /dashboard opens with no signal.
 * - API reads always go to the network; only when it fails does the worker answer the signed-in
 *   technician's saved day from IndexedDB (offline-answers.ts). No API answer is put in a cache.
 * - Changes are never replayed here: the page's queue sends them (queue.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { offlineAnswer } from './offline-answers';

type PrecacheEntry = { url: string; revision: string | null };
type WorkerEvent = Event & { waitUntil(p: Promise<unknown>): void };
type WorkerScope = {
  __WB_MANIFEST: PrecacheEntry[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: WorkerEvent) => void): void;
};
const worker = self as unknown as WorkerScope;

const STAFF_PAGE_CACHE = 'staff-page';
const STAFF_PAGE_KEY = '/dashboard';

// Written out as `self.__WB_MANIFEST`: the build replaces exactly that with the list of files.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();
void worker.skipWaiting();
clientsClaim();

/**
 * The staff page as it is kept for use without signal: the server sends the signed-in user's
 * session and first data inside the page (docs/decisions/342-staff-first-screen.md) and their
 * screen rendered with it (decision 370); the kept copy has both taken out, so it holds no user's
 * data and, opened offline, is rendered in the browser and asks for the session, which the saved
 * day answers.
 */
async function withoutUserData(response: Response): Promise<Response | null> {
  if (!response.ok) return null;
  const html = await response.text();
  // The root's markup ends where the page data starts: escaped text never holds a '<'.
  const emptied = html.replace(/(<div id="root">)[\s\S]*?(<\/div>\s*<script id="page-data")/, '$1$2');
  const kept = emptied.replace(
    /(<script id="page-data" type="application\/json">)([\s\S]*?)(<\/script>)/,
    (_all, open: string, json: string, close: string) => {
      const { page: _userData, ...data } = JSON.parse(json) as Record<string, unknown>;
      return (
        open + JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026') + close
      );
    },
  );
  const headers = new Headers(response.headers);
  // The body is read and written again as plain text.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(kept, { status: response.status, statusText: response.statusText, headers });
}

// Every staff path is served the same shell, so one cached copy serves them all.
const staffPage = new NetworkFirst({
  cacheName: STAFF_PAGE_CACHE,
  networkTimeoutSeconds: 6,
  plugins: [
    {
      cacheKeyWillBeUsed: async () => new URL(STAFF_PAGE_KEY, location.origin).href,
      cacheWillUpdate: async ({ response }) => withoutUserData(response),
    },
  ],
});
registerRoute(({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/dashboard'), staffPage);

// The page that registered the worker was loaded before it: keep a copy now, not only after the next load.
worker.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(new Request(STAFF_PAGE_KEY, { credentials: 'same-origin' }))
      .then(withoutUserData)
      .then(async (page) => page && (await caches.open(STAFF_PAGE_CACHE)).put(STAFF_PAGE_KEY, page))
      .catch(() => undefined),
  );
});

registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === location.origin && url.pathname.startsWith('/api/'),
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch (err) {
      const saved = await offlineAnswer(url);
      if (saved) return saved;
      throw err;
    }
  },
);

const OFFLINE_PAGE = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1.25rem;color:#1f2328;background:#f9fafb}
h1{font-size:1.4rem}a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#f5b301;color:#1f2328;font-weight:600;text-decoration:none}</style>
</head><body><h1>No connection</h1>
<p>The dashboard needs the internet to open the first time. Check your signal, then try again.</p>
<a href="">Try again</a></body></html>`;

// A page never opened before, with no network: words, not a browser error.
setCatchHandler(async ({ request }) =>
  request.mode === 'navigate'
    ? new Response(OFFLINE_PAGE, {
        status: 503,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      })
    : Response.error(),
);
