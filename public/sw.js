// The staff dashboard's service worker (docs/decisions/188-installable-dashboard.md). It exists so
// the dashboard can be installed to a phone's home screen, and it caches nothing: every request
// goes to the network as it would without it. Only a page load that fails for want of a network
// gets a short offline page, built here, so a technician in a dead spot sees words, not a browser
// error. API calls, assets and uploads are never touched (no respondWith for them).
const OFFLINE_PAGE = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1.25rem;color:#1f2328;background:#f9fafb}
h1{font-size:1.4rem}a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#f5b301;color:#1f2328;font-weight:600;text-decoration:none}</style>
</head><body><h1>No connection</h1>
<p>The dashboard needs the internet to show and update jobs. Check your signal, then try again.</p>
<a href="">Try again</a></body></html>`;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    fetch(event.request).catch(
      () => new Response(OFFLINE_PAGE, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } }),
    ),
  );
});
