// Registers the dashboard's service worker (docs/decisions/188-installable-dashboard.md). Only the
// staff pages load this file, and the worker's scope is /dashboard, so the public site never gets
// one. It runs on every staff page (sign-in included) because signing in reaches /dashboard
// without a page load.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/dashboard' }).catch((err) => console.warn('Service worker not registered:', err));
  });
}
